import { z } from 'zod';
import { defineContract } from './contract';
import { LOW_STOCK_LIMIT, STOCK_BASE, type ProductStatus } from './constants';
import { labelsOf } from './labels';

/** What a stock movement changes: the units on hand (countInStock) or the units held by open orders. */
export const STOCK_FIELDS = ['onHand', 'reserved'] as const;
export type StockField = (typeof STOCK_FIELDS)[number];

/** The reasons a person gives when adjusting stock by hand. */
export const ADJUST_REASONS = ['adjustment', 'damaged', 'found', 'stocktake'] as const;

/** An order's moves of its units: placed, shipped, cancelled, reopened, edited. */
const ORDER_REASONS = ['order_placed', 'order_shipped', 'order_cancelled', 'order_reopened', 'order_edited'] as const;

/** Why units moved: an order's life, a count by hand, the product form, the spreadsheet editing, an import or a return. */
export type StockReason = (typeof STOCK_REASONS)[number];
export const STOCK_REASONS = [
  ...ORDER_REASONS,
  ...ADJUST_REASONS,
  'product_form',
  'bulk_edit',
  'import',
  'return_restocked',
] as const;
export const STOCK_REASON_LABELS = labelsOf(STOCK_REASONS);

/** The store's low-stock line when a SKU has none of its own (LOW_STOCK_AT); the count cards use the same. */
export const DEFAULT_LOW_STOCK_AT = LOW_STOCK_LIMIT;

export const SKU_MAX_LENGTH = 64;

/** A SKU as the store keeps it: capitals, digits and single hyphens ("BEAGLE-TEE-MUSTARD-XL"). */
export function skuCode(text: string): string {
  return text
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SKU_MAX_LENGTH)
    .replace(/-+$/, '');
}

/** The SKU a size gets when none is typed: PRODUCT-COLOUR-SIZE in capitals. */
export const generatedSku = (product: string, color: string, size: string) => skuCode(`${product}-${color}-${size}`);

/** A typed SKU: tidied to the store's form, blank meaning "generate one". */
export const skuSchema = z
  .string({ error: 'must be text' })
  .max(SKU_MAX_LENGTH, `must be at most ${SKU_MAX_LENGTH} characters`)
  .transform(skuCode);

/** One SKU as the Stock screen and GET /api/stock show it. */
export interface StockSku {
  _id: string;
  sku: string;
  product: { _id: string; name: string };
  color: string;
  size: string;
  /** What a line of it costs, each, and its printed price (MRP). */
  price: number;
  mrp: number;
  /** Its product's status: only an active product's SKUs sell. */
  status: ProductStatus;
  countInStock: number;
  reserved: number;
  available: number;
  /** This SKU's line, or the store's. */
  lowStockAt: number;
  /** Units shipped in the last 30 days. */
  soldLast30Days: number;
  /** Days the available units last at the last 30 days' pace; null when nothing sold. */
  daysOfCover: number | null;
  /** The SKU's version: what a save of the spreadsheet editing sends back (POST /api/product/skus/batch). */
  updatedAt: string;
}

/** One row of the stock ledger, as GET /api/stock/movements answers it. */
export interface StockMovement {
  _id: string;
  at: string;
  sku: string;
  product: string | null;
  color: string;
  size: string;
  field: StockField;
  delta: number;
  reason: StockReason;
  order: string | null;
  note: string | null;
  actor: { _id: string | null; fullname: string };
  onHandAfter: number;
  reservedAfter: number;
}

/** POST /api/stock/adjust: a change by so many units, or the count found on the shelf. */
export const stockAdjustSchema = z
  .object({
    sku: z.string({ error: 'sku is required' }).min(1, 'sku is required').max(SKU_MAX_LENGTH).transform(skuCode),
    delta: z
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(-1_000_000)
      .max(1_000_000)
      .optional(),
    counted: z
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(0, 'must not be negative')
      .max(1_000_000)
      .optional(),
    reason: z.enum(ADJUST_REASONS, { error: `reason must be one of ${ADJUST_REASONS.join(', ')}` }),
    note: z.string({ error: 'must be text' }).trim().max(500, 'must be at most 500 characters').optional(),
  })
  .superRefine((body, context) => {
    if ((body.delta === undefined) === (body.counted === undefined))
      context.addIssue({
        code: 'custom',
        path: ['delta'],
        message: 'give either a change (delta) or a count (counted)',
      });
    if (body.delta === 0) context.addIssue({ code: 'custom', path: ['delta'], message: 'must not be 0' });
  });
export type StockAdjustInput = z.infer<typeof stockAdjustSchema>;

/** A SKU as people name it: 'Beagle Tee / Mustard / XL' (the 409 of a short SKU says it so too). */
export const skuName = (product: string, color: string, size: string) => `${product} / ${color} / ${size}`;

/** The Stock screen's SKUs: staff read them (GET /api/stock, `{ skus, total }`). */
export const stockContract = defineContract<StockSku>()({
  name: 'stock',
  noun: 'SKU',
  base: STOCK_BASE,
  api: { list: '' },
  keys: { list: 'skus' },
  list: {
    sort: ['sku', 'available', 'countInStock', 'reserved', 'daysOfCover'],
    // onSale: the SKUs of active products, which an order may take (the New order screen's lines).
    // sku: given SKUs (`?sku=A&sku=B`: an order's lines, as its edit opens).
    filter: ['low', 'out', 'product', 'onSale', 'sku'],
    search: ['sku'],
    defaultSort: { field: 'sku', order: 'asc' },
  },
  // Staff read stock; whoever edits the catalogue adjusts it (the contract's default levels).
  calls: { adjust: { method: 'POST', path: '/adjust' } },
  export: {
    file: 'stock',
    columns: [
      { header: 'SKU', field: 'sku' },
      { header: 'Product', value: (sku) => sku.product.name },
      { header: 'Colour', field: 'color' },
      { header: 'Size', field: 'size' },
      { header: 'On hand', kind: 'number', field: 'countInStock' },
      { header: 'Reserved', kind: 'number', field: 'reserved' },
      { header: 'Available', kind: 'number', field: 'available' },
      { header: 'Low at', kind: 'number', field: 'lowStockAt' },
      { header: 'Sold in 30 days', kind: 'number', field: 'soldLast30Days' },
      { header: 'Days of cover', kind: 'number', field: 'daysOfCover' },
    ],
  },
});

/** The stock ledger, newest first: staff read it (GET /api/stock/movements, `{ movements, total }`). */
export const stockMovementsContract = defineContract<StockMovement>()({
  name: 'stock-movements',
  noun: 'Movement',
  base: STOCK_BASE,
  api: { list: '/movements' },
  keys: { list: 'movements' },
  list: {
    sort: ['at'],
    filter: ['sku', 'product', 'reason', 'order', 'from', 'to'],
    defaultSort: { field: 'at', order: 'desc' },
  },
});
