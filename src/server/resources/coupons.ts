import { randomBytes } from 'node:crypto';
import { ilike, sql } from 'drizzle-orm';
import { z } from 'zod';
import { DISCOUNT_TYPE_LABELS, DISCOUNT_TYPES, couponBulkStatusSchema, couponInputSchema, type Coupon } from '../../domain';
import { coupons } from '../db/schema';
import { enumFilter } from '../list-query';
import { bulkStatus, defineResource, type OwnFields, type ResourceListSpec } from '../resource-routes';

/** What the coupons grid sorts, filters and searches by. */
export const couponListSpec: ResourceListSpec<'coupons'> = {
  sortColumns: { code: coupons.code, expiresAt: coupons.expiresAt, createdAt: coupons.createdAt },
  filters: {
    isActive: {
      value: z.enum(['true', 'false'], { error: 'must be true or false' }),
      condition: (values) => sql`${coupons.isActive} = any(${sql.param(values.map((v) => v === 'true'))}::boolean[])`,
    },
    discountType: enumFilter(coupons.discountType, DISCOUNT_TYPES),
  },
  search: (pattern) => ilike(coupons.code, pattern),
  defaultSort: { field: 'createdAt', order: 'desc' },
};

/** The contract's coupon calls; it has no single-coupon read. */
export const couponResource = defineResource({
  name: 'coupons',
  table: coupons,
  input: couponInputSchema,
  list: couponListSpec,
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
  // The grid's columns; a coupon that never expires has no expiry date (the grid says Never).
  export: {
    columns: [
      { header: 'Code', value: (coupon) => coupon.code },
      { header: 'Type', value: (coupon) => DISCOUNT_TYPE_LABELS[coupon.discountType] },
      // A percentage as it is (10), a flat amount as money (100.00).
      { header: 'Value', kind: 'number', value: (coupon) => (coupon.discountType === 'flat' ? coupon.discountValue.toFixed(2) : coupon.discountValue) },
      { header: 'Min Order', kind: 'money', value: (coupon) => coupon.minOrderAmount },
      { header: 'Max Discount', kind: 'money', value: (coupon) => coupon.maxDiscount },
      { header: 'Collections', value: (coupon) => coupon.applicableCollections.join('; ') },
      { header: 'Categories', value: (coupon) => coupon.applicableCategories.join('; ') },
      { header: 'Expiry Date', kind: 'date', value: (coupon) => coupon.expiresAt },
      { header: 'Status', value: (coupon) => (coupon.isActive ? 'Active' : 'Inactive') },
      { header: 'Created', kind: 'date', value: (coupon) => coupon.createdAt },
    ],
  },
  // Activate, deactivate or delete a selection.
  bulk: { status: bulkStatus(couponBulkStatusSchema, ({ isActive }) => ({ isActive })), remove: true },
  // Codes are unique: each read is another one.
  get example() {
    return { code: `EX${randomBytes(5).toString('hex').toUpperCase()}`, discountType: 'flat', discountValue: 100, minOrderAmount: 0, expiresAt: '2031-01-01', isActive: true };
  },
});
