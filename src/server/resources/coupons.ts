import { randomBytes } from 'node:crypto';
import { couponsContract } from '../../domain';
import { coupons } from '../db/schema';
import { serveResource } from '../resource-routes';

export const servedCoupons = serveResource(couponsContract, {
  table: coupons,
  // An update that leaves maxDiscount out removes it.
  toRow: (input) => ({ ...input, maxDiscount: input.maxDiscount ?? null }),
  // The unique index on lower(code) decides, so two concurrent adds of one code cannot both win.
  duplicate: 'A coupon with this code already exists',
  // Codes are unique: each read is another one.
  get example() {
    return {
      code: `EX${randomBytes(5).toString('hex').toUpperCase()}`,
      discountType: 'flat',
      discountValue: 100,
      minOrderAmount: 0,
      expiresAt: '2031-01-01',
      isActive: true,
    };
  },
});
