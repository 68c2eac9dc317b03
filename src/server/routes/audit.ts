import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AUDIT_ACTIONS, auditContract, type AuditEvent, type SessionUser } from '../../domain';
import { HttpError, notFoundUnless, parseId, parseInput } from '../errors';
import { accessTo } from '../auth/guard';
import type { Db } from '../db/client';
import { auditEvents } from '../db/schema';
import {
  cursorColumns,
  enumFilter,
  listInBatches,
  momentFilter,
  oneOf,
  pageWithTotal,
  parseListQuery,
  textFilter,
  type ListQuery,
  type ListSpec,
} from '../list-query';
import { EXPORT_BATCH_ROWS, csvColumnsOf, exportFormat, sendCsv, type CsvExport } from '../services/csv-export';
import { SYSTEM_ACTOR, toAuditEvent } from '../services/audit';
import { listReply, sendWholeList, type WholeList } from './list-reply';

const auditListSpec: ListSpec<typeof auditContract.list> = {
  list: 'audit',
  sortColumns: { at: auditEvents.at },
  filters: {
    // A staff member's id, or 'system' for seeding and upkeep.
    actor: {
      value: z.string().max(64),
      condition: (values) =>
        values.includes(SYSTEM_ACTOR.role)
          ? sql`(${auditEvents.actorId} is null or ${oneOf(auditEvents.actorId, values)})`
          : oneOf(auditEvents.actorId, values),
    },
    resource: textFilter(auditEvents.resource),
    recordId: textFilter(auditEvents.recordId),
    action: enumFilter(auditEvents.action, AUDIT_ACTIONS),
    from: momentFilter(auditEvents.at, 'from'),
    to: momentFilter(auditEvents.at, 'to'),
  },
  defaultSort: { field: 'at', order: 'desc' },
  tieBreaker: auditEvents.id,
};

/** The log as the list's parameters narrow it, a batch at a time: the CSV file or the whole list's JSON. */
function auditExport(db: Db, list: ListQuery): CsvExport<AuditEvent> & WholeList<AuditEvent> {
  const select = () => db.select({ event: auditEvents, cursor: cursorColumns(list) }).from(auditEvents);
  return {
    name: auditContract.export!.file!,
    columns: csvColumnsOf(auditContract.export!.columns!),
    key: auditContract.routes.list!.key,
    before: { success: true },
    total: () => db.$count(auditEvents, list.where),
    batches: () => listInBatches(list, select, EXPORT_BATCH_ROWS, (row) => toAuditEvent(row.event)),
  };
}

/** A resource whose versions the audit log can write back (its Restore): its read and its edit path. */
export interface Restorable {
  read(db: Db, id: string, viewer: SessionUser): Promise<object | undefined>;
  /** The edit's validation and lost-update check (`values.updatedAt`), recorded as a 'restore'; undefined when missing. */
  restore(db: Db, request: FastifyRequest, id: string, values: object): Promise<object | undefined>;
}

const restoreSchema = z.object({ updatedAt: z.string().max(64).optional() }, { error: 'must be an object' });

/**
 * The record as it was just after `event`: the record as it is, with every later change of it undone
 * (each change holds the field's whole value before and after), newest first.
 */
async function versionAfter(db: Db, event: typeof auditEvents.$inferSelect, current: object): Promise<object> {
  const later = await db
    .select({ changes: auditEvents.changes })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.resource, event.resource),
        eq(auditEvents.recordId, event.recordId!),
        // Compared with the event's own row: its time has microseconds, which a JavaScript Date would lose.
        sql`(${auditEvents.at}, ${auditEvents.id}) > (select e.at, e.id from audit_events e where e.id = ${event.id})`,
      ),
    )
    .orderBy(desc(auditEvents.at), desc(auditEvents.id));
  const version: Record<string, unknown> = { ...current };
  for (const { changes } of later) for (const [field, [before]] of Object.entries(changes)) version[field] = before;
  return version;
}

/**
 * GET /api/audit: the audit log, admins only, newest first, paged, filtered and exported as every list.
 * POST /api/audit/:id/restore: writes back the record as that event left it, as a new change.
 */
export function auditRoutes(db: Db, restorables: Readonly<Record<string, Restorable>>): FastifyPluginAsync {
  return async (app) => {
    app.get(auditContract.routes.list!.path || '/', accessTo(auditContract, 'read'), async (request, reply) => {
      const { csv, query } = exportFormat(request.query);
      const list = parseListQuery(query, auditListSpec);
      if (csv) return sendCsv(request, reply, auditExport(db, list));
      if (list.limit === undefined) return sendWholeList(request, reply, list, auditExport(db, list));
      const [rows, total] = await pageWithTotal(db, auditEvents, list);
      return listReply(reply, list, total, { success: true, events: rows.map(toAuditEvent) });
    });

    // Restore is an admin's, as the History it is offered in: the values go through the record's own edit.
    app.post(auditContract.calls!.restore!.path, accessTo(auditContract, 'read'), async (request) => {
      const [event] = await db
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.id, parseId(request.params)));
      notFoundUnless(event, auditContract.noun);
      const target = restorables[event!.resource];
      if (!target || !event!.recordId || event!.action === 'delete')
        throw new HttpError(400, `id: this ${auditContract.noun.toLowerCase()} has no version to restore`);
      const { updatedAt } = parseInput(restoreSchema, request.body ?? {});
      const current = await target.read(db, event!.recordId, request.sessionUser!);
      if (!current) throw new HttpError(404, 'The record no longer exists: a deleted record comes back from the Trash');
      const version = await versionAfter(db, event!, current);
      const record = notFoundUnless(
        await target.restore(db, request, event!.recordId, { ...version, updatedAt }),
        'Record',
      );
      return { success: true, message: 'Version restored', record };
    });
  };
}
