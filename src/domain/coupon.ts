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

const amount = z.number({ error: 'must be a number' }).finite().min(0, 'must not be negative').max(10_000_000);

export const couponInputSchema = z
  .object({
    code: requiredText('code', 40).regex(/^[A-Za-z0-9_-]+$/, 'code may hold only letters, digits, - and _'),
    discountType: z.enum(DISCOUNT_TYPES, { error: 'discountType must be percentage or flat' }),
    discountValue: amount,
    minOrderAmount: amount.default(0),
    maxDiscount: amount.nullable().optional(),
    applicableCategories: tagListSchema.default([]),
    applicableCollections: tagListSchema.default([]),
    expiresAt: z.coerce.date({ error: 'expiresAt must be a date' }),
    isActive: z.boolean().default(true),
  })
  .refine((c) => c.discountType !== 'percentage' || c.discountValue <= 100, {
    path: ['discountValue'],
    message: 'a percentage discount must be at most 100',
  });
export type CouponInput = z.infer<typeof couponInputSchema>;

/** '10%' for a percentage coupon, '₹500' for a flat one. */
export function formatCouponValue(coupon: Pick<Coupon, 'discountType' | 'discountValue'>): string {
  return coupon.discountType === 'percentage'
    ? `${coupon.discountValue}%`
    : `₹${coupon.discountValue.toLocaleString('en-IN')}`;
}
