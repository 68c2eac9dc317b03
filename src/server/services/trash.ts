import { and, eq, getTableColumns, getTableName, lt } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { TrashItem } from '../../domain';
import type { Db } from '../db/client';
import { newId } from '../db/ids';
import { trashItems } from '../db/schema';
import { HttpError, databaseErrorCode } from '../errors';
import { DAY_MS } from '../config';
import { SYSTEM_ACTOR, audit, type AuditWho } from './audit';

/** A record's rows, by table name, as the database returned them when it was deleted. */
export type TrashRows = Record<string, Record<string, unknown>[]>;

/**
 * A resource whose deleted records go to the trash: the tables a record is made of, in the order they
 * are put back (a product, then its variants, their sizes and its reviews).
 */
export interface Trashable {
  tables: readonly PgTable[];
  /** What a restore that collides with a record made since says (a coupon's code in use again). */
  duplicate?: string;
}

/** One record going to the trash, in the transaction of its delete. */
export interface Trashed {
  resource: string;
  recordId: string;
  label: string | null;
  rows: TrashRows;
}

/** Keeps the deleted records' rows, so Restore can put them back (until the retention purges them). */
export async function toTrash(db: Db, who: AuditWho, items: readonly Trashed[]): Promise<void> {
  if (items.length === 0) return;
  await db.insert(trashItems).values(
    items.map((item) => ({
      id: newId(),
      resource: item.resource,
      recordId: item.recordId,
      label: item.label,
      // Written as JSON (times as ISO text), which restoreFromTrash turns back into the columns' types.
      rows: item.rows,
      deletedById: who.actor?._id ?? null,
      deletedByName: who.actor?.fullname ?? SYSTEM_ACTOR.fullname,
    })),
  );
}

type TrashRow = typeof trashItems.$inferSelect;

/** A trash row as GET /api/trash answers it; it is purged `days` after its delete. */
export function toTrashItem(row: TrashRow, days: number): TrashItem {
  return {
    _id: row.id,
    resource: row.resource,
    recordId: row.recordId,
    label: row.label,
    deletedBy: { _id: row.deletedById, fullname: row.deletedByName },
    deletedAt: row.deletedAt.toISOString(),
    purgeAt: new Date(row.deletedAt.getTime() + days * DAY_MS).toISOString(),
  };
}

/** A row as JSON kept it, as its table takes it again: times back to Dates. */
function insertable(table: PgTable, row: Record<string, unknown>): Record<string, unknown> {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => [
      key,
      columns[key]?.dataType === 'date' && typeof value === 'string' ? new Date(value) : value,
    ]),
  );
}

async function takeOut(db: Db, resource: string, recordId: string): Promise<TrashRow | undefined> {
  const [row] = await db
    .delete(trashItems)
    .where(and(eq(trashItems.resource, resource), eq(trashItems.recordId, recordId)))
    .returning();
  return row;
}

/**
 * Puts a trashed record's rows back under their ids, in one transaction with its `restore` row in the
 * audit log; undefined when the trash holds no such record. A row that collides with one made since
 * (a unique code reused) is a 409 saying so, and the record stays in the trash.
 */
export async function restoreFromTrash(
  db: Db,
  who: AuditWho,
  resource: string,
  recordId: string,
  trashable: Trashable,
) {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const item = await takeOut(tx, resource, recordId);
    if (!item) return undefined;
    try {
      for (const table of trashable.tables) {
        const rows = item.rows[getTableName(table)] ?? [];
        if (rows.length > 0) await tx.insert(table).values(rows.map((row) => insertable(table, row)));
      }
    } catch (error) {
      if (databaseErrorCode(error) === '23505')
        throw new HttpError(
          409,
          `Cannot restore ${item.label ?? 'it'}: ${trashable.duplicate ?? 'it conflicts with a record made since'}`,
        );
      throw error;
    }
    await audit(tx, who, [{ action: 'restore', resource, recordId, label: item.label, note: 'From the trash' }]);
    return item;
  });
}

/** Deletes a trashed record for good (an admin's Delete forever), with its `purge` row in the audit log. */
export async function purgeFromTrash(db: Db, who: AuditWho, resource: string, recordId: string): Promise<boolean> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const item = await takeOut(tx, resource, recordId);
    if (item) await audit(tx, who, [{ action: 'purge', resource, recordId, label: item.label }]);
    return item !== undefined;
  });
}

/** The trash's upkeep: what was deleted more than `days` ago is gone for good. */
export async function purgeOldTrash(db: Db, days: number, now: Date = new Date()): Promise<number> {
  const removed = await db
    .delete(trashItems)
    .where(lt(trashItems.deletedAt, new Date(now.getTime() - days * DAY_MS)))
    .returning({ id: trashItems.id });
  return removed.length;
}
