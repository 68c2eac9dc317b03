import { z } from 'zod';
import {
  LOW_STOCK_LIMIT,
  PRODUCT_CATEGORIES,
  PRODUCT_COLLECTIONS,
  PRODUCT_STATUSES,
  type ProductStatus,
} from './constants';
import { formatRupees, formatRupeesExact } from './format';
import { describeValidationError, imageUrlSchema, requiredText, shortText, tagListSchema } from './validation';

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

type VariantShape = Pick<Variant, 'color' | 'isMain' | 'sizes'>;

/** One main variant, one variant per colour, each size once per variant: the first rule broken, if any. */
export function variantListProblem(variants: readonly VariantShape[]): { path: (string | number)[]; message: string } | undefined {
  if (variants.filter((v) => v.isMain).length > 1) return { path: [], message: 'only one variant can be the main one' };
  const colours = new Set<string>();
  for (const [index, variant] of variants.entries()) {
    const colour = variant.color.trim().toLowerCase();
    if (colours.has(colour)) return { path: [index, 'color'], message: `there is already a ${variant.color} variant` };
    colours.add(colour);
    const sizes = new Set<string>();
    for (const size of variant.sizes) {
      const key = size.size.trim().toLowerCase();
      if (sizes.has(key)) return { path: [index, 'sizes'], message: `size ${size.size} appears twice` };
      sizes.add(key);
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

/**
 * A comma list checked against a fixed list: known entries take the list's spelling, so 'oversized'
 * files the product under 'Oversized' and the catalogue's category filter finds it.
 */
function fixedListSchema(label: string, allowed: readonly string[]) {
  return z.array(z.string()).transform((entries, context) => {
    const known: string[] = [];
    for (const entry of entries) {
      const match = allowed.find((a) => a.toLowerCase() === entry.trim().toLowerCase());
      if (!match) {
        context.addIssue({ code: 'custom', message: `Unknown ${label} '${entry}': choose from ${allowed.join(', ')}` });
        return z.NEVER;
      }
      if (!known.includes(match)) known.push(match);
    }
    return known;
  });
}

/** The add/update dialog's schema: the input schema in the form's wording, with the fixed category and collection lists. */
export const productFormSchema = z
  .object({
    ...productFields,
    status: z.enum(PRODUCT_STATUSES, { error: 'Status is required' }),
    categories: fixedListSchema('category', PRODUCT_CATEGORIES),
    collections: fixedListSchema('collection', PRODUCT_COLLECTIONS),
  })
  .superRefine(checkVariants);
/** The form's values; status is '' until one is chosen, variants come whole from the builder. */
export type ProductFormValues = Omit<z.input<typeof productFormSchema>, 'status' | 'variants'> & {
  status: ProductStatus | '';
  variants: Variant[];
};

export const PRODUCT_FORM_MESSAGES = {
  sizeIncomplete: 'Please fill all size fields',
  variantIncomplete: 'Variant must have a color and at least one size',
  variantImageFailed: 'Error uploading variant image',
  added: 'Product added successfully',
  updated: 'Product updated successfully',
  addFailed: 'Failed to add product',
  updateFailed: 'Failed to update product',
  deleted: 'Product deleted successfully ✅',
  deleteFailed: 'Failed to delete product ❌',
  deleteQuestion: 'Are you sure you want to delete this product?',
  notFound: 'Product not found',
  noReviews: 'No reviews yet.',
  loadFailed: 'Failed to load products',
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

/** The count cards from the whole product list, for a server that answers the list without `counts`. */
export function countProducts(products: readonly Pick<Product, 'status' | 'variants'>[]): ProductCounts {
  return {
    total: products.length,
    active: products.filter((p) => p.status === 'active').length,
    lowStock: products.filter((p) => isLowStock(p.variants ?? [])).length,
    outOfStock: products.filter((p) => isOutOfStock(p.variants ?? [])).length,
  };
}

/** The size builder's fields as typed, before they become a size entry. */
export interface SizeEntryDraft {
  size: string;
  price: string;
  mrp: string;
  countInStock: string;
}

export const EMPTY_SIZE_DRAFT: SizeEntryDraft = { size: '', price: '', mrp: '', countInStock: '' };

/** A size entry from the builder's fields, or the message to show: every field filled first, then the numbers' rules. */
export function sizeEntryFromDraft(draft: SizeEntryDraft): { entry: SizeEntry } | { error: string } {
  if ([draft.size, draft.price, draft.mrp, draft.countInStock].some((value) => value.trim() === '')) {
    return { error: PRODUCT_FORM_MESSAGES.sizeIncomplete };
  }
  const result = sizeEntrySchema.safeParse({
    size: draft.size,
    price: Number(draft.price),
    mrp: Number(draft.mrp),
    countInStock: Number(draft.countInStock),
  });
  return result.success ? { entry: result.data } : { error: describeValidationError(result.error) };
}

export function sizeEntryToDraft(entry: SizeEntry): SizeEntryDraft {
  return { size: entry.size, price: String(entry.price), mrp: String(entry.mrp), countInStock: String(entry.countInStock) };
}

/** Adds a size to the variant being built; a size it already has is replaced, so each size appears once. */
export function withSizeEntry(sizes: readonly SizeEntry[], entry: SizeEntry): SizeEntry[] {
  const at = sizes.findIndex((s) => s.size.toLowerCase() === entry.size.toLowerCase());
  return at === -1 ? [...sizes, entry] : sizes.map((s, i) => (i === at ? entry : s));
}

/** The spec's message when the variant being built has no colour or no size. */
export function variantDraftProblem(variant: Pick<Variant, 'color' | 'sizes'>): string | undefined {
  return variant.color.trim() === '' || variant.sizes.length === 0 ? PRODUCT_FORM_MESSAGES.variantIncomplete : undefined;
}

/**
 * Saves a variant into the product's list: at `position` when editing one, else at the end. A main
 * variant takes the mark from the others, so the product keeps a single main one.
 */
export function withVariantSaved(variants: readonly Variant[], variant: Variant, position?: number): Variant[] {
  const others = variant.isMain ? variants.map((v) => (v.isMain ? { ...v, isMain: false } : v)) : [...variants];
  if (position === undefined || position < 0 || position >= others.length) return [...others, variant];
  return others.map((v, i) => (i === position ? variant : v));
}

/** The dialog's starting values: blank for a new product, the product's own for an edit. */
export function productFormValues(product?: Product): ProductFormValues {
  return {
    name: product?.name ?? '',
    description: product?.description ?? '',
    status: product?.status ?? '',
    categories: product?.categories ?? [],
    collections: product?.collections ?? [],
    image: product?.image ?? '',
    subImages: product?.subImages ?? [],
    story: product?.story ?? '',
    details: product?.details ?? '',
    shippingInfo: product?.shippingInfo ?? '',
    isTrending: product?.isTrending ?? false,
    variants: (product?.variants ?? []).map((v) => ({ ...v, sizes: v.sizes.map((s) => ({ ...s })) })),
  };
}

/** The variant marked main, else the first. */
export function mainVariant<V extends Pick<Variant, 'isMain'>>(variants: readonly V[]): V | undefined {
  return variants.find((v) => v.isMain) ?? variants[0];
}

/** A size's price: whole rupees as ₹599, paise shown only when there are some. */
export function formatPrice(value: number): string {
  return Number.isInteger(value) ? formatRupees(value) : formatRupeesExact(value);
}
