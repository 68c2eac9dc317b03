import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { SessionUser } from '../../domain';
import type { Db } from '../db/client';
import { HttpError } from '../errors';
import { findUserById, toSessionUser } from '../services/users';
import type { TokenSigner } from './tokens';

declare module 'fastify' {
  interface FastifyRequest {
    sessionUser: SessionUser | null;
  }
}

export interface Guards {
  /** Any signed-in user (a customer may ask who they are, to be told they cannot use the console). */
  signedIn: onRequestAsyncHookHandler;
  admin: onRequestAsyncHookHandler;
}

/** The user is read again on every request, so a removed account or changed role takes effect at once. */
export function guards(db: Db, tokens: TokenSigner): Guards {
  async function signedIn(request: FastifyRequest, _reply: FastifyReply) {
    const header = request.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) throw new HttpError(401, 'Authentication required');
    const claims = await tokens.verify(match[1]!);
    const row = claims && (await findUserById(db, claims.userId));
    if (!row) throw new HttpError(401, 'Invalid or expired token');
    request.sessionUser = toSessionUser(row);
  }
  return {
    signedIn,
    admin: async (request, reply) => {
      await signedIn(request, reply);
      if (request.sessionUser?.role !== 'admin') throw new HttpError(403, 'Admin access required');
    },
  };
}
