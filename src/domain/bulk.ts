import { z } from 'zod';
import { ORDER_STATUSES, PRODUCT_STATUSES } from './constants';
import { idSchema } from './validation';

/** The most records one bulk action changes: a grid's selection, not the whole store. */
export const MAX_BULK_IDS = 500;

/** The selected records' ids: 1 to MAX_BULK_IDS, each once. */
export const bulkIdsSchema = z
  .array(idSchema, { error: `must be a list of 1 to ${MAX_BULK_IDS} distinct ids` })
  .min(1, `must be 1 to ${MAX_BULK_IDS} distinct ids`)
  .max(MAX_BULK_IDS, `must be 1 to ${MAX_BULK_IDS} distinct ids`)
  .refine((ids) => new Set(ids).size === ids.length, `must be 1 to ${MAX_BULK_IDS} distinct ids (an id appears twice)`);

/** A bulk delete's body: `{ ids }`. */
export const bulkDeleteSchema = z.object({ ids: bulkIdsSchema });

/** The orders' bulk status change: each order moves as its single status change would move it. */
export const orderBulkStatusSchema = z.object({
  ids: bulkIdsSchema,
  status: z.enum(ORDER_STATUSES, { error: `status must be one of ${ORDER_STATUSES.join(', ')}` }),
});

/** The products' bulk status change. */
export const productBulkStatusSchema = z.object({
  ids: bulkIdsSchema,
  status: z.enum(PRODUCT_STATUSES, { error: `status must be one of ${PRODUCT_STATUSES.join(', ')}` }),
});

/** The coupons' bulk status change: activate or deactivate. */
export const couponBulkStatusSchema = z.object({
  ids: bulkIdsSchema,
  isActive: z.boolean({ error: 'must be true or false' }),
});

/**
 * Every bulk action's answer (200 even when some failed): the ids now as asked (an order already in
 * the status counts), and each one that could not be, with why. `message` says how many of each.
 */
export interface BulkResult {
  success: true;
  message: string;
  updated: string[];
  failed: BulkFailure[];
}

export interface BulkFailure {
  _id: string;
  message: string;
}
