import { describe, expect, it } from 'vitest';
import type { ImportChange } from '../../src/domain';
import {
  importChangeText,
  importChangesByRow,
  importErrorRows,
  importValueText,
} from '../../src/components/resource/import/changes';
import products from '../../src/resources/products/resource';

const change = (row: number, sku: string | null, field: ImportChange['field'], before: unknown, after: unknown) =>
  ({ row, sku, product: row === 4 ? 'New Tee' : 'Classic Tee', field, before, after }) as ImportChange;

describe("the import preview's changes", () => {
  it('groups them by row, with the SKU any of the row’s changes names, and tells rows that add from rows that change', () => {
    const groups = importChangesByRow(
      [
        change(2, null, 'description', 'Soft', 'Softer'),
        change(2, 'CT-NAVY-M', 'price', 499, 549),
        change(3, 'CT-NAVY-L', 'low_stock_at', null, 5),
        change(4, null, 'name', null, 'New Tee'),
        change(4, 'NT-RED-M', 'sku', null, 'NT-RED-M'),
        change(4, 'NT-RED-M', 'price', null, 699),
      ],
      products.fileImport!,
    );
    // Each row is named by its SKU and product, as the catalogue's import declares.
    expect(groups.map(({ row, names, adds }) => [row, ...names, adds])).toEqual([
      [2, 'CT-NAVY-M', 'Classic Tee', false],
      [3, 'CT-NAVY-L', 'Classic Tee', false],
      [4, 'NT-RED-M', 'New Tee', true],
    ]);
    expect(groups[0]!.changes.map(importChangeText)).toEqual(['description: Soft → Softer', 'price: 499 → 549']);
    expect(groups[2]!.changes.map(importChangeText)).toEqual(['name: New Tee', 'sku: NT-RED-M', 'price: 699']);
  });

  it('writes lists as the file does and nothing as a dash, and counts rows with errors once', () => {
    expect(importValueText(['Oversized', 'Summer'])).toBe('Oversized; Summer');
    expect(importValueText('')).toBe('—');
    expect(importValueText(false)).toBe('false');
    expect(importChangeText({ field: 'categories', before: [], after: ['Basics'] })).toBe('categories: — → Basics');
    expect(
      importErrorRows([
        { row: 5, column: 'price', message: 'must not be negative' },
        { row: 5, column: 'status', message: 'unknown' },
        { row: 7, column: null, message: 'not applied' },
      ]),
    ).toBe(2);
  });
});
