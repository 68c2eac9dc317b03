import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from './db/client';
import { recordQueries } from './db/query-log';
import * as schema from './db/schema';

export interface ReadCacheLimits {
  /** Bytes of kept answers, all users together (READ_CACHE_MB, default 64 MB). */
  maxBytes: number;
  /** The part of maxBytes one user's requests may fill (default a quarter), so one account cannot push out everyone's answers. */
  userShare?: number;
}

export const DEFAULT_READ_CACHE: Required<ReadCacheLimits> = { maxBytes: 64 * 1024 * 1024, userShare: 0.25 };

/** What a kept answer costs beside its body: its key, its tables and the maps' entries. */
const ENTRY_OVERHEAD_BYTES = 512;

/** SQL whose answer moves with the clock, not with a write: never kept. */
const READS_THE_CLOCK =
  /\b(now|clock_timestamp|statement_timestamp|random|current_date|current_timestamp|localtimestamp|localtime)\b/i;

interface Entry {
  tables: string[];
  versions: number[];
  /** The UTC day it was made on: figures windowed by the date (the dashboard's months) move at midnight. */
  day: string;
  body: Buffer;
  total: string | undefined;
  owner: string;
  bytes: number;
}

interface Pending {
  key: string;
  statements: string[];
  versions: Record<string, number>;
  owner: string;
}

export interface ReadCacheState {
  entries: number;
  bytes: number;
  hits: number;
  misses: number;
  /** The tables a kept answer of this role and address was read from, as its SQL named them. */
  tablesOf(role: string, url: string): readonly string[] | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    readCache: ReadCacheState;
  }
}

/** Every table of the schema, longest name first (so a pattern of them finds `order_items` whole). */
const SCHEMA_TABLES = Object.values(schema)
  .filter((value) => is(value, PgTable))
  .map((table) => getTableName(table as PgTable))
  .sort((a, b) => b.length - a.length);

/** Finds the tables in SQL text, quoted or not. */
const tablePattern = (names: readonly string[]) => new RegExp(`(?<![\\w$])"?(${names.join('|')})"?(?![\\w$])`, 'g');

/** The tables that statements name (over-reading a column of the same name only costs an extra miss). */
function tablesIn(statements: readonly string[], pattern: RegExp): string[] {
  const found = new Set<string>();
  for (const statement of statements) for (const match of statement.matchAll(pattern)) found.add(match[1]!);
  return [...found].sort();
}

/**
 * Gives each table of the schema a version and its trigger (migration 0012's data_version_track), if it
 * has none: any table an answer reads can then be checked for writes. The sign-in counters are left out:
 * every sign-in writes them and no answer is kept from them.
 */
export async function trackVersions({ db }: Database, extraTables: readonly string[]): Promise<void> {
  const names = new Set([...SCHEMA_TABLES, ...extraTables]);
  for (const name of ['data_versions', 'login_attempts']) names.delete(name);
  for (const table of names) await db.execute(sql`select data_version_track(${table})`);
}

/**
 * Keeps the JSON answers of signed-in GETs that opt in (`access('read', { cache: true })`) and answers
 * the same role's same address again from memory while none of the tables the answer was read from has
 * been written. Those tables are learned from the SQL the answer ran (db/query-log.ts), not declared: an
 * answer that read a table without a version, or the clock, is not kept.
 *
 * The versions come from data_versions (migration 0012), read with the session on every request: a
 * statement trigger moves a table's version inside each writing transaction, so once a write is
 * committed, through this process or any other, no request that follows gets the answer from before
 * it. The versions are read before the data, so an answer is kept under versions at most as new as
 * what it shows: a write committed in between makes the next request miss, never a stale hit.
 * The access check ran before (onRequest), so a kept answer reaches only a role the route lets in, and
 * answers are kept per role, as a role may see less of a list than another.
 *
 * Memory is bounded in bytes, the least recently used answer leaving first, and each user's requests
 * fill at most their share of it: twenty thousand addresses asked by one account push out only its own.
 */
export function readCache(app: FastifyInstance, limits: ReadCacheLimits, extraTables: readonly string[]): void {
  const maxBytes = limits.maxBytes;
  const userBytes = Math.floor(maxBytes * (limits.userShare ?? DEFAULT_READ_CACHE.userShare));
  // A test's own resources have tables outside the schema.
  const tables = tablePattern([...new Set([...SCHEMA_TABLES, ...extraTables])].sort((a, b) => b.length - a.length));
  const entries = new Map<string, Entry>();
  /** Each owner's keys, oldest use first, and what they weigh. */
  const owners = new Map<string, { keys: Set<string>; bytes: number }>();
  const pending = new WeakMap<FastifyRequest, Pending>();
  const state = {
    entries: 0,
    bytes: 0,
    hits: 0,
    misses: 0,
    tablesOf: (role: string, url: string) => entries.get(`${role} ${url}`)?.tables,
  };
  app.decorate('readCache', state);

  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    const owner = owners.get(entry.owner)!;
    owner.keys.delete(key);
    owner.bytes -= entry.bytes;
    if (owner.keys.size === 0) owners.delete(entry.owner);
    state.bytes -= entry.bytes;
    state.entries = entries.size;
  };
  const touch = (key: string, entry: Entry) => {
    entries.delete(key);
    entries.set(key, entry);
    const keys = owners.get(entry.owner)!.keys;
    keys.delete(key);
    keys.add(key);
  };
  const keep = (key: string, entry: Entry) => {
    drop(key);
    if (entry.bytes > userBytes) return;
    let owner = owners.get(entry.owner);
    while (owner && owner.bytes + entry.bytes > userBytes) drop(owner.keys.values().next().value!);
    while (state.bytes + entry.bytes > maxBytes) drop(entries.keys().next().value!);
    owner = owners.get(entry.owner) ?? { keys: new Set(), bytes: 0 };
    owners.set(entry.owner, owner);
    owner.keys.add(key);
    owner.bytes += entry.bytes;
    entries.set(key, entry);
    state.bytes += entry.bytes;
    state.entries = entries.size;
  };
  const today = () => new Date().toISOString().slice(0, 10);

  // A callback hook, so the handler runs inside the recording it starts (recordQueries).
  app.addHook('preHandler', (request, reply, done) => {
    const known = request.dataVersions;
    const user = request.sessionUser;
    if (request.method !== 'GET' || !request.routeOptions.config.cache || !known || !user) return done();
    const key = `${user.role} ${request.url}`;
    const entry = entries.get(key);
    if (entry && entry.day === today() && entry.tables.every((table, i) => known[table] === entry.versions[i])) {
      state.hits++;
      touch(key, entry);
      if (entry.total !== undefined) reply.header('X-Total-Count', entry.total);
      reply.type('application/json; charset=utf-8').send(entry.body);
      return;
    }
    state.misses++;
    const statements: string[] = [];
    pending.set(request, { key, statements, versions: known, owner: user._id });
    recordQueries(statements, done);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const miss = pending.get(request);
    if (!miss || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    const read = tablesIn(miss.statements, tables);
    if (
      read.length === 0 ||
      read.some((table) => miss.versions[table] === undefined) ||
      miss.statements.some((s) => READS_THE_CLOCK.test(s))
    )
      return payload;
    const body = Buffer.from(payload);
    keep(miss.key, {
      tables: read,
      versions: read.map((table) => miss.versions[table]!),
      day: today(),
      body,
      total: reply.getHeader('X-Total-Count') as string | undefined,
      owner: miss.owner,
      bytes: body.byteLength + miss.key.length + ENTRY_OVERHEAD_BYTES,
    });
    return payload;
  });
}
