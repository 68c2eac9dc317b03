import { describe, expect, it } from 'vitest';
import { couponInputSchema, formatCouponValue } from '../../src/domain';

/** What the coupon dialog's widgets hand the schema: numbers (undefined when blank, NaN when unreadable), lists, the date as typed. */
const filled = {
  code: 'SAVE15',
  discountType: 'percentage',
  discountValue: 15,
  expiresAt: '2031-01-31',
  isActive: true,
};

const messages = (values: Record<string, unknown>) => {
  const result = couponInputSchema.safeParse(values);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('coupon schema, as the dialog and the API use it', () => {
  it('requires code, discount type and discount value, naming each', () => {
    expect(messages({ code: '', discountType: '', discountValue: undefined, expiresAt: '', isActive: true })).toEqual([
      'code: Code is required',
      'discountType: Discount type is required',
      'discountValue: Discount value is required',
    ]);
  });

  it('reads a blank expiry date as none: the coupon never expires', () => {
    expect(couponInputSchema.parse({ ...filled, expiresAt: '' }).expiresAt).toBeNull();
    expect(couponInputSchema.parse({ ...filled, expiresAt: null }).expiresAt).toBeNull();
    expect(couponInputSchema.parse({ ...filled, expiresAt: undefined }).expiresAt).toBeNull();
  });

  it('wants numbers, not negative, and a percentage of at most 100', () => {
    expect(messages({ ...filled, discountValue: Number('1O') })).toEqual(['discountValue: must be a number']);
    expect(messages({ ...filled, minOrderAmount: -1 })).toEqual(['minOrderAmount: must not be negative']);
    expect(messages({ ...filled, discountValue: 100.5 })).toEqual([
      'discountValue: A percentage discount must be at most 100',
    ]);
    expect(messages({ ...filled, discountType: 'flat', discountValue: 500 })).toEqual([]);
  });

  it('fills what was left blank: no minimum, active, empty lists; the date at UTC midnight', () => {
    expect(couponInputSchema.parse({ ...filled, maxDiscount: null })).toEqual({
      code: 'SAVE15',
      discountType: 'percentage',
      discountValue: 15,
      minOrderAmount: 0,
      maxDiscount: null,
      applicableCategories: [],
      applicableCollections: [],
      expiresAt: new Date('2031-01-31T00:00:00.000Z'),
      isActive: true,
    });
  });

  it('reads an ISO date-time the same as the date typed in the form', () => {
    expect(couponInputSchema.parse({ ...filled, expiresAt: '2031-01-31T00:00:00.000Z' }).expiresAt).toEqual(
      new Date('2031-01-31T00:00:00.000Z'),
    );
    expect(messages({ ...filled, expiresAt: 'soon' })).toEqual(['expiresAt: must be a date']);
  });
});

describe('coupon value', () => {
  it('reads as a percentage or a rupee amount', () => {
    expect(formatCouponValue({ discountType: 'percentage', discountValue: 15 })).toBe('15%');
    expect(formatCouponValue({ discountType: 'flat', discountValue: 1500 })).toBe('₹1,500');
  });
});
