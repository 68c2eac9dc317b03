import { randomBytes } from 'node:crypto';
import { and, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { TokenClaims, TokenSigner } from '../auth/tokens';
import type { Database, Db } from '../db/client';
import { dataVersions, sessions, users } from '../db/schema';

type UserRow = typeof users.$inferSelect;
/** Each table's write count (data_versions), as the request's session check read it. */
export type DataVersions = Record<string, number>;
/** A request's live session: its user, the tables' versions read with it, and when it ends. */
export interface LiveSession {
  user: UserRow;
  versions: DataVersions;
  expiresAt: Date;
}

/** Starts a session for the user and answers its token; the user's ended sessions are cleared on the way. */
export async function openSession(db: Db, tokens: TokenSigner, userId: string): Promise<string> {
  const id = randomBytes(18).toString('base64url');
  const { token, expiresAt } = await tokens.sign(userId, id);
  await db.delete(sessions).where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, sql`now()`)));
  await db.insert(sessions).values({ id, userId, expiresAt });
  return token;
}

const allVersions = sql<DataVersions>`(select json_object_agg(${dataVersions.name}, ${dataVersions.version}) from ${dataVersions})`;

function sessionUserQuery(db: Db) {
  return db
    .select({ user: users, versions: allVersions, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sql.placeholder('sessionId')),
        eq(sessions.userId, sql.placeholder('userId')),
        gt(sessions.expiresAt, sql`now()`),
      ),
    )
    .prepare('session_user');
}
const preparedFor = new WeakMap<Db, ReturnType<typeof sessionUserQuery>>();

/**
 * The user of a live session, and the tables' versions for the read cache: one primary-key join, the
 * whole per-request cost of a signed-in call. A named prepared statement, so PostgreSQL parses and
 * plans it once per connection, not per request.
 */
export async function sessionUser(db: Db, claims: TokenClaims): Promise<LiveSession | undefined> {
  let query = preparedFor.get(db);
  if (!query) preparedFor.set(db, (query = sessionUserQuery(db)));
  const [row] = await query.execute({ sessionId: claims.sessionId, userId: claims.userId });
  return row;
}

/** Sessions the embedded store's reader keeps at most (all are dropped when it is full). */
const MAX_KEPT_SESSIONS = 10_000;

/**
 * How each request's session is read. On PostgreSQL, sessionUser every time: other processes may write.
 * The embedded store has one owner, this process, and says as each write commits (Database.onWrite),
 * so the tables' versions are read once after each write instead of per request, and a session is
 * kept while the users and sessions tables stand as they were when it was read: a sign-out, a removed
 * member or a changed role writes one of them, and the next request reads the session again.
 */
export function sessionReader({ db, onWrite }: Database): (claims: TokenClaims) => Promise<LiveSession | undefined> {
  if (!onWrite) return (claims) => sessionUser(db, claims);
  let writes = 0;
  onWrite(() => void writes++);
  let versions: { after: number; read: Promise<DataVersions> } | undefined;
  const currentVersions = () => {
    if (versions?.after !== writes) {
      const read = db
        .execute(sql`select ${allVersions} as versions`)
        .then((result) => (result as unknown as { rows: { versions: DataVersions }[] }).rows[0]!.versions);
      versions = { after: writes, read };
      read.catch(() => {
        if (versions?.read === read) versions = undefined;
      });
    }
    return versions.read;
  };
  const kept = new Map<string, LiveSession>();
  return async (claims) => {
    const now = await currentVersions();
    const key = `${claims.sessionId} ${claims.userId}`;
    const hit = kept.get(key);
    if (
      hit &&
      hit.versions.users === now.users &&
      hit.versions.sessions === now.sessions &&
      hit.expiresAt.getTime() > Date.now()
    )
      return { ...hit, versions: now };
    const row = await sessionUser(db, claims);
    if (kept.size >= MAX_KEPT_SESSIONS) kept.clear();
    if (row) kept.set(key, row);
    else kept.delete(key);
    return row;
  };
}

export async function endSession(db: Db, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every session of the user but `keep` (the one that changed the password), or all of them. */
export async function endSessionsOf(db: Db, userId: string, keep?: string): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(keep ? and(eq(sessions.userId, userId), ne(sessions.id, keep)) : eq(sessions.userId, userId))
    .returning({ id: sessions.id });
  return ended.length;
}
