import { z } from 'zod';
import { LOW_STOCK_LIMIT, PRODUCT_STATUS_LABELS, PRODUCT_STATUSES, type ProductStatus } from './constants';
import { productBulkStatusSchema } from './bulk';
import { defineContract, statusChoices } from './contract';
import { SKU_MAX_LENGTH, skuSchema } from './stock';
import { imageUrlSchema, requiredText, shortText, tagListSchema } from './validation';

export interface SizeEntry {
  size: string;
  price: number;
  mrp: number;
  /** Units on hand. */
  countInStock: number;
  /** The stock keeping unit's code, unique in the store; blank in a form: generated (PRODUCT-COLOUR-SIZE). */
  sku?: string;
  /** Read-only: units held by open orders, and what is left to sell (countInStock - reserved). */
  reserved?: number;
  available?: number;
  /** Where this SKU counts as low on stock; none: the store's line. */
  lowStockAt?: number | null;
}

export interface Variant {
  _id?: string;
  color: string;
  image: string;
  isMain: boolean;
  sizes: SizeEntry[];
}

export interface Review {
  _id: string;
  user: { _id?: string; fullname: string };
  rating: number;
  comment: string;
  createdAt: string;
}

export interface Product {
  _id: string;
  name: string;
  description: string;
  status: ProductStatus;
  categories: string[];
  collections: string[];
  image: string;
  subImages: string[];
  story: string;
  details: string;
  shippingInfo: string;
  isTrending: boolean;
  variants: Variant[];
  rating: number;
  numReviews: number;
  totalStock: number;
  reviews: Review[];
  createdAt: string;
  updatedAt: string;
}

const money = z.number({ error: 'must be a number' }).finite().min(0, 'must not be negative').max(10_000_000);
const units = z
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .min(0, 'must not be negative')
  .max(1_000_000);

/** A size's MRP (the printed price) is never below what it sells for: the problem with these two, if any. */
export const mrpProblem = (price: number, mrp: number) =>
  mrp < price ? `must not be below the price (${price})` : undefined;

/** Adds mrpProblem's issue at `mrp` when both prices are known. */
function checkMrp(size: { price?: number; mrp?: number }, context: z.RefinementCtx): void {
  const problem = size.price !== undefined && size.mrp !== undefined && mrpProblem(size.price, size.mrp);
  if (problem) context.addIssue({ code: 'custom', path: ['mrp'], message: problem });
}

const sizeFields = {
  price: money,
  mrp: money,
  countInStock: units,
  lowStockAt: units.nullable().optional(),
};

export const sizeEntrySchema = z
  .object({ size: requiredText('size', 20), ...sizeFields, sku: skuSchema.optional() })
  .superRefine(checkMrp);

export const variantSchema = z.object({
  /** Kept so a whole product sent back keeps its variants' ids; the server assigns its own on write. */
  _id: z.string().max(40).optional(),
  color: requiredText('color', 60),
  image: imageUrlSchema.default(''),
  isMain: z.boolean().default(false),
  sizes: z.array(sizeEntrySchema).min(1, 'Variant must have a color and at least one size').max(20),
});

export const MAX_PRODUCT_SUB_IMAGES = 10;

const productFields = {
  name: requiredText('Name', 200),
  description: shortText(10_000).default(''),
  status: z.enum(PRODUCT_STATUSES, { error: 'status must be one of active, inactive, coming_soon' }),
  categories: tagListSchema.default([]),
  collections: tagListSchema.default([]),
  image: imageUrlSchema.default(''),
  subImages: z.array(imageUrlSchema).max(MAX_PRODUCT_SUB_IMAGES).default([]),
  story: shortText(10_000).default(''),
  details: shortText(10_000).default(''),
  shippingInfo: shortText(10_000).default(''),
  isTrending: z.boolean().default(false),
  variants: z.array(variantSchema).max(30).default([]),
};

type VariantShape = { color: string; isMain: boolean; sizes: readonly Pick<SizeEntry, 'size' | 'sku'>[] };

/** One main variant, one variant per colour, each size once per variant: the first rule broken, if any. */
export function variantListProblem(
  variants: readonly VariantShape[],
): { path: (string | number)[]; message: string } | undefined {
  if (variants.filter((v) => v.isMain).length > 1) return { path: [], message: 'only one variant can be the main one' };
  const colours = new Set<string>();
  const skus = new Set<string>();
  for (const [index, variant] of variants.entries()) {
    const colour = variant.color.trim().toLowerCase();
    if (colours.has(colour)) return { path: [index, 'color'], message: `there is already a ${variant.color} variant` };
    colours.add(colour);
    const sizes = new Set<string>();
    for (const [position, size] of variant.sizes.entries()) {
      const key = size.size.trim().toLowerCase();
      if (sizes.has(key)) return { path: [index, 'sizes'], message: `size ${size.size} appears twice` };
      sizes.add(key);
      if (!size.sku) continue;
      if (skus.has(size.sku))
        return { path: [index, 'sizes', position, 'sku'], message: `SKU ${size.sku} appears twice` };
      skus.add(size.sku);
    }
  }
  return undefined;
}

