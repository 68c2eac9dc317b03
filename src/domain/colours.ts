import type { OrderState, PaymentStatus, ProductStatus } from './constants';
import { STOCK_WARNING_LIMIT } from './constants';

/** The spec's badge colours, named as MUI palette colours ("destructive" is MUI's "error"). */
export type BadgeColour = 'success' | 'warning' | 'error' | 'info' | 'default';

/** A status's badge colour. */
export type Colours<Status extends string> = Record<Status, BadgeColour>;

export const PRODUCT_STATUS_COLOURS: Colours<ProductStatus> = {
  active: 'success',
  coming_soon: 'warning',
  inactive: 'error',
};

export const ORDER_STATUS_COLOURS: Colours<OrderState> = {
  draft: 'default',
  delivered: 'success',
  shipped: 'info',
  processing: 'warning',
  pending: 'warning',
  cancelled: 'error',
};

export const PAYMENT_STATUS_COLOURS: Colours<PaymentStatus> = { paid: 'success', pending: 'warning', refunded: 'info' };

export function stockColour(stock: number): BadgeColour {
  if (stock <= 0) return 'error';
  if (stock < STOCK_WARNING_LIMIT) return 'warning';
  return 'success';
}
