import type { QuickAction } from '../components/layout/QuickAddMenu';
import { createActionHref } from '../components/quick-add';
import { couponsResource } from '../resources/coupons';
import { productsResource } from '../resources/products';

/** The header's Quick Add menu: each opens its list page with the add dialog up. */
export const quickActions: QuickAction[] = [
  { label: 'Add Product', to: createActionHref(productsResource.list.path) },
  { label: 'Create Coupon', to: createActionHref(couponsResource.list.path) },
];
