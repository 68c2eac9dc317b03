import { describe, expect, it } from 'vitest';
import { describeValidationError, productInputSchema, stockColour, type Product, type Variant } from '../../src/domain';
import {
  BUILDER_MESSAGES,
  EMPTY_SIZE_DRAFT,
  formatPrice,
  productFormSchema,
  sizeEntryFromDraft,
  variantDraftProblem,
  withSizeEntry,
  withVariantSaved,
} from '../../src/resources/products/product-form';
import { mainVariant } from '../../src/resources/products/ProductThumbnail';
import { countProducts } from '../../src/resources/products/use-product-counts';

const size = (name: string, countInStock: number) => ({ size: name, price: 599, mrp: 899, countInStock });
const variant = (color: string, isMain: boolean, ...stocks: number[]): Variant => ({
  color,
  image: '',
  isMain,
  sizes: stocks.map((stock, i) => size(['S', 'M', 'L', 'XL'][i]!, stock)),
});

describe('catalogue counts from a whole list (servers without counts)', () => {
  it('counts total, active, low stock and out of stock by the domain rules', () => {
    const products = [
      { status: 'active', variants: [variant('Black', true, 10, 80)] }, // low (10)
      { status: 'active', variants: [variant('White', true, 0, 0), variant('Navy', false, 0)] }, // out of stock
      { status: 'inactive', variants: [variant('Olive', true, 50, 49)] }, // low (49)
      { status: 'coming_soon', variants: [] }, // nothing in stock at all
      { status: 'active', variants: [variant('Coral', true, 50, 100)] }, // neither
    ] as Pick<Product, 'status' | 'variants'>[];
    expect(countProducts(products)).toEqual({ total: 5, active: 3, lowStock: 2, outOfStock: 2 });
    expect(countProducts([])).toEqual({ total: 0, active: 0, lowStock: 0, outOfStock: 0 });
  });

  it('colours stock at the edges of the thresholds', () => {
    expect([0, 1, 19, 20, 49, 50].map(stockColour)).toEqual([
      'error',
      'warning',
      'warning',
      'success',
      'success',
      'success',
    ]);
  });
});

describe('size entry builder', () => {
  it("asks for every field with 'Please fill all size fields'", () => {
    expect(sizeEntryFromDraft(EMPTY_SIZE_DRAFT)).toEqual({ error: 'Please fill all size fields' });
    expect(sizeEntryFromDraft({ size: 'M', price: '599', mrp: '899', countInStock: '  ' })).toEqual({
      error: BUILDER_MESSAGES.sizeIncomplete,
    });
  });

  it('turns typed text into numbers, and names a field whose number is wrong', () => {
    expect(sizeEntryFromDraft({ size: 'M', price: '599.5', mrp: '899', countInStock: '12' })).toEqual({
      entry: { size: 'M', price: 599.5, mrp: 899, countInStock: 12 },
    });
    expect(sizeEntryFromDraft({ size: 'M', price: '-1', mrp: '899', countInStock: '1' })).toEqual({
      error: 'price: must not be negative',
    });
    expect(sizeEntryFromDraft({ size: 'M', price: '1', mrp: '899', countInStock: '1.5' })).toEqual({
      error: 'countInStock: must be a whole number',
    });
    expect(sizeEntryFromDraft({ size: 'M', price: 'abc', mrp: '899', countInStock: '1' })).toMatchObject({
      error: expect.stringMatching(/^price: /),
    });
    // The printed price (MRP) is never below the selling price: the spreadsheet editing's save checks the same.
    expect(sizeEntryFromDraft({ size: 'M', price: '999', mrp: '899', countInStock: '1' })).toEqual({
      error: 'mrp: must not be below the price (999)',
    });
  });

  it('replaces a size the variant already has instead of adding it twice', () => {
    const sizes = [size('S', 1), size('M', 2)];
    expect(withSizeEntry(sizes, size('m', 9))).toEqual([size('S', 1), size('m', 9)]);
    expect(withSizeEntry(sizes, size('L', 3))).toEqual([...sizes, size('L', 3)]);
  });

  it('keeps the sizes in size order, XS to Free Size, whatever order they are added in', () => {
    let sizes = withSizeEntry([], size('Free Size', 1));
    for (const name of ['3XL', 'XS', 'M', '4XL', 'S']) sizes = withSizeEntry(sizes, size(name, 1));
    expect(sizes.map((s) => s.size)).toEqual(['XS', 'S', 'M', '3XL', '4XL', 'Free Size']);
    // A size of the store's own, outside the list, comes after the known ones.
    expect(
      withSizeEntry(sizes, size('28', 1))
        .map((s) => s.size)
        .at(-1),
    ).toBe('28');
  });
});

