import { and, desc, eq, ilike, sql } from 'drizzle-orm';
import { z } from 'zod';
import { DISCOUNT_TYPES, type Coupon, type CouponInput } from '../../domain';
import type { Db } from '../db/client';
import { newId } from '../db/ids';
import { coupons } from '../db/schema';
import { HttpError } from '../errors';
import { paged, type ListQuery, type ListSpec } from '../list-query';
import { isVersion, nextVersion, refuseIfStale } from './edit-version';

export const couponListSpec: ListSpec<'coupons'> = {
  list: 'coupons',
  sortColumns: { code: coupons.code, expiresAt: coupons.expiresAt, createdAt: coupons.createdAt },
  filters: {
    isActive: {
      value: z.enum(['true', 'false'], { error: 'must be true or false' }),
      condition: (values) => sql`${coupons.isActive} = any(${sql.param(values.map((v) => v === 'true'))}::boolean[])`,
    },
    discountType: {
      value: z.enum(DISCOUNT_TYPES, { error: `must be one of ${DISCOUNT_TYPES.join(', ')}` }),
      condition: (values) => sql`${coupons.discountType} = any(${sql.param(values)}::text[])`,
    },
  },
  search: (pattern) => ilike(coupons.code, pattern),
  defaultOrder: [desc(coupons.createdAt), desc(coupons.id)],
  tieBreaker: coupons.id,
};

function toCoupon(row: typeof coupons.$inferSelect): Coupon {
  return {
    _id: row.id,
    code: row.code,
    discountType: row.discountType,
    discountValue: row.discountValue,
    minOrderAmount: row.minOrderAmount,
    maxDiscount: row.maxDiscount,
    applicableCategories: row.applicableCategories,
    applicableCollections: row.applicableCollections,
    expiresAt: row.expiresAt.toISOString(),
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listCoupons(db: Db, list: ListQuery) {
  const rows = await paged(db.select().from(coupons).where(list.where).orderBy(...list.orderBy).$dynamic(), list);
  const total = list.withTotal ? await db.$count(coupons, list.where) : rows.length;
  return { coupons: rows.map(toCoupon), total };
}

export async function createCoupon(db: Db, input: CouponInput): Promise<Coupon> {
  const [row] = await uniqueCode(db.insert(coupons).values({ id: newId(), ...input }).returning());
  return toCoupon(row!);
}

/** Applies the edit when the coupon still has the `updatedAt` it was made on (if given): a stale copy is a 409, a missing coupon undefined. */
export async function updateCoupon(db: Db, id: string, input: CouponInput, editedVersion?: string): Promise<Coupon | undefined> {
  const [row] = await uniqueCode(
    db
      .update(coupons)
      .set({ ...input, maxDiscount: input.maxDiscount ?? null, updatedAt: nextVersion(coupons.updatedAt) })
      .where(and(eq(coupons.id, id), isVersion(coupons.updatedAt, editedVersion)))
      .returning(),
  );
  return row ? toCoupon(row) : refuseIfStale(db, coupons, coupons.id, id, editedVersion, 'coupon');
}

export async function deleteCoupon(db: Db, id: string): Promise<boolean> {
  return (await db.delete(coupons).where(eq(coupons.id, id)).returning({ id: coupons.id })).length > 0;
}

/** The unique index on lower(code) decides, so two concurrent adds of one code cannot both win. */
async function uniqueCode<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (pgErrorCode(error) === '23505') throw new HttpError(409, 'A coupon with this code already exists');
    throw error;
  }
}

function pgErrorCode(error: unknown): string | undefined {
  for (let e = error; e instanceof Error; e = e.cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}
