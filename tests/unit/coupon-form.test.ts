import { describe, expect, it } from 'vitest';
import {
  couponFormSchema,
  couponFormValues,
  couponInputSchema,
  formatCouponValue,
  type Coupon,
  type CouponFormValues,
} from '../../src/domain';

const filled: CouponFormValues = {
  ...couponFormValues(),
  code: 'SAVE15',
  discountType: 'percentage',
  discountValue: '15',
  expiresAt: '2031-01-31',
};

const messages = (values: CouponFormValues) => {
  const result = couponFormSchema.safeParse(values);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('coupon form', () => {
  it('starts blank and active', () => {
    expect(couponFormValues()).toMatchObject({ code: '', discountType: '', discountValue: '', isActive: true, categories: '', collections: '' });
  });

  it('requires code, discount type, discount value and expiry date', () => {
    expect(messages(couponFormValues())).toEqual([
      'code: Code is required',
      'discountType: Discount type is required',
      'discountValue: Discount value is required',
      'expiresAt: Expiry date is required',
    ]);
  });

  it('wants numbers, not negative, and a percentage of at most 100', () => {
    expect(messages({ ...filled, discountValue: '1O' })).toEqual(['discountValue: Discount value must be a number']);
    expect(messages({ ...filled, minOrderAmount: '-1' })).toEqual(['minOrderAmount: Min order amount must not be negative']);
    expect(messages({ ...filled, discountValue: '100.5' })).toEqual(['discountValue: A percentage discount must be at most 100']);
    expect(messages({ ...filled, discountType: 'flat', discountValue: '500' })).toEqual([]);
  });

  it('turns the typed fields into what the coupon calls accept: lists trimmed, blanks dropped, empty when blank', () => {
    const input = couponFormSchema.parse({ ...filled, categories: ' Oversized, ,Men T-Shirts ,', collections: '   ', maxDiscount: '', minOrderAmount: '' });
    expect(input).toEqual({
      code: 'SAVE15',
      discountType: 'percentage',
      discountValue: 15,
      minOrderAmount: 0,
      maxDiscount: null,
      applicableCategories: ['Oversized', 'Men T-Shirts'],
      applicableCollections: [],
      expiresAt: new Date('2031-01-31T00:00:00.000Z'),
      isActive: true,
    });
    expect(couponInputSchema.safeParse(input).success).toBe(true);
  });

  it('prefills an edit from the coupon and gives the same coupon back', () => {
    const coupon: Coupon = {
      _id: 'c1',
      code: 'FLAT100',
      discountType: 'flat',
      discountValue: 100,
      minOrderAmount: 999,
      maxDiscount: null,
      applicableCategories: ['Oversized'],
      applicableCollections: ['Wild life collection', 'Brid lover collection'],
      expiresAt: '2027-01-21T00:00:00.000Z',
      isActive: false,
      createdAt: '',
      updatedAt: '',
    };
    const form = couponFormValues(coupon);
    expect(form).toMatchObject({ discountValue: '100', maxDiscount: '', collections: 'Wild life collection, Brid lover collection', expiresAt: '2027-01-21', isActive: false });
    expect(couponFormSchema.parse(form)).toMatchObject({
      code: 'FLAT100',
      discountValue: 100,
      minOrderAmount: 999,
      applicableCollections: coupon.applicableCollections,
      expiresAt: new Date(coupon.expiresAt),
      isActive: false,
    });
  });

  it('shows the value as a percent or an Indian-grouped rupee amount', () => {
    expect(formatCouponValue({ discountType: 'percentage', discountValue: 12.5 })).toBe('12.5%');
    expect(formatCouponValue({ discountType: 'flat', discountValue: 125000 })).toBe('₹1,25,000');
  });
});
