import type { FastifyPluginAsync } from 'fastify';
import { loginSchema } from '../../domain';
import type { Guards } from '../auth/guard';
import type { LoginLimiter } from '../auth/login-limiter';
import { verifyAgainstDummy, verifyPassword } from '../auth/passwords';
import type { TokenSigner } from '../auth/tokens';
import type { Db } from '../db/client';
import { HttpError, parseInput } from '../errors';
import { parseListQuery } from '../list-query';
import { findUserByEmail, listUsers, toSessionUser, userListSpec } from '../services/users';
import { listReply } from './list-reply';

export function authRoutes(db: Db, tokens: TokenSigner, guard: Guards, limiter: LoginLimiter): FastifyPluginAsync {
  return async (app) => {
    // The first unknown email would otherwise pay for hashing the dummy password and answer slower than the rest.
    await verifyAgainstDummy('');

    app.post('/login', async (request, reply) => {
      const { email, password } = parseInput(loginSchema, request.body);
      const wait = limiter.retryAfter(request.ip, email);
      if (wait > 0) {
        reply.header('Retry-After', String(wait));
        throw new HttpError(429, 'Too many failed sign-in attempts. Please try again later.');
      }
      const user = await findUserByEmail(db, email);
      const valid = user ? await verifyPassword(user.passwordHash, password) : await verifyAgainstDummy(password);
      if (!user || !valid) {
        limiter.recordFailure(request.ip, email);
        throw new HttpError(401, 'Invalid credentials');
      }
      limiter.recordSuccess(request.ip, email);
      return { success: true, message: 'Signed in successfully', token: await tokens.sign(user.id), user: toSessionUser(user) };
    });

    app.get('/me', { onRequest: guard.signedIn }, async (request) => ({ success: true, user: request.sessionUser }));

    app.get('/users', { onRequest: guard.admin }, async (request, reply) => {
      const list = parseListQuery(request.query, userListSpec);
      const { users, total } = await listUsers(db, list);
      return listReply(reply, list, total, { success: true, users });
    });
  };
}
