import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  AUTH_CALLS,
  PASSWORD_IS_EMAIL_MESSAGE,
  changePasswordSchema,
  loginSchema,
  passwordIsEmail,
  staffContract,
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
import { HIDDEN, audit, whoOf } from '../services/audit';

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
      if (!user || !valid) {
        // The email tried, never the password.
        await audit(db, whoOf(request), [
          { action: 'sign_in_failed', resource: 'sessions', recordId: user?.id ?? null, note: email },
        ]);
        throw new HttpError(401, 'Invalid credentials');
      }
      await limiter.succeeded(request.ip, email);
      const sessionUser = toSessionUser(user);
      const token = await db.transaction(async (tx) => {
        const opened = await openSession(tx, tokens, user.id);
        await audit(tx, { ...whoOf(request), actor: sessionUser }, [
          { action: 'sign_in', resource: 'sessions', recordId: user.id, label: user.email },
        ]);
        return opened;
      });
      return { success: true, message: 'Signed in successfully', token, user: sessionUser };
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
      await db.transaction(async (tx) => {
        await endSession(tx, request.sessionId!);
        await audit(tx, whoOf(request), [
          {
            action: 'sign_out',
            resource: 'sessions',
            recordId: request.sessionUser!._id,
            label: request.sessionUser!.email,
          },
        ]);
      });
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
      await db.transaction(async (tx) => {
        await setPassword(tx, user.id, newPassword);
        // Whoever else holds a session of this account (a stolen token, another browser) is signed out.
        const ended = await endSessionsOf(tx, user.id, request.sessionId!);
        const record = { resource: staffContract.name, recordId: user.id, label: user.email };
        await audit(tx, whoOf(request), [
          { action: 'password_change', ...record, changes: { password: [HIDDEN, HIDDEN] } },
          ...(ended > 0
            ? [{ action: 'session_revoked' as const, ...record, note: `${ended} other session(s) ended` }]
            : []),
        ]);
      });
      return { success: true, message: 'Password changed' };
    });
  };
}
