import { z } from 'zod';
import { LOW_STOCK_LIMIT, PRODUCT_STATUSES, type ProductStatus } from './constants';
import { imageUrlSchema, requiredText, shortText, tagListSchema } from './validation';

export interface SizeEntry {
  size: string;
  price: number;
  mrp: number;
  countInStock: number;
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

export const sizeEntrySchema = z.object({
  size: requiredText('size', 20),
  price: money,
  mrp: money,
  countInStock: z.number({ error: 'must be a number' }).int('must be a whole number').min(0, 'must not be negative').max(1_000_000),
});

export const variantSchema = z.object({
  color: requiredText('color', 60),
  image: imageUrlSchema.default(''),
  isMain: z.boolean().default(false),
  sizes: z.array(sizeEntrySchema).min(1, 'Variant must have a color and at least one size').max(20),
});

/** What the add/update calls accept. Read-only fields (_id, rating, reviews...) are ignored when sent. */
export const productInputSchema = z.object({
  name: requiredText('Name', 200),
  description: shortText(10_000).default(''),
  status: z.enum(PRODUCT_STATUSES, { error: 'status must be one of active, inactive, coming_soon' }),
  categories: tagListSchema.default([]),
  collections: tagListSchema.default([]),
  image: imageUrlSchema.default(''),
  subImages: z.array(imageUrlSchema).max(10).default([]),
  story: shortText(10_000).default(''),
  details: shortText(10_000).default(''),
  shippingInfo: shortText(10_000).default(''),
  isTrending: z.boolean().default(false),
  variants: z.array(variantSchema).max(30).default([]),
});
export type ProductInput = z.infer<typeof productInputSchema>;

export const PRODUCT_FORM_MESSAGES = {
  sizeIncomplete: 'Please fill all size fields',
  variantIncomplete: 'Variant must have a color and at least one size',
} as const;

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
