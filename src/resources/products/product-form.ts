import { z } from 'zod';
import {
  compareSizes,
  describeValidationError,
  fixedListSchema,
  formatRupees,
  formatRupeesExact,
  PRODUCT_CATEGORIES,
  PRODUCT_COLLECTIONS,
  PRODUCT_STATUSES,
  productInputSchema,
  sizeEntrySchema,
  type SizeEntry,
  type Variant,
} from '../../domain';

/** The variant builder's messages (its validation and upload errors). */
export const BUILDER_MESSAGES = {
  sizeIncomplete: 'Please fill all size fields',
  variantIncomplete: 'Variant must have a color and at least one size',
  variantImageFailed: 'Error uploading variant image',
} as const;

/** The add/update dialog's schema: the input schema in the form's wording, with the fixed category and collection lists. */
export const productFormSchema = productInputSchema.safeExtend({
  status: z.enum(PRODUCT_STATUSES, { error: 'Status is required' }),
  categories: fixedListSchema('category', PRODUCT_CATEGORIES),
  collections: fixedListSchema('collection', PRODUCT_COLLECTIONS),
});

/** The size builder's required fields as typed, before they become a size entry. */
const REQUIRED_SIZE_FIELDS = ['size', 'price', 'mrp', 'countInStock'] as const;
/** The size builder's fields as typed; the SKU may stay blank (the server generates one). */
export type SizeEntryDraft = Record<(typeof REQUIRED_SIZE_FIELDS)[number], string> & {
  sku?: string;
  /** Kept as it was: the builder does not edit it. */
  lowStockAt?: number | null;
};

export const EMPTY_SIZE_DRAFT: SizeEntryDraft = { size: '', price: '', mrp: '', countInStock: '', sku: '' };

/** A size entry from the builder's fields, or the message to show: every field filled first, then the numbers' rules. */
export function sizeEntryFromDraft(draft: SizeEntryDraft): { entry: SizeEntry } | { error: string } {
  if (REQUIRED_SIZE_FIELDS.some((field) => draft[field].trim() === '')) {
    return { error: BUILDER_MESSAGES.sizeIncomplete };
  }
  const result = sizeEntrySchema.safeParse({
    size: draft.size,
    price: Number(draft.price),
    mrp: Number(draft.mrp),
    countInStock: Number(draft.countInStock),
    ...(draft.sku?.trim() && { sku: draft.sku }),
    ...(draft.lowStockAt != null && { lowStockAt: draft.lowStockAt }),
  });
  return result.success ? { entry: result.data } : { error: describeValidationError(result.error) };
}

export function sizeEntryToDraft(entry: SizeEntry): SizeEntryDraft {
  return {
    size: entry.size,
    price: String(entry.price),
    mrp: String(entry.mrp),
    countInStock: String(entry.countInStock),
    sku: entry.sku ?? '',
    lowStockAt: entry.lowStockAt,
  };
}

/** Adds a size to the variant being built, in size order; a size it already has is replaced, so each size appears once. */
export function withSizeEntry(sizes: readonly SizeEntry[], entry: SizeEntry): SizeEntry[] {
  const others = sizes.filter((s) => s.size.toLowerCase() !== entry.size.toLowerCase());
  return [...others, entry].sort((a, b) => compareSizes(a.size, b.size));
}

/** The spec's message when the variant being built has no colour or no size. */
export function variantDraftProblem(variant: Pick<Variant, 'color' | 'sizes'>): string | undefined {
  return variant.color.trim() === '' || variant.sizes.length === 0 ? BUILDER_MESSAGES.variantIncomplete : undefined;
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

/** A size's price: whole rupees as ₹599, paise shown only when there are some. */
export function formatPrice(value: number): string {
  return Number.isInteger(value) ? formatRupees(value) : formatRupeesExact(value);
}
