import { z } from 'zod';
import { formatCommaList, parseCommaList } from './comma-list';
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
    // Bounded to what a PostgreSQL timestamp holds and a coupon could mean, so a far-off date is a 400, not a database error.
    expiresAt: z.coerce
      .date({ error: 'expiresAt must be a date' })
      .min(new Date('1970-01-01T00:00:00Z'), 'expiresAt must be a date after 1970')
      .max(new Date('9999-12-31T23:59:59Z'), 'expiresAt must be a date before the year 10000'),
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

export const COUPON_MESSAGES = {
  addFailed: 'Failed to add coupon',
  updateFailed: 'Failed to update coupon',
  deleteQuestion: 'Are you sure you want to delete this coupon?',
  empty: 'No coupons found.',
} as const;

/** The Active / Inactive badge: the spec names no colours, so inactive is the neutral grey. */
export const COUPON_STATE_COLOURS = { active: 'success', inactive: 'default' } as const;

/** A number typed into a form field: blank is absent, anything else must read as a number. */
const numberText = (label: string) =>
  z
    .string()
    .trim()
    .superRefine((text, context) => {
      if (text === '') return;
      const value = Number(text);
      if (!Number.isFinite(value)) context.addIssue({ code: 'custom', message: `${label} must be a number` });
      else if (value < 0) context.addIssue({ code: 'custom', message: `${label} must not be negative` });
    });

/**
 * The add/update dialog: every field as typed (numbers and lists as text), turned into what the
 * coupon calls accept. The server checks the same rules again with couponInputSchema.
 */
export const couponFormSchema = z
  .object({
    code: z
      .string()
      .trim()
      .min(1, 'Code is required')
      .max(40, 'Code must be at most 40 characters')
      .regex(/^[A-Za-z0-9_-]*$/, 'Code may hold only letters, digits, - and _'),
    discountType: z.enum(DISCOUNT_TYPES, { error: 'Discount type is required' }),
    discountValue: numberText('Discount value').refine((text) => text !== '', 'Discount value is required'),
    minOrderAmount: numberText('Min order amount'),
    maxDiscount: numberText('Max discount'),
    categories: z.string(),
    collections: z.string(),
    expiresAt: z.string().refine((text) => /^\d{4}-\d{2}-\d{2}$/.test(text), 'Expiry date is required'),
    isActive: z.boolean(),
  })
  // A value that is not a number already has its own message.
  .refine((c) => c.discountType !== 'percentage' || !(Number(c.discountValue) > 100), {
    path: ['discountValue'],
    message: 'A percentage discount must be at most 100',
  })
  .transform(
    (c): CouponInput => ({
      code: c.code,
      discountType: c.discountType,
      discountValue: Number(c.discountValue),
      minOrderAmount: c.minOrderAmount === '' ? 0 : Number(c.minOrderAmount),
      maxDiscount: c.maxDiscount === '' ? null : Number(c.maxDiscount),
      applicableCategories: parseCommaList(c.categories),
      applicableCollections: parseCommaList(c.collections),
      expiresAt: new Date(`${c.expiresAt}T00:00:00.000Z`),
      isActive: c.isActive,
    }),
  );
export type CouponFormValues = Omit<z.input<typeof couponFormSchema>, 'discountType'> & { discountType: DiscountType | '' };

/** The dialog's starting values: blank and active for a new coupon, the coupon's own for an edit. */
export function couponFormValues(coupon?: Coupon): CouponFormValues {
  if (!coupon) {
    return {
      code: '',
      discountType: '',
      discountValue: '',
      minOrderAmount: '',
      maxDiscount: '',
      categories: '',
      collections: '',
      expiresAt: '',
      isActive: true,
    };
  }
  return {
    code: coupon.code,
    discountType: coupon.discountType,
    discountValue: String(coupon.discountValue),
    minOrderAmount: String(coupon.minOrderAmount ?? 0),
    maxDiscount: coupon.maxDiscount === null || coupon.maxDiscount === undefined ? '' : String(coupon.maxDiscount),
    categories: formatCommaList(coupon.applicableCategories),
    collections: formatCommaList(coupon.applicableCollections),
    expiresAt: coupon.expiresAt ? coupon.expiresAt.slice(0, 10) : '',
    isActive: coupon.isActive,
  };
}
