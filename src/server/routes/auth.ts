import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  AUTH_CALLS,
  PASSWORD_IS_EMAIL_MESSAGE,
  changePasswordSchema,
  loginSchema,
  passwordIsEmail,
  type ResourceContract,
} from '../../domain';
import { access } from '../auth/guard';
import type { LoginLimiter } from '../auth/login-limiter';
import { verifyAgainstDummy, verifyPassword } from '../auth/passwords';
import type { TokenSigner } from '../auth/tokens';
import type { Db } from '../db/client';
import { HttpError, parseInput } from '../errors';
import { endSession, endSessionsOf, openSession } from '../services/sessions';
import { demoPasswordInUse } from '../services/staff';
import { findUserByEmail, findUserById, setPassword, toSessionUser } from '../services/users';

/** What each resource's calls need (its contract's access), by resource: the console's access control reads it from /me. */
export type ResourceAccess = Record<string, ResourceContract['access']>;

export function authRoutes(
  db: Db,
  tokens: TokenSigner,
  limiter: LoginLimiter,
  storefrontUrl: string | null,
  resourceAccess: ResourceAccess,
): FastifyPluginAsync {
  return async (app) => {
    // The first unknown email would otherwise pay for hashing the dummy password and answer slower than the rest.
    await verifyAgainstDummy('');

    /** Refuses the attempt with 429 when the limiter says (login-limiter.ts); otherwise it is counted and may go on. */
    const attempt = async (request: FastifyRequest, reply: FastifyReply, email: string) => {
      const wait = await limiter.begin(request.ip, email);
      if (wait === 0) return;
      reply.header('Retry-After', String(wait));
      throw new HttpError(429, 'Too many failed sign-in attempts. Please try again later.');
    };

    app.post(AUTH_CALLS.login, access('public'), async (request, reply) => {
      const { email, password } = parseInput(loginSchema, request.body);
      await attempt(request, reply, email);
      const user = await findUserByEmail(db, email);
      const valid = user ? await verifyPassword(user.passwordHash, password) : await verifyAgainstDummy(password);
      if (!user || !valid) throw new HttpError(401, 'Invalid credentials');
      await limiter.succeeded(request.ip, email);
      return {
        success: true,
        message: 'Signed in successfully',
        token: await openSession(db, tokens, user.id),
        user: toSessionUser(user),
      };
    });

    app.get(AUTH_CALLS.me, access('signedIn'), async (request) => ({
      success: true,
      user: request.sessionUser,
      demoPasswordInUse: await demoPasswordInUse(db),
      // What the console needs of the server's settings: where storefront paths (banner links) open.
      storefrontUrl,
      resourceAccess,
    }));

    app.post(AUTH_CALLS.logout, access('signedIn'), async (request) => {
      await endSession(db, request.sessionId!);
      return { success: true, message: 'Signed out' };
    });

    // A stolen session must not become an unlimited guesser of the password: wrong current passwords count as failed sign-ins.
    app.post(AUTH_CALLS.changePassword, access('staff'), async (request, reply) => {
      const { currentPassword, newPassword } = parseInput(changePasswordSchema, request.body);
      const user = (await findUserById(db, request.sessionUser!._id))!;
      await attempt(request, reply, user.email);
      if (!(await verifyPassword(user.passwordHash, currentPassword)))
        throw new HttpError(400, 'currentPassword: Current password is incorrect');
      await limiter.succeeded(request.ip, user.email);
      if (passwordIsEmail(newPassword, user.email))
        throw new HttpError(400, `newPassword: ${PASSWORD_IS_EMAIL_MESSAGE}`);
      await setPassword(db, user.id, newPassword);
      // Whoever else holds a session of this account (a stolen token, another browser) is signed out.
      await endSessionsOf(db, user.id, request.sessionId!);
      return { success: true, message: 'Password changed' };
    });
  };
}
