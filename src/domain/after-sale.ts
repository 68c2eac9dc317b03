import { z } from 'zod';
import { roundMoney } from './format';
import { orderCreateSchema } from './order';
import { RETURN_DISPOSITIONS, RETURN_REASONS, RETURN_RESOLUTIONS } from './returns';
import { idSchema, requiredText } from './validation';

/*
 * The rules and bodies of the calls after a sale (an order's edit, a return and its steps). Only their
 * routes and screens read them, so they stay out of the domain's index, whose every module the
 * console's first load carries.
 */

/** The statuses whose orders can still be edited: nothing has left the shelf yet. */
export const EDITABLE_ORDER_STATES = ['draft', 'pending', 'processing'] as const;
/** The statuses whose orders can be returned: the units reached (or are on their way to) the customer. */
export const RETURNABLE_ORDER_STATES = ['shipped', 'delivered'] as const;

/**
 * What a customer paid for `qty` units of a line: their price less their share of the order's coupon
 * discount (the share their price is of the items'). The server refunds this; the console shows it first.
 */
export function returnAmount(price: number, qty: number, order: { discount?: number; itemsPrice: number }): number {
  const paid = price * qty;
  const share = order.itemsPrice > 0 ? ((order.discount ?? 0) * paid) / order.itemsPrice : 0;
  return roundMoney(paid - share);
}

/** Money goes back as a refund, or as a single-use coupon for the customer. */
export const REFUND_KINDS = ['refund', 'store_credit'] as const;

const choice = <T extends string>(values: readonly [T, ...T[]], name: string) =>
  z.enum(values, { error: `${name} must be one of ${values.join(', ')}` });

const returnLine = z.object({
  line: idSchema,
  qty: z.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1').max(100),
  reason: choice(RETURN_REASONS, 'reason'),
  resolution: choice(RETURN_RESOLUTIONS, 'resolution'),
  /** The exchange's new colour and size of the same product (the line's own where one is left out). */
  exchangeTo: z
    .object({ color: requiredText('Colour', 60).optional(), size: requiredText('Size', 20).optional() })
    .optional(),
});

/** POST /api/order/order/{id}/returns: the lines coming back, each with why and what the customer gets. */
export const returnCreateSchema = z.object({
  items: z
    .array(returnLine, { error: 'items must be a list of lines' })
    .min(1, 'A return needs at least one line')
    .max(50)
    .superRefine((items, context) => {
      items.forEach((item, index) => {
        if (item.resolution === 'exchange' && !item.exchangeTo?.color && !item.exchangeTo?.size)
          context.addIssue({
            code: 'custom',
            path: [index, 'exchangeTo'],
            message: 'an exchange needs the new size or colour',
          });
      });
    }),
  note: z.string({ error: 'must be text' }).trim().max(1000).optional(),
});
export type ReturnCreateInput = z.infer<typeof returnCreateSchema>;

/** POST /api/returns/{id}/receive: what became of each line's units. */
export const returnReceiveSchema = z.object({
  items: z
    .array(z.object({ line: idSchema, disposition: choice(RETURN_DISPOSITIONS, 'disposition') }), {
      error: 'items must be a list of lines',
    })
    .min(1, 'Say what became of at least one line')
    .max(50),
});
export type ReturnReceiveInput = z.infer<typeof returnReceiveSchema>;

/** POST /api/returns/{id}/reject: why. */
export const returnRejectSchema = z.object({ reason: requiredText('Reason', 500) });

/** POST /api/order/order/{id}/edit/preview: the order's lines as they should be. */
export const orderEditSchema = z.object({ orderItems: orderCreateSchema.shape.orderItems });
export type OrderEditInput = z.infer<typeof orderEditSchema>;
/** PUT /api/order/order/{id}/items: the same, with the `updatedAt` of the order the editor loaded. */
export const orderItemsUpdateSchema = orderEditSchema.extend({
  updatedAt: z.iso.datetime({ error: 'updatedAt must be the order’s updatedAt as it was loaded', offset: true }),
});
