import { z } from 'zod';
import { DISCOUNT_TYPES, type DiscountType } from './constants';
import { requiredText, tagListSchema } from './validation';

export interface Coupon {
  _id: string;
  code: string;
  discountType: DiscountType;
  discountValue: number;
  minOrderAmount: number;
  maxDiscount?: number | null;
  applicableCategories: string[];
  applicableCollections: string[];
  expiresAt: string;
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

/** A calendar date (a form's 'YYYY-MM-DD' or an ISO date-time), bounded to what a PostgreSQL timestamp holds and a coupon could mean. */
const couponDate = (label: string) =>
  z.preprocess(
    (value) => (value === '' || value === null ? undefined : typeof value === 'string' || typeof value === 'number' ? new Date(value) : value),
    z
      .date({ error: (issue) => (issue.input === undefined ? `${label} is required` : 'must be a date') })
      .min(new Date('1970-01-01T00:00:00Z'), 'must be a date after 1970')
      .max(new Date('9999-12-31T23:59:59Z'), 'must be a date before the year 10000'),
  );

export const couponInputSchema = z
  .object({
    code: requiredText('Code', 40).regex(/^[A-Za-z0-9_-]*$/, 'may hold only letters, digits, - and _'),
    discountType: z.enum(DISCOUNT_TYPES, {
      error: (issue) => (issue.input === undefined || issue.input === '' ? 'Discount type is required' : 'must be percentage or flat'),
    }),
    discountValue: amount('Discount value'),
    minOrderAmount: amount('Min order amount').default(0),
    maxDiscount: amount('Max discount').nullable().optional(),
    applicableCategories: tagListSchema.default([]),
    applicableCollections: tagListSchema.default([]),
    expiresAt: couponDate('Expiry date'),
    isActive: z.boolean().default(true),
  })
  .refine((c) => c.discountType !== 'percentage' || c.discountValue <= 100, {
    path: ['discountValue'],
    message: 'A percentage discount must be at most 100',
  });
export type CouponInput = z.infer<typeof couponInputSchema>;

/** '10%' for a percentage coupon, '₹500' for a flat one. */
export function formatCouponValue(coupon: Pick<Coupon, 'discountType' | 'discountValue'>): string {
  return coupon.discountType === 'percentage'
    ? `${coupon.discountValue}%`
    : `₹${coupon.discountValue.toLocaleString('en-IN')}`;
}

/** The Active / Inactive badge: the spec names no colours, so inactive is the neutral grey. */
export const COUPON_STATE_COLOURS = { active: 'success', inactive: 'default' } as const;
