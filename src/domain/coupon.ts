import { z } from 'zod';
import { DISCOUNT_TYPES, PRODUCT_CATEGORIES, PRODUCT_COLLECTIONS, type DiscountType } from './constants';
import { couponBulkStatusSchema } from './bulk';
import { defineContract } from './contract';
import { roundMoney } from './format';
import { fixedListSchema, requiredText } from './validation';

export interface Coupon {
  _id: string;
  code: string;
  discountType: DiscountType;
  discountValue: number;
  minOrderAmount: number;
  maxDiscount?: number | null;
  applicableCategories: string[];
  applicableCollections: string[];
  /** Null: never expires. */
  expiresAt: string | null;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
}

/** An amount of money or a percentage: a number, not negative. `label` names it when it is missing. */
const amount = (label: string) =>
  z
    .number({ error: (issue) => (issue.input === undefined ? `${label} is required` : 'must be a number') })
    .finite('must be a number')
    .min(0, 'must not be negative')
    .max(10_000_000, 'must be at most 1,00,00,000');

/**
 * The expiry: a calendar date (a form's 'YYYY-MM-DD' or an ISO date-time), bounded to what a PostgreSQL
 * timestamp holds and a coupon could mean, or null (left out, or the form's date left blank) for a coupon
 * that never expires.
 */
const couponExpiry = z.preprocess(
  (value) =>
    value === undefined || value === ''
      ? null
      : typeof value === 'string' || typeof value === 'number'
        ? new Date(value)
        : value,
  z
    .date({ error: 'must be a date' })
    .min(new Date('1970-01-01T00:00:00Z'), 'must be a date after 1970')
    .max(new Date('9999-12-31T23:59:59Z'), 'must be a date before the year 10000')
    .nullable(),
);

export const couponInputSchema = z
  .object({
    code: requiredText('Code', 40).regex(/^[A-Za-z0-9_-]*$/, 'may hold only letters, digits, - and _'),
    discountType: z.enum(DISCOUNT_TYPES, {
      error: (issue) =>
        issue.input === undefined || issue.input === '' ? 'Discount type is required' : 'must be percentage or flat',
    }),
    discountValue: amount('Discount value'),
    minOrderAmount: amount('Min order amount').default(0),
    maxDiscount: amount('Max discount').nullable().optional(),
    applicableCategories: fixedListSchema('category', PRODUCT_CATEGORIES).default([]),
    applicableCollections: fixedListSchema('collection', PRODUCT_COLLECTIONS).default([]),
    expiresAt: couponExpiry,
    isActive: z.boolean().default(true),
  })
  .refine((c) => c.discountType !== 'percentage' || c.discountValue <= 100, {
    path: ['discountValue'],
    message: 'A percentage discount must be at most 100',
  });

/** How the grid and the export name a discount type. */
export const DISCOUNT_TYPE_LABELS: Record<DiscountType, string> = { percentage: 'Percentage', flat: 'Flat' };

/** '10%' for a percentage coupon, '₹500' for a flat one. */
export function formatCouponValue(coupon: Pick<Coupon, 'discountType' | 'discountValue'>): string {
  return coupon.discountType === 'percentage'
    ? `${coupon.discountValue}%`
    : `₹${coupon.discountValue.toLocaleString('en-IN')}`;
}

/** The Active / Inactive badge: the spec names no colours, so inactive is the neutral grey. */
export const COUPON_STATE_COLOURS = { active: 'success', inactive: 'default' } as const;

/** The coupon calls as the store API has them (it has no single-coupon read). */
export const couponsContract = defineContract<Coupon>()({
  name: 'coupons',
  noun: 'Coupon',
  base: '/api/coupon',
  api: { list: '/allcoupons', create: '/add', update: '/coupon/:id', remove: '/coupon/:id' },
  keys: { list: 'coupons', record: 'coupon' },
  schema: couponInputSchema,
  list: {
    sort: ['code', 'expiresAt', 'createdAt'],
    filter: ['isActive', 'discountType'],
    search: ['code'],
    defaultSort: { field: 'createdAt', order: 'desc' },
  },
  bulk: {
    status: {
      schema: couponBulkStatusSchema,
      choices: [
        { label: 'Activate', body: { isActive: true } },
        { label: 'Deactivate', body: { isActive: false } },
      ],
    },
    remove: true,
  },
  // The grid's columns; a coupon that never expires has no expiry date (the grid says Never).
  export: {
    columns: [
      { header: 'Code', field: 'code' },
      { header: 'Type', value: (coupon) => DISCOUNT_TYPE_LABELS[coupon.discountType] },
      // A percentage as it is (10), a flat amount as money (100.00).
      {
        header: 'Value',
        kind: 'number',
        value: (coupon) => (coupon.discountType === 'flat' ? coupon.discountValue.toFixed(2) : coupon.discountValue),
      },
      { header: 'Min Order', kind: 'money', field: 'minOrderAmount' },
      { header: 'Max Discount', kind: 'money', field: 'maxDiscount' },
      { header: 'Collections', field: 'applicableCollections' },
      { header: 'Categories', field: 'applicableCategories' },
      { header: 'Expiry Date', kind: 'date', field: 'expiresAt' },
      { header: 'Status', value: (coupon) => (coupon.isActive ? 'Active' : 'Inactive') },
      { header: 'Created', kind: 'date', field: 'createdAt' },
    ],
  },
});

/** A line as a coupon's rules read it: its amount and its product's categories and collections. */
export interface CouponLine {
  amount: number;
  categories: readonly string[];
  collections: readonly string[];
}

/**
 * What `coupon` takes off these lines at `now`, or the rule that refuses it. A coupon limited to
 * categories or collections counts only the lines of products in one of them; the minimum is of the
 * whole order's items; a percentage is held to the maximum discount; nothing goes below 0.
 */
export function applyCoupon(
  coupon: Pick<
    Coupon,
    | 'code'
    | 'discountType'
    | 'discountValue'
    | 'minOrderAmount'
    | 'maxDiscount'
    | 'applicableCategories'
    | 'applicableCollections'
    | 'isActive'
  > & { expiresAt: string | Date | null },
  lines: readonly CouponLine[],
  now: Date,
): { discount: number } | { refused: string } {
  if (!coupon.isActive) return { refused: `coupon ${coupon.code} is not active` };
  if (coupon.expiresAt !== null && new Date(coupon.expiresAt).getTime() <= now.getTime())
    return { refused: `coupon ${coupon.code} has expired` };
  const subtotal = lines.reduce((sum, line) => sum + line.amount, 0);
  if (subtotal < coupon.minOrderAmount)
    return { refused: `coupon ${coupon.code} needs an order of at least ${coupon.minOrderAmount}` };
  const limited = coupon.applicableCategories.length > 0 || coupon.applicableCollections.length > 0;
  const eligible = lines
    .filter(
      (line) =>
        !limited ||
        line.categories.some((category) => coupon.applicableCategories.includes(category)) ||
        line.collections.some((collection) => coupon.applicableCollections.includes(collection)),
    )
    .reduce((sum, line) => sum + line.amount, 0);
  if (eligible === 0)
    return { refused: `coupon ${coupon.code} applies to none of these products (its categories and collections)` };
  const raw =
    coupon.discountType === 'percentage'
      ? (eligible * coupon.discountValue) / 100
      : Math.min(coupon.discountValue, eligible);
  const capped = coupon.maxDiscount != null ? Math.min(raw, coupon.maxDiscount) : raw;
  return { discount: roundMoney(capped) };
}
