import { choices, presentResource, searchedText, type FieldSpec } from '../../components/resource/presentation';
import {
  COUPON_STATE_COLOURS,
  DISCOUNT_TYPE_LABELS,
  formatCouponValue,
  formatDate,
  PRODUCT_CATEGORIES,
  PRODUCT_COLLECTIONS,
  couponsContract,
  type Coupon,
} from '../../domain';
import { ExpiryField } from './ExpiryField';

const STATES = { active: 'Active', inactive: 'Inactive' };

/** The store's collections or categories a coupon applies to (none: all of them). */
const storeList = (label: string, suggestions: readonly string[]): FieldSpec<Coupon> => ({
  label,
  kind: 'list',
  column: { flex: 1, minWidth: 100, hideBelow: 'md' },
  form: { widget: 'list', suggestions },
});

/** Coupons: a grid with Add New Coupon and Update Coupon dialogs. */
export default presentResource<Coupon>(couponsContract, {
  recordLabel: (coupon) => coupon.code,
  defaults: { isActive: true },
  twoColumnForm: true,
  autoRowHeight: true,
  fields: {
    code: searchedText('Code', { minWidth: 110 }, {}, 'strong'),
    discountType: {
      label: 'Type',
      column: { width: 100, hideBelow: 'sm' },
      filter: 'select',
      options: choices(DISCOUNT_TYPE_LABELS),
      form: { widget: 'select', label: 'Discount Type', required: true },
    },
    discountValue: {
      label: 'Value',
      format: (_value: number, coupon) => formatCouponValue(coupon),
      column: { width: 80 },
      form: {
        widget: 'number',
        label: 'Discount Value',
        required: true,
        unit: (values) => (values.discountType === 'percentage' ? '%' : '₹'),
      },
    },
    minOrderAmount: {
      label: 'Min Order',
      kind: 'money',
      column: { width: 100, hideBelow: 'md' },
      form: { widget: 'money', label: 'Min Order Amount', helper: 'Blank means no minimum' },
    },
    maxDiscount: {
      label: 'Max Discount',
      kind: 'money',
      column: { width: 120, hideBelow: 'md' },
      form: { widget: 'money', helper: 'Optional' },
    },
    applicableCollections: storeList('Collections', PRODUCT_COLLECTIONS),
    applicableCategories: storeList('Categories', PRODUCT_CATEGORIES),
    expiresAt: {
      label: 'Expiry Date',
      format: (expiresAt: string | null) => (expiresAt === null ? 'Never' : formatDate(expiresAt)),
      column: { width: 120, sortable: true, hideBelow: 'sm' },
      form: { widget: ExpiryField, helper: 'Blank means no expiry' },
    },
    isActive: {
      label: 'Status',
      kind: 'badge',
      badge: {
        colours: COUPON_STATE_COLOURS,
        labels: STATES,
        value: (coupon) => (coupon.isActive ? 'active' : 'inactive'),
      },
      column: { width: 100 },
      filter: 'boolean',
      options: choices({ true: STATES.active, false: STATES.inactive }),
      form: { widget: 'switch', label: 'Active' },
    },
  },
});