function checkVariants(product: { variants: readonly VariantShape[] }, context: z.RefinementCtx): void {
  const problem = variantListProblem(product.variants);
  if (problem) context.addIssue({ code: 'custom', path: ['variants', ...problem.path], message: problem.message });
}

/** What the add/update calls accept. Read-only fields (_id, rating, reviews...) are ignored when sent. */
export const productInputSchema = z.object(productFields).superRefine(checkVariants);
export type ProductInput = z.infer<typeof productInputSchema>;

export function totalStock(variants: readonly Pick<Variant, 'sizes'>[]): number {
  return variants.reduce((sum, v) => sum + v.sizes.reduce((s, size) => s + size.countInStock, 0), 0);
}

/** Some size has stock above 0 and below LOW_STOCK_LIMIT. */
export function isLowStock(variants: readonly Pick<Variant, 'sizes'>[]): boolean {
  return variants.some((v) => v.sizes.some((s) => s.countInStock > 0 && s.countInStock < LOW_STOCK_LIMIT));
}

/** Every size is at 0 (a product with no sizes has nothing in stock either). */
export function isOutOfStock(variants: readonly Pick<Variant, 'sizes'>[]): boolean {
  return variants.every((v) => v.sizes.every((s) => s.countInStock === 0));
}

export interface ProductCounts {
  total: number;
  active: number;
  lowStock: number;
  outOfStock: number;
}

export const productsContract = defineContract<Product>()({
  name: 'products',
  noun: 'Product',
  base: '/api/product',
  api: {
    list: '/get-all-products',
    get: '/get-product-details/:id',
    create: '/add-product',
    update: '/update-product/:id',
    remove: '/delete-product/:id',
  },
  keys: { list: 'products', record: 'product' },
  // The details call's return rate by size (last 90 days) beside the product.
  extras: { list: ['counts'], get: ['returnRates'] },
  schema: productInputSchema,
  list: {
    sort: ['name', 'createdAt', 'totalStock', 'status'],
    filter: ['status', 'category'],
    search: ['name'],
    filterPaths: { category: 'categories' },
  },
  bulk: { status: statusChoices(productBulkStatusSchema, PRODUCT_STATUSES, PRODUCT_STATUS_LABELS), remove: true },
  export: {},
});

/** The most SKUs one save of the spreadsheet editing may change. */
export const SKU_BATCH_LIMIT = 2000;

/**
 * POST /api/product/skus/batch: the spreadsheet editing's save. Each change names a SKU and the version
 * (`updatedAt`, GET /api/stock) its values were edited on, with the values that changed; a low line of
 * null means the store's. A value out of bounds, a SKU twice or no change at all refuse the whole save.
 */
export const skuBatchSchema = z.object({
  changes: z
    .array(
      z
        .object({
          sku: z.string({ error: 'must be text' }).min(1, 'is required').max(SKU_MAX_LENGTH),
          updatedAt: z.iso.datetime({
            offset: true,
            error: 'must be the ISO date-time (updatedAt) the row was loaded with',
          }),
          price: sizeFields.price.optional(),
          mrp: sizeFields.mrp.optional(),
          countInStock: sizeFields.countInStock.optional(),
          lowStockAt: sizeFields.lowStockAt,
        })
        .superRefine(checkMrp),
      { error: 'must be a list' },
    )
    .min(1, 'nothing to save')
    .max(SKU_BATCH_LIMIT, `at most ${SKU_BATCH_LIMIT} SKUs at a time`)
    .superRefine((changes, context) => {
      const seen = new Set<string>();
      for (const [index, change] of changes.entries()) {
        if (seen.has(change.sku))
          context.addIssue({ code: 'custom', path: [index, 'sku'], message: `${change.sku} appears twice` });
        seen.add(change.sku);
      }
    }),
});
export type SkuBatchInput = z.infer<typeof skuBatchSchema>;
export type SkuChange = SkuBatchInput['changes'][number];

/** How one SKU of a batch fared: saved (200, its new version), or refused with the reason (400, 404, 409). */
export interface SkuBatchResult {
  sku: string;
  status: 200 | 400 | 404 | 409;
  message?: string;
  updatedAt?: string;
}

/** The batch's answer: each change's result in the order sent, and how many saved and how many conflicted. */
export interface SkuBatchReply {
  success: boolean;
  message: string;
  results: SkuBatchResult[];
  saved: number;
  conflicts: number;
}

/** Where the batch is posted, under the products' base. */
export const SKU_BATCH_PATH = '/skus/batch';
