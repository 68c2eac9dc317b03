import type { Colours } from './colours';
import { labelsOf } from './labels';
import { defineContract } from './contract';
import type { OrderItem } from './order';

/** Where the returns are: GET /api/returns and the calls on one return. */
export const RETURNS_BASE = '/api/returns';

/** Why a customer sends units back. */
export type ReturnReason = (typeof RETURN_REASONS)[number];
export const RETURN_REASONS = [
  'too_small',
  'too_large',
  'colour_not_as_shown',
  'defective',
  'changed_mind',
  'other',
] as const;
export const RETURN_REASON_LABELS = labelsOf(RETURN_REASONS);

/** What the customer gets for them: the money back, a coupon for it, or another size or colour. */
export type ReturnResolution = (typeof RETURN_RESOLUTIONS)[number];
export const RETURN_RESOLUTIONS = ['refund', 'store_credit', 'exchange'] as const;
export const RETURN_RESOLUTION_LABELS = labelsOf(RETURN_RESOLUTIONS);

/** A return's life: asked for, the parcel received, then closed; or rejected instead. */
export type ReturnStatus = (typeof RETURN_STATUSES)[number];
export const RETURN_STATUSES = ['requested', 'received', 'closed', 'rejected'] as const;
export const RETURN_STATUS_LABELS = labelsOf(RETURN_STATUSES);
export const RETURN_STATUS_COLOURS: Colours<ReturnStatus> = {
  requested: 'warning',
  received: 'info',
  closed: 'success',
  rejected: 'error',
};

/** What happens to a received unit: back on the shelf (through the stock ledger), or written off. */
export type ReturnDisposition = (typeof RETURN_DISPOSITIONS)[number];
export const RETURN_DISPOSITIONS = ['restock', 'damaged'] as const;
export const RETURN_DISPOSITION_LABELS = labelsOf(RETURN_DISPOSITIONS);

/** An order's figures, before and after an edit. */
export interface OrderFigures {
  itemsPrice: number;
  discount: number;
  shippingPrice: number;
  taxPrice: number;
  totalPrice: number;
}

/** What an edit would do (the preview), or did: the new lines, the figures, the coupon, the stock it needs. */
export interface OrderEditPreview {
  orderItems: Omit<OrderItem, 'product' | '_id'>[];
  before: OrderFigures;
  after: OrderFigures;
  coupon: { code: string; discount: number; refused?: string } | null;
  /** Each change as the timeline words it: '+1 Beagle Tee Mustard L'. */
  changes: string[];
  /** Every SKU whose reservation moves: the units more (or fewer) it must hold, and what it has free. */
  stock: { sku: string; change: number; available: number; enough: boolean }[];
}

/** Of a product's units shipped in the last 90 days in one size, how many came back. */
export interface ReturnRate {
  size: string;
  sold: number;
  returned: number;
  /** returned / sold, 0 to 1. */
  rate: number;
}

/** One line of a return. */
export interface ReturnItem {
  /** The order line's `_id`. */
  line: string;
  sku: string | null;
  name: string;
  color: string;
  size: string;
  qty: number;
  reason: ReturnReason;
  resolution: ReturnResolution;
  /** What the customer paid for these units: their price less their share of the coupon. */
  amount: number;
  exchangeTo: { color: string; size: string; sku: string } | null;
  disposition: ReturnDisposition | null;
}

export interface ReturnRecord {
  _id: string;
  order: { _id: string; status: string; paymentMethod: string };
  customer: { _id: string; fullname: string; email: string } | null;
  status: ReturnStatus;
  items: ReturnItem[];
  /** The reasons and resolutions of its lines, for the grid. */
  reasons: ReturnReason[];
  resolutions: ReturnResolution[];
  qty: number;
  note: string;
  rejectReason: string | null;
  /** What the refund call pays back (refund lines, and what an exchange for less leaves over). */
  refundDue: number;
  refunded: number;
  /** The single-use coupon issued for the store-credit lines. */
  storeCredit: { code: string; amount: number } | null;
  /** The replacement order of the exchange lines. */
  exchangeOrder: { _id: string; totalPrice: number } | null;
  createdAt: string;
  updatedAt: string;
}

/** Staff read returns and move them on; the money goes back by the refund call. */
export const returnsContract = defineContract<ReturnRecord>()({
  name: 'returns',
  noun: 'Return',
  base: RETURNS_BASE,
  api: { list: '', get: '/:id' },
  keys: { list: 'returns', record: 'return' },
  calls: {
    receive: { method: 'POST', path: '/:id/receive' },
    refund: { method: 'POST', path: '/:id/refund' },
    close: { method: 'POST', path: '/:id/close' },
    reject: { method: 'POST', path: '/:id/reject' },
  },
  list: {
    sort: ['createdAt', 'refundDue'],
    filter: ['status', 'reason', 'resolution', 'from', 'to', 'order'],
    // q: the order's id (its short id too) or the customer's name or email.
    search: [],
    defaultSort: { field: 'createdAt', order: 'desc' },
  },
  // Staff who look after orders move returns on; `create` is the refund: money given back, which only
  // those who may change the catalogue and its prices (admins, managers) give.
  access: { create: 'write', update: 'orderStatus' },
  export: {
    file: 'returns',
    columns: [
      { header: 'Return ID', field: '_id' },
      { header: 'Order ID', value: (record) => record.order._id },
      { header: 'Customer', value: (record) => record.customer?.fullname },
      { header: 'Status', value: (record) => RETURN_STATUS_LABELS[record.status] },
      { header: 'Units', kind: 'number', field: 'qty' },
      { header: 'Reasons', value: (record) => record.reasons.map((reason) => RETURN_REASON_LABELS[reason]).join('; ') },
      {
        header: 'Resolutions',
        value: (r) => r.resolutions.map((resolution) => RETURN_RESOLUTION_LABELS[resolution]).join('; '),
      },
      { header: 'Refund due', kind: 'money', field: 'refundDue' },
      { header: 'Refunded', kind: 'money', field: 'refunded' },
      { header: 'Requested', kind: 'date', field: 'createdAt' },
    ],
  },
});
