import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { trashContract } from '../../domain';
import { accessTo } from '../auth/guard';
import type { Db } from '../db/client';
import { trashItems } from '../db/schema';
import { HttpError, parseInput } from '../errors';
import { enumFilter, pageWithTotal, parseListQuery, type ListSpec } from '../list-query';
import { whoOf } from '../services/audit';
import { purgeFromTrash, restoreFromTrash, toTrashItem, type Trashable } from '../services/trash';
import { listReply } from './list-reply';

const { list, remove } = trashContract.routes as Required<typeof trashContract.routes>;

/**
 * The trash: deleted products, coupons, banners and blogs, kept `days` days. GET lists them (whoever may
 * delete), `POST /:resource/:recordId/restore` puts one back, `DELETE /:resource/:recordId` purges it now (admins).
 */
export function trashRoutes(db: Db, trashables: Readonly<Record<string, Trashable>>, days: number): FastifyPluginAsync {
  const names = Object.keys(trashables) as [string, ...string[]];
  const spec: ListSpec<typeof trashContract.list> = {
    list: 'trash',
    sortColumns: { deletedAt: trashItems.deletedAt },
    filters: { resource: enumFilter(trashItems.resource, names) },
    defaultSort: { field: 'deletedAt', order: 'desc' },
    tieBreaker: trashItems.id,
  };
  const target = z.object({
    resource: z.enum(names, { error: `must be one of ${names.join(', ')}` }),
    recordId: z.string().regex(/^[a-f0-9]{24}$/, 'must be a record id'),
  });
  const missing = () => new HttpError(404, 'Not in the trash (restored, purged, or never deleted)');

  return async (app) => {
    app.get(list.path || '/', accessTo(trashContract, 'read'), async (request, reply) => {
      const asked = parseListQuery(request.query, spec);
      const [rows, total] = await pageWithTotal(db, trashItems, { ...asked, limit: asked.limit ?? 200 });
      const items = rows.map((row) => toTrashItem(row, days));
      return listReply(reply, asked, total, { success: true, items, total });
    });

    app.post(trashContract.calls!.restore!.path, accessTo(trashContract, 'update'), async (request) => {
      const { resource, recordId } = parseInput(target, request.params);
      const item = await restoreFromTrash(db, whoOf(request), resource, recordId, trashables[resource]!);
      if (!item) throw missing();
      return { success: true, message: `${item.label ?? 'The record'} restored` };
    });

    app.delete(remove.path, accessTo(trashContract, 'delete'), async (request) => {
      const { resource, recordId } = parseInput(target, request.params);
      if (!(await purgeFromTrash(db, whoOf(request), resource, recordId))) throw missing();
      return { success: true, message: 'Deleted forever' };
    });
  };
}
