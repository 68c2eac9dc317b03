import { randomBytes } from 'node:crypto';
import { and, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { TokenClaims, TokenSigner } from '../auth/tokens';
import type { Db } from '../db/client';
import { dataVersions, sessions, users } from '../db/schema';

type UserRow = typeof users.$inferSelect;
/** Each table's write count (data_versions), as the request's session check read it. */
export type DataVersions = Record<string, number>;

/** Starts a session for the user and answers its token; the user's ended sessions are cleared on the way. */
export async function openSession(db: Db, tokens: TokenSigner, userId: string): Promise<string> {
  const id = randomBytes(18).toString('base64url');
  const { token, expiresAt } = await tokens.sign(userId, id);
  await db.delete(sessions).where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, sql`now()`)));
  await db.insert(sessions).values({ id, userId, expiresAt });
  return token;
}

function sessionUserQuery(db: Db) {
  return db
    .select({ user: users, versions: sql<DataVersions>`(select json_object_agg(${dataVersions.name}, ${dataVersions.version}) from ${dataVersions})` })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sql.placeholder('sessionId')), eq(sessions.userId, sql.placeholder('userId')), gt(sessions.expiresAt, sql`now()`)))
    .prepare('session_user');
}
const preparedFor = new WeakMap<Db, ReturnType<typeof sessionUserQuery>>();

/**
 * The user of a live session, and the tables' versions for the read cache: one primary-key join, the
 * whole per-request cost of a signed-in call. A named prepared statement, so PostgreSQL parses and
 * plans it once per connection, not per request.
 */
export async function sessionUser(db: Db, claims: TokenClaims): Promise<{ user: UserRow; versions: DataVersions } | undefined> {
  let query = preparedFor.get(db);
  if (!query) preparedFor.set(db, (query = sessionUserQuery(db)));
  const [row] = await query.execute({ sessionId: claims.sessionId, userId: claims.userId });
  return row;
}

export async function endSession(db: Db, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every session of the user but `keep` (the one that changed the password), or all of them. */
export async function endSessionsOf(db: Db, userId: string, keep?: string): Promise<void> {
  await db.delete(sessions).where(keep ? and(eq(sessions.userId, userId), ne(sessions.id, keep)) : eq(sessions.userId, userId));
}
