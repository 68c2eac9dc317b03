import { describe, expect, it } from 'vitest';
import {
  couponInputSchema,
  describeValidationError,
  formatCart,
  formatCouponValue,
  formatDate,
  formatDateTime,
  formatRupees,
  formatRupeesExact,
  isLowStock,
  isOutOfStock,
  lineTotal,
  shortOrderId,
  stockColour,
  totalStock,
} from '../../src/domain';
import { parseCommaList } from '../../src/components/comma-list';

const sizes = (...counts: number[]) => [
  { sizes: counts.map((c) => ({ size: 'M', price: 1, mrp: 1, countInStock: c })) },
];

describe('stock rules', () => {
  it('low stock is some size above 0 and below 50', () => {
    expect(isLowStock(sizes(0, 49))).toBe(true);
    expect(isLowStock(sizes(0, 50))).toBe(false);
    expect(isLowStock(sizes(0, 0))).toBe(false);
    expect(isLowStock(sizes(1))).toBe(true);
  });
  it('out of stock is every size at 0', () => {
    expect(isOutOfStock(sizes(0, 0))).toBe(true);
    expect(isOutOfStock(sizes(0, 1))).toBe(false);
    expect(isOutOfStock([])).toBe(true);
  });
  it('stock colour: 0 error, under 20 warning, else success', () => {
    expect(stockColour(0)).toBe('error');
    expect(stockColour(19)).toBe('warning');
    expect(stockColour(20)).toBe('success');
  });
  it('total stock adds every size of every variant', () => {
    expect(totalStock([...sizes(1, 2), ...sizes(3)])).toBe(6);
  });
});

describe('formatting', () => {
  it('comma lists are trimmed with blanks dropped', () => {
    expect(parseCommaList(' a, b , ,c,')).toEqual(['a', 'b', 'c']);
    expect(parseCommaList('')).toEqual([]);
  });
  it('rupees use Indian grouping', () => {
    expect(formatRupees(1234567)).toBe('₹12,34,567');
    expect(formatRupeesExact(1234.5)).toBe('₹1,234.50');
  });
  it('dates read day, short month and year, with the time of day where asked; no date is a dash', () => {
    // Built from the machine's own clock, as the console shows dates in the admin's time zone.
    const moment = new Date(2026, 10, 25, 9, 5);
    expect(formatDate(moment.toISOString())).toBe('25 Nov 2026');
    expect(formatDate(moment)).toBe('25 Nov 2026');
    expect(formatDateTime(moment.toISOString())).toBe('25 Nov 2026, 09:05 am');
    expect(formatDateTime(new Date(2026, 0, 3, 21, 40).toISOString())).toBe('03 Jan 2026, 09:40 pm');
    expect([formatDate(null), formatDate('not a date'), formatDateTime(undefined), formatDateTime('soon')]).toEqual([
      '—',
      '—',
      '—',
      '—',
    ]);
  });
  it('line total is qty times price to the paisa', () => {
    expect(lineTotal(3, 199.99)).toBe(599.97);
  });
  it('short order id is the last 6 characters', () => {
    expect(shortOrderId('65f0c0ffee0123456789abcd')).toBe('89abcd');
  });
  it('coupon value shows percent or rupees', () => {
    expect(formatCouponValue({ discountType: 'percentage', discountValue: 15 })).toBe('15%');
    expect(formatCouponValue({ discountType: 'flat', discountValue: 1500 })).toBe('₹1,500');
  });
  it('cart items read size / colour – qty pcs', () => {
    expect(formatCart([{ size: 'M', color: 'Black', quantity: 2 }])).toBe('M / Black – 2 pcs');
    expect(formatCart([])).toBe('No items');
  });
});

describe('coupon schema', () => {
  const base = { code: 'SAVE10', discountType: 'percentage', discountValue: 10, expiresAt: '2030-01-01' };
  it('accepts a valid coupon with defaults', () => {
    const c = couponInputSchema.parse(base);
    expect(c.isActive).toBe(true);
    expect(c.applicableCategories).toEqual([]);
  });
  it('names the field of a percentage over 100', () => {
    const r = couponInputSchema.safeParse({ ...base, discountValue: 120 });
    expect(r.success).toBe(false);
    if (!r.success) expect(describeValidationError(r.error)).toMatch(/^discountValue: /);
  });
});
