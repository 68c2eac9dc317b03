import { and, asc, desc, eq, ilike, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  PRODUCT_STATUSES,
  isLowStock,
  staleEditMessage,
  totalStock,
  type Product,
  type ProductCounts,
  type ProductInput,
  type Review,
  type Variant,
} from '../../domain';
import type { Db } from '../db/client';
import { newId } from '../db/ids';
import { products, reviews, users, variantSizes, variants } from '../db/schema';
import { enumFilter, paged, type ListQuery, type ListSpec } from '../list-query';
import { isVersion, nextVersion, refuseIfStale } from './edit-version';
import { groupBy } from './group-by';

type ProductRow = typeof products.$inferSelect;

export const productListSpec: ListSpec<'products'> = {
  list: 'products',
  sortColumns: {
    name: products.name,
    createdAt: products.createdAt,
    totalStock: products.totalStock,
    status: products.status,
  },
  filters: {
    status: enumFilter(products.status, PRODUCT_STATUSES),
    category: {
      value: z.string().max(100),
      condition: (values) => sql`${products.categories} && ${sql.param(values)}::text[]`,
    },
  },
  search: (pattern) => ilike(products.name, pattern),
  defaultOrder: [desc(products.createdAt), desc(products.id)],
  tieBreaker: products.id,
};

export async function listProducts(db: Db, list: ListQuery): Promise<{ products: Product[]; total: number }> {
  const rows = await paged(db.select().from(products).where(list.where).orderBy(...list.orderBy).$dynamic(), list);
  const total = list.withTotal ? await db.$count(products, list.where) : rows.length;
  return { products: await withChildren(db, rows), total };
}

/**
 * The catalogue's count cards, over every product whatever the list shows (domain rules for low and out
 * of stock, kept per product by its write transaction): one pass over the products, no sizes read.
 */
export async function productCounts(db: Db): Promise<ProductCounts> {
  const result = await db.execute(sql`
    select count(*)::int as "total",
           (count(*) filter (where p.status = 'active'))::int as "active",
           (count(*) filter (where p.low_stock))::int as "lowStock",
           -- Stock is never negative, so "every size at 0" is a total of 0 (no sizes at all included).
           (count(*) filter (where p.total_stock = 0))::int as "outOfStock"
    from products p`);
  return (result as unknown as { rows: ProductCounts[] }).rows[0]!;
}

export async function getProduct(db: Db, id: string): Promise<Product | undefined> {
  const rows = await db.select().from(products).where(eq(products.id, id));
  return (await withChildren(db, rows))[0];
}

export async function createProduct(db: Db, input: ProductInput): Promise<Product> {
  const id = newId();
  return db.transaction(async (tx) => {
    const { variants: inputVariants, ...fields } = input;
    await tx.insert(products).values({ id, ...fields, totalStock: totalStock(inputVariants), lowStock: isLowStock(inputVariants) });
    await insertVariants(tx, id, inputVariants);
    return (await getProduct(tx, id))!;
  });
}

/**
 * Replaces the product's fields and its whole variant list in one transaction, when the product still
 * has the `updatedAt` the edit was made on (if given): the guarded UPDATE locks the row, so the variant
 * rewrite that follows cannot interleave with another edit's. A stale copy is a 409, a missing product undefined.
 */
export async function updateProduct(db: Db, id: string, input: ProductInput, editedVersion?: string): Promise<Product | undefined> {
  const saved = await db.transaction(async (tx) => {
    const { variants: inputVariants, ...fields } = input;
    const updated = await tx
      .update(products)
      .set({ ...fields, totalStock: totalStock(inputVariants), lowStock: isLowStock(inputVariants), updatedAt: nextVersion(products.updatedAt) })
      .where(and(eq(products.id, id), isVersion(products.updatedAt, editedVersion)))
      .returning({ id: products.id });
    if (updated.length === 0) return undefined;
    await tx.delete(variants).where(eq(variants.productId, id));
    await insertVariants(tx, id, inputVariants);
    // Read inside the transaction: the answer is this edit's product, not a later one's.
    return getProduct(tx, id);
  });
  return saved ?? refuseIfStale(db, products, products.id, id, editedVersion, staleEditMessage('product'));
}

export async function deleteProduct(db: Db, id: string): Promise<boolean> {
  const deleted = await db.delete(products).where(eq(products.id, id)).returning({ id: products.id });
  return deleted.length > 0;
}

async function insertVariants(db: Db, productId: string, input: ProductInput['variants']): Promise<void> {
  if (input.length === 0) return;
  const rows = input.map((v, position) => ({ id: newId(), productId, position, color: v.color, image: v.image, isMain: v.isMain }));
  await db.insert(variants).values(rows);
  const sizes = input.flatMap((v, i) => v.sizes.map((s, position) => ({ variantId: rows[i]!.id, position, ...s })));
  await db.insert(variantSizes).values(sizes);
}

/** Loads variants, sizes and reviews of many products in three queries, whatever their number. */
async function withChildren(db: Db, rows: ProductRow[]): Promise<Product[]> {
  if (rows.length === 0) return [];
  const ids = sql.param(rows.map((r) => r.id));
  const [variantRows, sizeRows, reviewRows] = await Promise.all([
    db.select().from(variants).where(sql`${variants.productId} = any(${ids}::text[])`).orderBy(asc(variants.position)),
    db
      .select({ size: variantSizes })
      .from(variantSizes)
      .innerJoin(variants, eq(variants.id, variantSizes.variantId))
      .where(sql`${variants.productId} = any(${ids}::text[])`)
      .orderBy(asc(variantSizes.position)),
    db
      .select({ review: reviews, fullname: users.fullname })
      .from(reviews)
      .leftJoin(users, eq(users.id, reviews.userId))
      .where(sql`${reviews.productId} = any(${ids}::text[])`)
      .orderBy(desc(reviews.createdAt)),
  ]);
  const sizesByVariant = groupBy(sizeRows.map((r) => r.size), (s) => s.variantId);
  const variantsByProduct = groupBy(variantRows, (v) => v.productId);
  const reviewsByProduct = groupBy(reviewRows, (r) => r.review.productId);
  return rows.map((row) => {
    const productVariants: Variant[] = (variantsByProduct.get(row.id) ?? []).map((v) => ({
      _id: v.id,
      color: v.color,
      image: v.image,
      isMain: v.isMain,
      sizes: (sizesByVariant.get(v.id) ?? []).map(({ size, price, mrp, countInStock }) => ({ size, price, mrp, countInStock })),
    }));
    const productReviews: Review[] = (reviewsByProduct.get(row.id) ?? []).map(({ review, fullname }) => ({
      _id: review.id,
      user: review.userId ? { _id: review.userId, fullname: fullname ?? '' } : { fullname: 'Former customer' },
      rating: review.rating,
      comment: review.comment,
      createdAt: review.createdAt.toISOString(),
    }));
    return {
      _id: row.id,
      name: row.name,
      description: row.description,
      status: row.status,
      categories: row.categories,
      collections: row.collections,
      image: row.image,
      subImages: row.subImages,
      story: row.story,
      details: row.details,
      shippingInfo: row.shippingInfo,
      isTrending: row.isTrending,
      variants: productVariants,
      rating: row.rating,
      numReviews: row.numReviews,
      totalStock: row.totalStock,
      reviews: productReviews,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}