describe('variant builder', () => {
  it("needs a colour and a size: 'Variant must have a color and at least one size'", () => {
    expect(variantDraftProblem({ color: ' ', sizes: [size('M', 1)] })).toBe(
      'Variant must have a color and at least one size',
    );
    expect(variantDraftProblem({ color: 'Teal', sizes: [] })).toBe(BUILDER_MESSAGES.variantIncomplete);
    expect(variantDraftProblem({ color: 'Teal', sizes: [size('M', 1)] })).toBeUndefined();
  });

  it('appends a new variant, replaces one by position, and keeps a single main variant', () => {
    const saved = [variant('Black', true, 1), variant('White', false, 1)];
    const appended = withVariantSaved(saved, variant('Navy', true, 5));
    expect(appended.map((v) => [v.color, v.isMain])).toEqual([
      ['Black', false],
      ['White', false],
      ['Navy', true],
    ]);
    const replaced = withVariantSaved(saved, variant('Grey', false, 2), 1);
    expect(replaced.map((v) => [v.color, v.isMain])).toEqual([
      ['Black', true],
      ['Grey', false],
    ]);
    expect(mainVariant(replaced)?.color).toBe('Black');
    expect(mainVariant([variant('A', false), variant('B', false)])?.color).toBe('A');
  });
});

describe('product form schema', () => {
  const blank = { name: '', status: '', categories: [], collections: [], variants: [] };
  const values = { ...blank, name: 'Heron Tee', status: 'active' as const };

  it('requires name and status in the form wording', () => {
    const result = productFormSchema.safeParse(blank);
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(result.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
        ['name', 'Name is required'],
        ['status', 'Status is required'],
      ]);
    }
  });

  it("takes categories and collections from the fixed lists, in the list's spelling, once each", () => {
    const parsed = productFormSchema.parse({
      ...values,
      categories: ['oversized', 'MEN T-SHIRTS', 'Oversized'],
      collections: ['wild life collection'],
    });
    expect(parsed.categories).toEqual(['Oversized', 'Men T-Shirts']);
    expect(parsed.collections).toEqual(['Wild life collection']);
    const unknown = productFormSchema.safeParse({ ...values, categories: ['Polo'] });
    expect(unknown.success).toBe(false);
    if (!unknown.success)
      expect(describeValidationError(unknown.error)).toBe(
        "categories: Unknown category 'Polo': choose from Oversized, Regular fit, Men T-Shirts, Women T-Shirts",
      );
  });
});

describe('product input schema (the server checks these too)', () => {
  const base = { name: 'Tee', status: 'active' };
  const issue = (body: unknown) => {
    const result = productInputSchema.safeParse(body);
    return result.success ? undefined : describeValidationError(result.error);
  };

  it('allows one main variant, one variant per colour and each size once per variant', () => {
    expect(issue({ ...base, variants: [variant('Black', true, 1), variant('White', true, 1)] })).toBe(
      'variants: only one variant can be the main one',
    );
    expect(issue({ ...base, variants: [variant('Black', true, 1), variant('black ', false, 1)] })).toBe(
      'variants.1.color: there is already a black variant',
    );
    expect(issue({ ...base, variants: [{ ...variant('Black', true), sizes: [size('M', 1), size('M', 2)] }] })).toBe(
      'variants.0.sizes: size M appears twice',
    );
    expect(issue({ ...base, variants: [variant('Black', true, 1), variant('White', false, 1)] })).toBeUndefined();
  });
});

describe('prices', () => {
  it('show whole rupees without paise and paise when there are some', () => {
    expect(formatPrice(1599)).toBe('₹1,599');
    expect(formatPrice(599.5)).toBe('₹599.50');
  });
});
