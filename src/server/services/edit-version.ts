import { eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { HttpError } from '../errors';

/**
 * The guard of an update made on the copy with this `updatedAt` (none: any version). The API shows
 * `updatedAt` to the millisecond (a JavaScript date), so the stored value is compared at that precision.
 */
export function isVersion(updatedAt: PgColumn, expected: string | undefined): SQL | undefined {
  if (expected === undefined) return undefined;
  return sql`date_trunc('milliseconds', ${updatedAt}) = date_trunc('milliseconds', ${expected}::timestamptz)`;
}

/**
 * The `updated_at` an update sets: now, to the millisecond the API shows, and always at least a
 * millisecond after the previous one, so two writes within one millisecond still tell their copies apart.
 */
export function nextVersion(updatedAt: PgColumn): SQL {
  return sql`greatest(date_trunc('milliseconds', now()), date_trunc('milliseconds', ${updatedAt}) + interval '1 millisecond')`;
}

/**
 * After a versioned update changed no row: the record still there means its copy was stale (409 with
 * `staleMessage`, see staleEditMessage); otherwise it is missing and the caller answers 404.
 */
export async function refuseIfStale(
  db: Db,
  table: PgTable,
  id: PgColumn,
  value: string,
  expected: string | undefined,
  staleMessage: string,
): Promise<undefined> {
  if (expected !== undefined && (await db.$count(table, eq(id, value))) > 0) throw new HttpError(409, staleMessage);
  return undefined;
}
