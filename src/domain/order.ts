import { z } from 'zod';
import { ORDER_STATUSES, PAYMENT_METHODS, type OrderState, type PaymentMethod, type PaymentStatus } from './constants';
import { idSchema, requiredText } from './validation';
import { orderBulkStatusSchema } from './bulk';
import { defineContract, statusChoices } from './contract';
import { ORDERS_BASE } from './dashboard';
import { lineTotal, roundMoney } from './format';

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
  /** The line's own id: edits keep it, returns name it (`line`). */
  _id?: string;
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
  /** The SKU the line took its units from; null when it named none the catalogue had. */
  sku?: string | null;
}

export interface Order {
  _id: string;
  status: OrderState;
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
  /** The coupon the order was placed with and what it took off the items (0 without one). */
  couponCode?: string | null;
  discount?: number;
  /** What went back to the customer (refunds and store credit). */
  refunded?: number;
  /** A replacement order: the order whose exchange it sends. */
  exchangeFor?: string | null;
  /** The order's timeline, oldest first: given by the details call (GET /api/order/order/{id}), not by lists. */
  history?: OrderHistoryEntry[];
}

/** A status change, a staff note, an edit of the lines, or a return's step (the text says what). */
export const ORDER_EVENT_TYPES = ['status', 'note', 'edit', 'return'] as const;

