import { randomBytes } from 'node:crypto';
import { desc, ilike, sql } from 'drizzle-orm';
import { z } from 'zod';
import { DISCOUNT_TYPES, couponInputSchema, type Coupon } from '../../domain';
import { coupons } from '../db/schema';
import { enumFilter } from '../list-query';
import { defineResource, type OwnFields } from '../resource-routes';

/** The contract's coupon calls; it has no single-coupon read. */
export const couponResource = defineResource({
  name: 'coupons',
  table: coupons,
  input: couponInputSchema,
  list: {
    sortColumns: { code: coupons.code, expiresAt: coupons.expiresAt, createdAt: coupons.createdAt },
    filters: {
      isActive: {
        value: z.enum(['true', 'false'], { error: 'must be true or false' }),
        condition: (values) => sql`${coupons.isActive} = any(${sql.param(values.map((v) => v === 'true'))}::boolean[])`,
      },
      discountType: enumFilter(coupons.discountType, DISCOUNT_TYPES),
    },
    search: (pattern) => ilike(coupons.code, pattern),
    defaultOrder: [desc(coupons.createdAt), desc(coupons.id)],
  },
  toRecord: (row): OwnFields<Coupon> => ({
    code: row.code,
    discountType: row.discountType,
    discountValue: row.discountValue,
    minOrderAmount: row.minOrderAmount,
    maxDiscount: row.maxDiscount,
    applicableCategories: row.applicableCategories,
    applicableCollections: row.applicableCollections,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    isActive: row.isActive,
  }),
  // An update that leaves maxDiscount out removes it.
  toRow: (input) => ({ ...input, maxDiscount: input.maxDiscount ?? null }),
  texts: {
    noun: 'Coupon',
    // The unique index on lower(code) decides, so two concurrent adds of one code cannot both win.
    duplicate: 'A coupon with this code already exists',
  },
  contract: {
    path: 'coupon',
    list: { path: '/allcoupons', key: 'coupons' },
    get: false,
    create: { path: '/add', key: 'coupon' },
    update: { path: '/coupon/:id', key: 'coupon' },
    remove: { path: '/coupon/:id' },
  },
  // Codes are unique: each read is another one.
  get example() {
    return { code: `EX${randomBytes(5).toString('hex').toUpperCase()}`, discountType: 'flat', discountValue: 100, minOrderAmount: 0, expiresAt: '2031-01-01', isActive: true };
  },
});
