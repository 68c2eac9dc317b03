import type { ImportChange, ImportError } from '../../domain/product-import';

/** The values one row of the file changes, as the import preview lists them under the row. */
export interface ImportRowChanges {
  row: number;
  /** The row's SKU; null for a row whose changes are all the product's or its colour's. */
  sku: string | null;
  product: string;
  /** The row adds a product, a colour or a size (every value it sets is new), rather than changing one. */
  adds: boolean;
  changes: { field: ImportChange['field']; before: unknown; after: unknown }[];
}

/**
 * A dry run's changes by row, in the file's order: the SKU is the first the row's changes name (a
 * product-level change carries none). A row adds when it sets a SKU, a colour or a name where there was
 * none: a new size, a new colour or a new product.
 */
export function importChangesByRow(changes: readonly ImportChange[]): ImportRowChanges[] {
  const rows = new Map<number, ImportRowChanges>();
  for (const { row, sku, product, field, before, after } of changes) {
    let group = rows.get(row);
    if (!group) rows.set(row, (group = { row, sku, product, adds: false, changes: [] }));
    group.sku ??= sku;
    if (before === null && (field === 'sku' || field === 'color' || field === 'name')) group.adds = true;
    group.changes.push({ field, before, after });
  }
  return [...rows.values()].sort((a, b) => a.row - b.row);
}

/** A value as the preview shows it: a list as the file writes it ('; '), nothing as an em dash. */
export function importValueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.map(importValueText).join('; ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value as string | number | boolean);
}

/** One change as a line: `price: 499 → 549` (a value the row adds: `price: 549`). */
export function importChangeText({ field, before, after }: ImportRowChanges['changes'][number]): string {
  return before === null
    ? `${field}: ${importValueText(after)}`
    : `${field}: ${importValueText(before)} → ${importValueText(after)}`;
}

/** The rows with errors: several errors of one row count once. */
export function importErrorRows(errors: readonly ImportError[]): number {
  return new Set(errors.map((error) => error.row)).size;
}
