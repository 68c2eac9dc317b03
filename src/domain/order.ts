import { z } from 'zod';
import { ORDER_STATUSES, type OrderStatus, type PaymentMethod, type PaymentStatus } from './constants';
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
  product: { _id: string; name: string; image: string } | null;
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
}

export const orderStatusUpdateSchema = z.object({
  status: z.enum(ORDER_STATUSES, { error: `status must be one of ${ORDER_STATUSES.join(', ')}` }),
});
export type OrderStatusUpdate = z.infer<typeof orderStatusUpdateSchema>;

/** Revenue counts every order that is not cancelled (SPEC leaves it open; README documents it). */
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

const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  cod: 'Cash on delivery',
  online: 'Online',
};

/** Another backend may send a method we do not know: anything but 'cod' is paid online (constants.ts). */
export function paymentMethodLabel(method: string): string {
  return method === 'cod' ? PAYMENT_METHOD_LABELS.cod : PAYMENT_METHOD_LABELS.online;
}

/** Sum of the item lines (qty × price each), before shipping and tax. */
export function itemsSubtotal(items: readonly Pick<OrderItem, 'qty' | 'price'>[]): number {
  return Math.round(items.reduce((sum, item) => sum + lineTotal(item.qty, item.price) * 100, 0)) / 100;
}

/** Where an order goes, in one line for the list: the city, else the street address. */
export function orderPlace(order: Pick<Order, 'shippingAddress'>): string {
  return order.shippingAddress?.city || order.shippingAddress?.address || '';
}
