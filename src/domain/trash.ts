import { defineContract } from './contract';

/** A deleted record waiting in the trash, as GET /api/trash answers it. */
export interface TrashItem {
  _id: string;
  /** Its resource's name ('coupons', 'products'...). */
  resource: string;
  recordId: string;
  label: string | null;
  deletedBy: { _id: string | null; fullname: string };
  deletedAt: string;
  /** When the upkeep deletes it for good. */
  purgeAt: string;
}

/**
 * The trash: whoever may delete sees it and restores from it (POST /:resource/:recordId/restore); only
 * admins delete forever (DELETE /:resource/:recordId).
 */
export const trashContract = defineContract<TrashItem>()({
  name: 'trash',
  noun: 'Trashed record',
  base: '/api/trash',
  api: { list: '', remove: '/:resource/:recordId' },
  keys: { list: 'items' },
  list: { sort: ['deletedAt'], filter: ['resource'], defaultSort: { field: 'deletedAt', order: 'desc' } },
  access: { read: 'delete', update: 'delete', delete: 'team' },
  calls: { restore: { method: 'POST', path: '/:resource/:recordId/restore' } },
  restore: false,
});
