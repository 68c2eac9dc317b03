import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { type StaffRole } from '../../domain';
import { EVENTS_URL, LIVE_RESET, PRESENCE_URL, type LiveEvent } from '../../domain/live';
import { access } from '../auth/guard';
import { LIVE_CHANNEL, type Database } from '../db/client';
import { HttpError, parseInput } from '../errors';
import type { LiveHub } from '../live';
import { sessionUser } from '../services/sessions';

/** A comment line this often keeps proxies from closing an idle stream (and ends one whose token has expired). */
export const HEARTBEAT_MS = 15_000;

const presenceSchema = z.object(
  {
    resource: z.string({ error: 'resource: must be a resource name' }).min(1).max(64),
    id: z.string({ error: 'id: must be a record id' }).min(1).max(64),
    editing: z.boolean({ error: 'editing: must be true or false' }),
  },
  { error: 'must be an object' },
);

/** One server-sent event: `id` (events that can be resumed from), the JSON `data`; `event` for the stream's own messages. */
const frame = (data: object, { id, event }: { id?: string; event?: string } = {}) =>
  `${id ? `id: ${id}\n` : ''}${event ? `event: ${event}\n` : ''}data: ${JSON.stringify(data)}\n\n`;

/**
 * GET /api/events: the session's live stream (server-sent events), opened with its bearer token like any
 * call. It carries the events of every resource the role may read, from every process; Last-Event-ID
 * resumes after what the console saw last (or says `reset` when that is older than the process keeps).
 * It ends when its session does: a sign-out, the account removed or its role or password changed (the
 * hub has it read its session again on such news), or the token expiring (checked at each heartbeat).
 * POST /api/events/presence: "I have this record open for editing" (or "no longer"), told to the other
 * sessions that may read it, through the channel so every process hears it; not kept for replay.
 */
export const eventRoutes =
  (database: Database, hub: LiveHub): FastifyPluginAsync =>
  async (app) => {
    const open = new Set<() => void>();
    app.addHook('preClose', async () => {
      for (const end of open) end();
    });

    // No HEAD: a stream has no length to tell.
    app.get(EVENTS_URL, { ...access('read'), exposeHeadRoute: false }, async (request, reply) => {
      const user = request.sessionUser!;
      const role = user.role as StaffRole;
      const claims = request.tokenClaims!;
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
        'X-Accel-Buffering': 'no',
        Connection: 'keep-alive',
      });
      raw.write('retry: 2000\n\n');
      const send = (event: LiveEvent) => raw.write(frame(event, { id: event.id }));
      const reset = () => raw.write(frame({}, { event: LIVE_RESET }));
      let ended = false;
      const end = () => {
        if (ended) return;
        ended = true;
        clearInterval(heartbeat);
        close();
        open.delete(end);
        raw.end();
      };
      const heartbeat = setInterval(() => {
        if (claims.expiresAt.getTime() <= Date.now()) return end();
        raw.write(': heartbeat\n\n');
      }, HEARTBEAT_MS);
      const close = hub.open({
        userId: user._id,
        role,
        send: (event) => {
          if (event.type === 'presence' && event.actor._id === user._id) return;
          send(event);
        },
        reset,
        recheck: () =>
          void sessionUser(database.db, claims).then(
            (session) => session?.user.role === role || end(),
            () => undefined,
          ),
      });
      open.add(end);
      raw.on('close', end);
      const lastId = request.headers['last-event-id'];
      if (typeof lastId === 'string' && lastId !== '') {
        const missed = hub.missedSince(lastId);
        if (missed === 'reset') reset();
        else for (const event of missed) if (hub.hears({ userId: user._id, role }, event)) send(event);
      }
    });

    app.post(PRESENCE_URL, access('read'), async (request, reply) => {
      const input = parseInput(presenceSchema, request.body);
      const user = request.sessionUser!;
      if (!hub.allows(user.role as StaffRole, input.resource)) throw new HttpError(403, 'Your role cannot see this');
      const event: LiveEvent = {
        type: 'presence',
        resource: input.resource,
        ids: [input.id],
        count: 1,
        actor: { _id: user._id, fullname: user.fullname },
        at: new Date().toISOString(),
        editing: input.editing,
      };
      await database.query('select pg_notify($1, $2)', [LIVE_CHANNEL, JSON.stringify(event)]);
      return reply.code(204).send();
    });
  };
