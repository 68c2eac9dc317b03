import { lt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AuditAction, AuditEvent, SessionUser } from '../../domain';
import type { Db } from '../db/client';
import { newId } from '../db/ids';
import { auditEvents } from '../db/schema';
import { DAY_MS } from '../config';

/** Who does a change, as the audit log records it: the signed-in user (none: the system), the request and its address. */
export interface AuditWho {
  actor: Pick<SessionUser, '_id' | 'fullname' | 'role'> | null;
  requestId: string | null;
  ip: string | null;
}

/** The system: seeding and upkeep. */
export const SYSTEM: AuditWho = { actor: null, requestId: null, ip: null };
export const SYSTEM_ACTOR = { _id: null, fullname: 'System', role: 'system' } as const;

/** The request's user, id and address (request.ip honours TRUST_PROXY). */
export const whoOf = (request: FastifyRequest): AuditWho => ({
  actor: request.sessionUser,
  requestId: request.id,
  ip: request.ip,
});

/** One change the audit log records. */
export interface AuditEntry {
  action: AuditAction;
  resource: string;
  recordId?: string | null;
  label?: string | null;
  changes?: Changes;
  note?: string | null;
}

export type Changes = Record<string, [unknown, unknown]>;

/** Fields never worth a change of their own: identity and the stamps every write moves. */
const UNRECORDED = new Set(['_id', 'id', 'createdAt', 'updatedAt']);
/** Fields whose values are never written to the log, only that they changed. */
const SECRET = /password|token|secret/i;
export const HIDDEN = '(hidden)';

/**
 * The fields that differ between two versions of a record, each as [before, after] (a created record:
 * every field from null; a deleted one: every field to null). Values compare as JSON.
 */
export function changesOf(before: object | undefined | null, after: object | undefined | null): Changes {
  const was = (before ?? {}) as Record<string, unknown>;
  const is = (after ?? {}) as Record<string, unknown>;
  const changes: Changes = {};
  for (const field of new Set([...Object.keys(was), ...Object.keys(is)])) {
    if (UNRECORDED.has(field)) continue;
    const from = was[field] ?? null;
    const to = is[field] ?? null;
    if (JSON.stringify(from) === JSON.stringify(to)) continue;
    changes[field] = SECRET.test(field) ? [HIDDEN, HIDDEN] : [from, to];
  }
  return changes;
}

/** What names a record in lists that outlive it: its name, title, code or full name, whichever it has. */
export function labelOf(record: object): string | null {
  const fields = record as Record<string, unknown>;
  const label = ['name', 'title', 'code', 'fullname'].map((field) => fields[field]).find((v) => typeof v === 'string');
  return (label as string | undefined) ?? null;
}

/**
 * Whether the log is written: always in a store. `AUDIT_LOG=off` stops it only so that `bench:load`
 * can measure what it costs (the server warns at start).
 */
let recording = true;
export const recordAudit = (on: boolean) => {
  recording = on;
};
export const auditRecording = () => recording;

/** The columns of one row, each a placeholder: the insert of a single change, prepared (below). */
const ONE_EVENT = Object.fromEntries(
  (
    [
      'id',
      'actorId',
      'actorName',
      'actorRole',
      'action',
      'resource',
      'recordId',
      'label',
      'changes',
      'note',
      'requestId',
      'ip',
    ] as const
  ).map((column) => [column, sql.placeholder(column)]),
) as unknown as typeof auditEvents.$inferInsert;

/**
 * Writes the entries in the caller's transaction, so they commit or roll back with the change they record.
 * A single change (every write but a bulk one) is a named prepared statement: PostgreSQL parses and plans
 * it once per connection rather than with every write.
 */
export async function audit(db: Db, who: AuditWho, entries: readonly AuditEntry[]): Promise<void> {
  if (entries.length === 0 || !recording) return;
  const rows = entries.map((entry) => rowOf(who, entry));
  if (rows.length === 1) await db.insert(auditEvents).values(ONE_EVENT).prepare('audit_event').execute(rows[0]);
  else await db.insert(auditEvents).values(rows);
}

function rowOf(who: AuditWho, entry: AuditEntry) {
  const actor = who.actor;
  return {
    id: newId(),
    actorId: actor?._id ?? null,
    actorName: actor?.fullname ?? SYSTEM_ACTOR.fullname,
    actorRole: actor?.role ?? SYSTEM_ACTOR.role,
    action: entry.action,
    resource: entry.resource,
    recordId: entry.recordId ?? null,
    label: entry.label ?? null,
    changes: entry.changes ?? {},
    note: entry.note ?? null,
    requestId: who.requestId,
    ip: who.ip,
  };
}

type AuditRow = typeof auditEvents.$inferSelect;

/** A row as the API answers it. */
export function toAuditEvent(row: AuditRow): AuditEvent {
  return {
    _id: row.id,
    at: row.at.toISOString(),
    actor: row.actorId
      ? { _id: row.actorId, fullname: row.actorName, role: row.actorRole }
      : { ...SYSTEM_ACTOR, fullname: row.actorName, role: row.actorRole },
    action: row.action as AuditAction,
    resource: row.resource,
    recordId: row.recordId,
    label: row.label,
    changes: row.changes,
    note: row.note,
    requestId: row.requestId,
    ip: row.ip,
  };
}

/**
 * The retention upkeep: removes the rows older than the store keeps (none when it keeps them for ever),
 * the only delete the append-only trigger lets through.
 */
export async function pruneAudit(db: Db, keepDays: number | null, now: Date = new Date()): Promise<number> {
  if (keepDays === null) return 0;
  const before = new Date(now.getTime() - keepDays * DAY_MS);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('apparel.audit_prune', 'on', true)`);
    const removed = await tx.delete(auditEvents).where(lt(auditEvents.at, before)).returning({ id: auditEvents.id });
    return removed.length;
  });
}