/** One entry of an order's timeline: a status change (from, to) or a staff note (text), by whom and when. */
export interface OrderHistoryEntry {
  type: (typeof ORDER_EVENT_TYPES)[number];
  at: string;
  /** `_id` is null once the staff account is removed; the name stays. */
  by: { _id: string | null; fullname: string };
  from?: OrderState;
  to?: OrderState;
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

/** Revenue counts every placed order that is not cancelled (docs/api.md): a draft counts in nothing. */
export function countsAsSale(status: OrderState): boolean {
  return status !== 'cancelled' && status !== 'draft';
}

export const ORDER_STATUS_LABELS: Record<OrderState, string> = {
  draft: 'Draft',
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

/** The store's tax on an order's items after their discount. */
export const TAX_RATE = 0.05;
/** Orders whose items come to this much ship free; others pay SHIPPING_FEE (unless staff set a fee). */
export const FREE_SHIPPING_FROM = 999;
export const SHIPPING_FEE = 79;

/**
 * An order's figures from its lines: items, the coupon's discount, shipping (free from FREE_SHIPPING_FROM
 * unless a fee is given), tax on the discounted items, and the total the dashboard counts as revenue.
 */
export function orderTotals(
  lines: readonly Pick<OrderItem, 'qty' | 'price'>[],
  discount = 0,
  shippingPrice?: number,
): { itemsPrice: number; discount: number; shippingPrice: number; taxPrice: number; totalPrice: number } {
  const itemsPrice = itemsSubtotal(lines);
  const shipping = shippingPrice ?? (itemsPrice >= FREE_SHIPPING_FROM ? 0 : SHIPPING_FEE);
  const taxPrice = roundMoney((itemsPrice - discount) * TAX_RATE);
  return {
    itemsPrice,
    discount,
    shippingPrice: shipping,
    taxPrice,
    totalPrice: roundMoney(itemsPrice - discount + shipping + taxPrice),
  };
}

const addressText = (label: string, max = 200) => requiredText(label, max);
const optionalText = (max: number) => z.string({ error: 'must be text' }).trim().max(max).default('');

export const addressSchema = z.object({
  name: addressText('Name', 100),
  address: addressText('Address', 300),
  city: addressText('City', 100),
  state: optionalText(100),
  pincode: optionalText(20),
  country: optionalText(100),
  phone: optionalText(30),
});

const money = z.number({ error: 'must be a number' }).finite().min(0, 'must not be negative').max(10_000_000);

export const ORDER_LINE_MAX_QTY = 100;

/** POST /api/order/create: an order staff place for a customer (a phone or Instagram order). */
/** What a new order's payment may be: paid, or not yet (a refund comes later). */
export const NEW_ORDER_PAYMENT_STATUSES = ['pending', 'paid'] as const;

export const orderCreateSchema = z.object({
  customer: z.union(
    [
      idSchema,
      z.object({
        fullname: requiredText('Full name', 100),
        email: z.email('Email must be a valid email address').max(254),
        phone: optionalText(30),
      }),
    ],
    { error: 'customer must be a customer id or {fullname, email, phone}' },
  ),
  shippingAddress: addressSchema,
  billingAddress: addressSchema.optional(),
  orderItems: z
    .array(
      z.object({
        product: idSchema,
        color: requiredText('Colour', 60),
        size: requiredText('Size', 20),
        qty: z
          .number({ error: 'must be a number' })
          .int('must be a whole number')
          .min(1, 'must be at least 1')
          .max(ORDER_LINE_MAX_QTY, `must be at most ${ORDER_LINE_MAX_QTY}`),
      }),
      { error: 'orderItems must be a list of lines' },
    )
    .min(1, 'An order needs at least one line')
    .max(50),
  paymentMethod: z.enum(PAYMENT_METHODS, { error: `paymentMethod must be one of ${PAYMENT_METHODS.join(', ')}` }),
  paymentStatus: z
    .enum(NEW_ORDER_PAYMENT_STATUSES, { error: 'paymentStatus must be pending or paid' })
    .default('pending'),
  couponCode: z.string({ error: 'must be text' }).trim().max(40).optional(),
  shippingPrice: money.optional(),
  advancePaid: money.optional(),
  note: z.string({ error: 'must be text' }).trim().max(ORDER_NOTE_MAX_LENGTH).optional(),
  /** Saved as a draft: it reserves nothing and counts in nothing until placed. */
  draft: z.boolean({ error: 'must be true or false' }).optional(),
});
export type OrderCreateInput = z.infer<typeof orderCreateSchema>;

/**
 * POST /api/order/place: a signed-in customer's own order (the storefront's call). The token says who;
 * without `orderItems` the customer's cart is ordered. Payment is pending until paid; a customer sets no
 * fee, advance or payment status.
 */
export const orderPlaceSchema = orderCreateSchema
  .omit({ customer: true, paymentStatus: true, shippingPrice: true, advancePaid: true })
  .extend({ orderItems: orderCreateSchema.shape.orderItems.optional() });
export type OrderPlaceInput = z.infer<typeof orderPlaceSchema>;

/** Orders are read and moved from status to status, and taken (drafts too) by the calls below. */
export const ordersContract = defineContract<Order>()({
  name: 'orders',
  noun: 'Order',
  base: ORDERS_BASE,
  // Create: an order staff take by phone or message (orderCreateSchema), placed as the customer's, or saved as a draft.
  api: { list: '/all-orders', get: '/order/:id', create: '/create', update: '/update-status/:id' },
  keys: { list: 'orders', record: 'order' },
  // The status toast and the new order's prefer the server's message.
  extras: { create: ['message'], update: ['message'] },
  calls: {
    notes: { method: 'POST', path: '/order/:id/notes' },
    // A customer's own order from the storefront (orderPlaceSchema).
    place: { method: 'POST', path: '/place' },
    // A draft placed: pending from then on, its units reserved.
    placeDraft: { method: 'POST', path: '/order/:id/place' },
    // An edit of the lines before shipping: what it would do, then the edit itself.
    editPreview: { method: 'POST', path: '/order/:id/edit/preview' },
    editItems: { method: 'PUT', path: '/order/:id/items' },
    // A return or exchange of a shipped order's units (returnCreateSchema; the returns are under /api/returns).
    returns: { method: 'POST', path: '/order/:id/returns' },
  },
  schema: { create: orderCreateSchema, update: orderStatusUpdateSchema },
  list: {
    sort: ['createdAt', 'totalPrice', 'status'],
    filter: ['status', 'paymentStatus', 'user'],
    search: [],
    filterPaths: { paymentStatus: 'paymentResult.status' },
  },
  // An order's status is what support may change, and support take orders by phone.
  access: { create: 'orderStatus', update: 'orderStatus' },
  bulk: { status: statusChoices(orderBulkStatusSchema, ORDER_STATUSES, ORDER_STATUS_LABELS) },
  export: {},
});
