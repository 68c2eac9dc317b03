import { and, desc, eq, inArray, lt, not, sql } from 'drizzle-orm';
import { roleAllows, type Access, type StaffRole } from '../../domain';
import {
  NOTIFICATION_KINDS,
  NOTIFICATION_SOURCES,
  type NotificationKind,
  type NotificationPage,
  type NotificationSettings,
  type StaffNotification,
} from '../../domain/notifications';
import { DAY_MS } from '../config';
import type { Db } from '../db/client';
import { notificationReads, notificationSettings, notifications } from '../db/schema';
import { HttpError } from '../errors';

/** How long the bell keeps a notification (the retention upkeep drops older ones). */
export const NOTIFICATION_KEEP_DAYS = 90;

/** The kinds a role may receive: those whose resource it may read. */
export const receivableKinds = (role: StaffRole, readAccess: (resource: string) => Access): NotificationKind[] =>
  NOTIFICATION_KINDS.filter((kind) => roleAllows(role, readAccess(NOTIFICATION_SOURCES[kind].resource)));

/** What a notification says, from its kind, count and the one record it may name. */
function titleOf(kind: NotificationKind, count: number, label: string | null): string {
  const one = count === 1 && label;
  switch (kind) {
    case 'orders':
      return one ? `New order ${label}` : `${count} new orders`;
    case 'returns':
      return one ? `${label} requested` : `${count} returns requested`;
    case 'low_stock':
      return one ? `Low stock: ${label}` : `${count} SKUs low on stock`;
    case 'imports':
      return `Import of ${label ?? 'a file'} applied: ${count} ${count === 1 ? 'change' : 'changes'}`;
    case 'sign_ins':
      return `${count} failed sign-ins on ${label ?? 'one account'}`;
  }
}

async function settingsRow(db: Db, userId: string) {
  const [row] = await db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId));
  return row;
}

/**
 * Tells of something the database's own triggers do not see (migration 0021 writes the others): `count`
 * things of `kind`, one record named when there is one, in the caller's transaction.
 */
export async function notify(db: Db, kind: NotificationKind, count: number, recordId: string, label: string) {
  await db.execute(sql`select notifications_add(${kind}, ${count}, ${recordId}, ${label}, false)`);
}

/** The caller's kinds (every one their role may receive until they choose) and those they may choose from. */
export async function notificationSettingsOf(
  db: Db,
  userId: string,
  available: NotificationKind[],
): Promise<NotificationSettings> {
  const chosen = (await settingsRow(db, userId))?.kinds;
  return { kinds: chosen ? available.filter((kind) => chosen.includes(kind)) : available, available };
}

export async function saveNotificationSettings(
  db: Db,
  userId: string,
  kinds: NotificationKind[],
  available: NotificationKind[],
): Promise<NotificationSettings> {
  const refused = kinds.find((kind) => !available.includes(kind));
  if (refused) throw new HttpError(400, `kinds: ${refused} is not for your role`);
  await db
    .insert(notificationSettings)
    .values({ userId, kinds })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: { kinds } });
  return notificationSettingsOf(db, userId, available);
}

/** Read by this user: one by one, or everything up to their "Mark all read". */
const readBy = (userId: string) =>
  sql<boolean>`(${notifications.at} <= coalesce(${notificationSettings.readThrough}, '-infinity'::timestamptz)
    or exists (select 1 from ${notificationReads} r where r.user_id = ${userId} and r.notification_id = ${notifications.id}))`;

/** A page of the caller's notifications, newest first, with how many there are and how many unread. */
export async function listNotifications(
  db: Db,
  userId: string,
  kinds: NotificationKind[],
  { start, end, unreadOnly }: { start: number; end: number; unreadOnly: boolean },
): Promise<NotificationPage> {
  if (kinds.length === 0) return { notifications: [], unread: 0, total: 0 };
  const read = readBy(userId);
  const theirs = inArray(notifications.kind, kinds);
  const joined = eq(notificationSettings.userId, userId);
  const [counts] = await db
    .select({ total: sql<number>`count(*)::int`, unread: sql<number>`(count(*) filter (where not ${read}))::int` })
    .from(notifications)
    .leftJoin(notificationSettings, joined)
    .where(theirs);
  const rows =
    end > start
      ? await db
          .select({
            id: notifications.id,
            kind: notifications.kind,
            count: notifications.count,
            label: notifications.label,
            at: notifications.at,
            read,
          })
          .from(notifications)
          .leftJoin(notificationSettings, joined)
          .where(unreadOnly ? and(theirs, not(read)) : theirs)
          .orderBy(desc(notifications.at), desc(notifications.id))
          .limit(end - start)
          .offset(start)
      : [];
  const list: StaffNotification[] = rows.map((row) => ({
    _id: row.id,
    kind: row.kind,
    title: titleOf(row.kind, row.count, row.label),
    link: NOTIFICATION_SOURCES[row.kind].link,
    count: row.count,
    at: new Date(row.at).toISOString(),
    read: Boolean(row.read),
  }));
  return {
    notifications: list,
    total: unreadOnly ? (counts?.unread ?? 0) : (counts?.total ?? 0),
    unread: counts?.unread ?? 0,
  };
}

/** Marks the given notifications read for this user alone (ids it does not know are passed over), or all of them. */
export async function markNotificationsRead(db: Db, userId: string, input: { ids: string[] } | { all: true }) {
  if ('all' in input) {
    await db
      .insert(notificationSettings)
      .values({ userId, readThrough: sql`now()` })
      .onConflictDoUpdate({ target: notificationSettings.userId, set: { readThrough: sql`now()` } });
    return;
  }
  await db
    .insert(notificationReads)
    .select(
      db
        .select({ userId: sql<string>`${userId}`.as('user_id'), notificationId: notifications.id })
        .from(notifications)
        .where(inArray(notifications.id, input.ids)),
    )
    .onConflictDoNothing();
}

/** The retention upkeep: notifications older than NOTIFICATION_KEEP_DAYS go. */
export async function pruneNotifications(db: Db, now: Date = new Date()): Promise<void> {
  await db.delete(notifications).where(lt(notifications.at, new Date(now.getTime() - NOTIFICATION_KEEP_DAYS * DAY_MS)));
}
