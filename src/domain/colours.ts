import type { OrderState, PaymentStatus, ProductStatus } from './constants';
import type { ReturnStatus } from './returns';
import { STOCK_WARNING_LIMIT } from './constants';

/** The spec's badge colours, named as MUI palette colours ("destructive" is MUI's "error"). */
export type BadgeColour = 'success' | 'warning' | 'error' | 'info' | 'default';

export const PRODUCT_STATUS_COLOURS: Record<ProductStatus, BadgeColour> = {
  active: 'success',
  coming_soon: 'warning',
  inactive: 'error',
};

export const ORDER_STATUS_COLOURS: Record<OrderState, BadgeColour> = {
  draft: 'default',
  delivered: 'success',
  shipped: 'info',
  processing: 'warning',
  pending: 'warning',
  cancelled: 'error',
};

export const PAYMENT_STATUS_COLOURS: Record<PaymentStatus, BadgeColour> = {
  paid: 'success',
  pending: 'warning',
  refunded: 'info',
};

export const RETURN_STATUS_COLOURS: Record<ReturnStatus, BadgeColour> = {
  requested: 'warning',
  received: 'info',
  closed: 'success',
  rejected: 'error',
};

export function stockColour(stock: number): BadgeColour {
  if (stock <= 0) return 'error';
  if (stock < STOCK_WARNING_LIMIT) return 'warning';
  return 'success';
}
