import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from './db/client';

/** Answers kept, the least recently used leaving first, and the largest kept (a page, not a whole store). */
const MAX_ENTRIES = 1000;
const MAX_BYTES = 256 * 1024;

interface Entry {
  versions: string;
  body: string;
  total: string | undefined;
}

/** Gives each declared resource's table a version and its trigger (migration 0012's data_version_track), if it has none. */
export async function trackVersions({ db }: Database, tables: readonly string[]): Promise<void> {
  for (const table of tables) await db.execute(sql`select data_version_track(${table})`);
}

/**
 * Keeps the JSON answers of signed-in GETs that name the tables they read (`access('read', [tables])`)
 * and answers the same address again from memory while none of those tables has been written. The
 * versions come from data_versions (migration 0012), read with the session on every request: a
 * statement trigger moves a table's version inside each writing transaction, so once a write is
 * committed, through this process or any other, no request that follows gets the answer from before
 * it. The versions are read before the data, so an answer is kept under versions at most as new as
 * what it shows: a write committed in between makes the next request miss, never a stale hit.
 * The access check ran before (onRequest), so a kept answer reaches only a role the route lets in.
 */
export function readCache(app: FastifyInstance): void {
  const entries = new Map<string, Entry>();
  const misses = new WeakMap<FastifyRequest, string>();

  app.addHook('preHandler', async (request, reply) => {
    const reads = request.routeOptions.config.reads;
    const known = request.dataVersions;
    if (request.method !== 'GET' || !reads || !known || reads.some((table) => known[table] === undefined)) return;
    const versions = reads.map((table) => known[table]).join('.');
    const entry = entries.get(request.url);
    if (entry?.versions !== versions) return void misses.set(request, versions);
    entries.delete(request.url);
    entries.set(request.url, entry);
    if (entry.total !== undefined) reply.header('X-Total-Count', entry.total);
    return reply.type('application/json; charset=utf-8').send(entry.body);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const versions = misses.get(request);
    if (versions === undefined || reply.statusCode !== 200 || typeof payload !== 'string' || payload.length > MAX_BYTES) return payload;
    entries.delete(request.url);
    entries.set(request.url, { versions, body: payload, total: reply.getHeader('X-Total-Count') as string | undefined });
    if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
    return payload;
  });
}
