import { z } from 'zod';
import { ORDER_STATUSES, type OrderStatus, type PaymentMethod, type PaymentStatus } from './constants';
import { orderBulkStatusSchema } from './bulk';
import { defineContract, statusChoices } from './contract';
import { ORDERS_BASE } from './dashboard';
import { lineTotal } from './format';

export interface Address {
  name: string;
  address: string;
  city: string;
  state: string;
  pincode: string;
  country: string;
  phone: string;
}

export interface OrderItem {
  /** The catalogue's product, or null once it has been deleted. */
  product: { _id: string; name: string; image: string } | null;
  /** The product's name when the order was placed: the line keeps it after the product goes. */
  name: string;
  image: string;
  color: string;
  size: string;
  qty: number;
  price: number;
  mrp: number;
}

export interface Order {
  _id: string;
  status: OrderStatus;
  paymentMethod: PaymentMethod;
  paymentResult: { status: PaymentStatus };
  createdAt: string;
  updatedAt: string;
  user: { _id: string; fullname: string; email: string; phone: string } | null;
  shippingAddress: Address;
  billingAddress: Address;
  orderItems: OrderItem[];
  shippingPrice: number;
  taxPrice: number;
  totalPrice: number;
  /** Only for cod orders. */
  advancePaid?: number;
  remainingCOD?: number;
  /** The order's timeline, oldest first: given by the details call (GET /api/order/order/{id}), not by lists. */
  history?: OrderHistoryEntry[];
}

export const ORDER_EVENT_TYPES = ['status', 'note'] as const;

/** One entry of an order's timeline: a status change (from, to) or a staff note (text), by whom and when. */
export interface OrderHistoryEntry {
  type: (typeof ORDER_EVENT_TYPES)[number];
  at: string;
  /** `_id` is null once the staff account is removed; the name stays. */
  by: { _id: string | null; fullname: string };
  from?: OrderStatus;
  to?: OrderStatus;
  text?: string;
}

export const ORDER_NOTE_MAX_LENGTH = 1000;

/**
 * A staff note on an order, kept as plain text: tags are dropped (it is never HTML), control characters
 * other than line breaks and tabs too, and what remains is 1 to 1,000 characters.
 */
export const orderNoteSchema = z.object({
  text: z
    .string({ error: 'Note text is required' })
    .transform((text) =>
      text
        .replace(/<[^>]*>/g, '')
        // eslint-disable-next-line no-control-regex -- control characters are what this removes.
        .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '')
        .trim(),
    )
    .pipe(
      z
        .string()
        .min(1, 'Note text is required')
        .max(ORDER_NOTE_MAX_LENGTH, `must be at most ${ORDER_NOTE_MAX_LENGTH} characters`),
    ),
});

export const orderStatusUpdateSchema = z.object({
  status: z.enum(ORDER_STATUSES, { error: `status must be one of ${ORDER_STATUSES.join(', ')}` }),
});

/** Revenue counts every order that is not cancelled (docs/api.md). */
export function countsAsSale(status: OrderStatus): boolean {
  return status !== 'cancelled';
}

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Pending',
  processing: 'Processing',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  paid: 'Paid',
  pending: 'Pending',
  refunded: 'Refunded',
};

/** Another backend may send a method we do not know: anything but 'cod' is paid online (constants.ts). */
export function paymentMethodLabel(method: string): string {
  return method === 'cod' ? 'Cash on delivery' : 'Online';
}

/** Sum of the item lines (qty × price each), before shipping and tax. */
export function itemsSubtotal(items: readonly Pick<OrderItem, 'qty' | 'price'>[]): number {
  return Math.round(items.reduce((sum, item) => sum + lineTotal(item.qty, item.price) * 100, 0)) / 100;
}

/** Where an order goes, in one line for the list: the city, else the street address. */
export function orderPlace(order: { shippingAddress?: Pick<Address, 'city' | 'address'> | null }): string {
  return order.shippingAddress?.city || order.shippingAddress?.address || '';
}

/** Orders are read and moved from status to status; they are not added or deleted here. */
export const ordersContract = defineContract<Order>()({
  name: 'orders',
  noun: 'Order',
  base: ORDERS_BASE,
  api: { list: '/all-orders', get: '/order/:id', update: '/update-status/:id' },
  keys: { list: 'orders', record: 'order' },
  // The status toast prefers the server's message.
  extras: { update: ['message'] },
  calls: { notes: { method: 'POST', path: '/order/:id/notes' } },
  schema: orderStatusUpdateSchema,
  list: {
    sort: ['createdAt', 'totalPrice', 'status'],
    filter: ['status', 'paymentStatus', 'user'],
    search: [],
    filterPaths: { paymentStatus: 'paymentResult.status' },
  },
  // An order's status is what support may change.
  access: { update: 'orderStatus' },
  bulk: { status: statusChoices(orderBulkStatusSchema, ORDER_STATUSES, ORDER_STATUS_LABELS) },
  export: {},
});
