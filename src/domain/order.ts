import { z } from 'zod';
import { ORDER_STATUSES, type OrderStatus, type PaymentMethod, type PaymentStatus } from './constants';

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
