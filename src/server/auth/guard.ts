import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import {
  isStaffRole,
  roleAllows,
  type Access,
  type AccessKind,
  type ResourceContract,
  type SessionUser,
} from '../../domain';
import { HttpError } from '../errors';
import type { DataVersions, LiveSession } from '../services/sessions';
import { toSessionUser } from '../services/users';
import type { TokenClaims, TokenSigner } from './tokens';

/**
 * Who may call a route. Every /api route declares one in its `config.access` (app.ts refuses to start
 * with a route that does not): `public`; `signedIn`, any account, customers included; `staff`, any
 * staff role; or one of the domain's access levels, which roleAllows grants per role.
 */
export type RouteAccess = 'public' | 'signedIn' | 'staff' | Access;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /** A GET whose answer the read cache may keep (read-cache.ts). */
    cache?: boolean;
  }
  interface FastifyRequest {
    sessionUser: SessionUser | null;
    /** The session the request's token belongs to (logout and password change end sessions by it). */
    sessionId: string | null;
    /** The token's claims (the live stream reads its session again by them, and ends at their expiry). */
    tokenClaims: TokenClaims | null;
    /** The tables' versions read with the session (read-cache.ts). */
    dataVersions: DataVersions | null;
  }
}

const REFUSALS: Record<Access, string> = {
  read: 'Your role cannot see this',
  orderStatus: 'Your role cannot change order status',
  write: 'Your role cannot add or change this',
  delete: 'Your role cannot delete this',
  team: 'Only admins can manage the team',
};

/**
 * The onRequest hook for a route's access (none for a public route). The session and its user are
 * checked on every request (readSession, services/sessions.ts), so a sign-out, a removed account or a
 * changed role applies from the next request.
 */
export function accessGuard(
  readSession: (claims: TokenClaims) => Promise<LiveSession | undefined>,
  tokens: TokenSigner,
): (access: RouteAccess) => onRequestAsyncHookHandler | undefined {
  async function signIn(request: FastifyRequest): Promise<SessionUser> {
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    if (!match) throw new HttpError(401, 'Authentication required');
    const claims = await tokens.verify(match[1]!);
    const row = claims && (await readSession(claims));
    if (!row) throw new HttpError(401, 'Invalid or expired token');
    request.sessionUser = toSessionUser(row.user);
    request.sessionId = claims.sessionId;
    request.tokenClaims = claims;
    request.dataVersions = row.versions;
    return request.sessionUser;
  }
  return (access) => {
    if (access === 'public') return undefined;
    return async (request) => {
      const { role } = await signIn(request);
      if (access === 'signedIn') return;
      if (!isStaffRole(role)) throw new HttpError(403, 'Staff access required');
      if (access !== 'staff' && !roleAllows(role, access)) throw new HttpError(403, REFUSALS[access]);
    };
  };
}

/**
 * The route options that classify a route: `app.get(path, access('read'), handler)`. A signed-in GET
 * marked `access('read', { cache: true })` is answered from the read cache while none of the tables its
 * SQL read has been written (read-cache.ts).
 */
export const access = (level: RouteAccess, { cache = false }: { cache?: boolean } = {}) => ({
  config: { access: level, cache },
});

/** A staff read the read cache may answer. */
export const cachedRead = access('read', { cache: true });

/** The route options of one of a contract's kinds of call: the level its contract gives it (a read may be cached). */
export const accessTo = (contract: Pick<ResourceContract<never>, 'access'>, kind: AccessKind) =>
  access(contract.access[kind], { cache: kind === 'read' });
