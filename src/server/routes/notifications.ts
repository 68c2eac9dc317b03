import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { listParamsSchema, type Access, type StaffRole } from '../../domain';
import type { LiveEvent } from '../../domain/live';
import {
  NOTIFICATIONS_READ_URL,
  NOTIFICATIONS_URL,
  NOTIFICATION_KINDS,
  NOTIFICATION_SETTINGS_URL,
} from '../../domain/notifications';
import { access } from '../auth/guard';
import { LIVE_CHANNEL, type Database } from '../db/client';
import { parseInput } from '../errors';
import {
  listNotifications,
  markNotificationsRead,
  notificationSettingsOf,
  receivableKinds,
  saveNotificationSettings,
} from '../services/notifications';

const DEFAULT_PAGE = 20;
const notificationsReadSchema = z.union(
  [
    z.object({ ids: z.array(z.string().min(1).max(64)).min(1).max(200) }).strict(),
    z.object({ all: z.literal(true) }).strict(),
  ],
  { error: 'must be { ids: [...] } (up to 200 ids) or { all: true }' },
);

const notificationSettingsSchema = z.object(
  {
    kinds: z.array(
      z.enum(NOTIFICATION_KINDS, { error: `kinds: must each be one of ${NOTIFICATION_KINDS.join(', ')}` }),
    ),
  },
  { error: 'must be an object' },
);
const unreadSchema = z.object({
  unread: z.enum(['true', 'false'], { error: 'unread: must be true or false' }).optional(),
});

/**
 * The bell: every staff member reads, marks and chooses their own notifications (support too; nothing
 * here writes the store's data, so nothing is audited). Marking read tells the user's other tabs, through
 * the live channel, so their bells follow.
 */
export const notificationRoutes =
  (database: Database, readAccess: (resource: string) => Access): FastifyPluginAsync =>
  async (app) => {
    const { db } = database;
    const caller = (request: FastifyRequest) => {
      const user = request.sessionUser!;
      return { user, available: receivableKinds(user.role as StaffRole, readAccess) };
    };

    app.get(NOTIFICATIONS_URL, access('read'), async (request) => {
      const { user, available } = caller(request);
      const { _start: start = 0, _end: end = start + DEFAULT_PAGE } = parseInput(listParamsSchema, request.query);
      const { unread } = parseInput(unreadSchema, request.query);
      const { kinds } = await notificationSettingsOf(db, user._id, available);
      return listNotifications(db, user._id, kinds, { start, end, unreadOnly: unread === 'true' });
    });

    app.post(NOTIFICATIONS_READ_URL, access('read'), async (request) => {
      const input = parseInput(notificationsReadSchema, request.body);
      const { user, available } = caller(request);
      await markNotificationsRead(db, user._id, input);
      const event: LiveEvent = {
        type: 'notification',
        resource: 'notifications',
        ids: 'ids' in input ? input.ids : [],
        count: 'ids' in input ? input.ids.length : 0,
        actor: { _id: user._id, fullname: user.fullname },
        at: new Date().toISOString(),
        to: user._id,
      };
      await database.query('select pg_notify($1, $2)', [LIVE_CHANNEL, JSON.stringify(event)]);
      const { kinds } = await notificationSettingsOf(db, user._id, available);
      const { unread } = await listNotifications(db, user._id, kinds, { start: 0, end: 0, unreadOnly: false });
      return { unread };
    });

    app.get(NOTIFICATION_SETTINGS_URL, access('read'), async (request) => {
      const { user, available } = caller(request);
      return notificationSettingsOf(db, user._id, available);
    });

    app.put(NOTIFICATION_SETTINGS_URL, access('read'), async (request) => {
      const { kinds } = parseInput(notificationSettingsSchema, request.body);
      const { user, available } = caller(request);
      return saveNotificationSettings(db, user._id, [...new Set(kinds)], available);
    });
  };
