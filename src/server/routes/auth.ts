import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  AUTH_CALLS,
  PASSWORD_IS_EMAIL_MESSAGE,
  changePasswordSchema,
  customersContract,
  loginSchema,
  passwordIsEmail,
  type ResourceContract,
} from '../../domain';
import { access, accessTo } from '../auth/guard';
import type { LoginLimiter } from '../auth/login-limiter';
import { verifyAgainstDummy, verifyPassword } from '../auth/passwords';
import type { TokenSigner } from '../auth/tokens';
import type { Db } from '../db/client';
import { HttpError, notFoundUnless, parseId, parseInput } from '../errors';
import { parseListQuery } from '../list-query';
import { endSession, endSessionsOf, openSession } from '../services/sessions';
import { demoPasswordInUse } from '../services/staff';
import { exportFormat, sendCsv } from '../services/csv-export';
import {
  customerStats,
  findUserByEmail,
  findUserById,
  listUsers,
  setPassword,
  toSessionUser,
  userExport,
  userListSpec,
  userVisibleTo,
  usersVisibleTo,
} from '../services/users';
import { listReply, sendWholeList } from './list-reply';

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

    app.get(customersContract.routes.list!.path, accessTo(customersContract, 'read'), async (request, reply) => {
      const { csv, query } = exportFormat(request.query);
      const list = usersVisibleTo(request.sessionUser!.role, parseListQuery(query, userListSpec));
      if (csv) return sendCsv(request, reply, userExport(db, list));
      if (list.limit === undefined) return sendWholeList(request, reply, list, userExport(db, list));
      const { users, total } = await listUsers(db, list);
      return listReply(reply, list, total, { success: true, users });
    });

    app.get(customersContract.routes.get!.path, accessTo(customersContract, 'read'), async (request) => {
      const id = parseId(request.params);
      const [user, stats] = await Promise.all([findUserById(db, id), customerStats(db, id)]);
      return {
        success: true,
        user: toSessionUser(notFoundUnless(userVisibleTo(request.sessionUser!.role, user), 'User')),
        stats,
      };
    });
  };
}
