import type { FileImportChange, FileImportError } from '../../../domain/file-import';
import type { ImportDeclaration } from '../presentation';

/** The values one row of the file changes, as the import preview lists them under the row. */
export interface ImportRowChanges {
  row: number;
  /** What names the row after its number: the first value each of the import's `names` has among its changes. */
  names: string[];
  /** The row adds a record or a part of one (it sets one of the import's `adds` where there was none), rather than changing one. */
  adds: boolean;
  changes: Pick<FileImportChange, 'field' | 'before' | 'after'>[];
}

/** A dry run's changes by row, in the file's order (a product-level change names no SKU: another of the row's may). */
export function importChangesByRow(
  changes: readonly FileImportChange[],
  { names, adds }: Pick<ImportDeclaration, 'names' | 'adds'>,
): ImportRowChanges[] {
  const rows = new Map<number, ImportRowChanges & { named: unknown[] }>();
  for (const change of changes) {
    const { row, field, before, after } = change;
    let group = rows.get(row);
    if (!group) rows.set(row, (group = { row, names: [], named: [], adds: false, changes: [] }));
    names.forEach((name, at) => (group.named[at] ??= (change as unknown as Record<string, unknown>)[name]));
    if (before === null && adds.includes(field)) group.adds = true;
    group.changes.push({ field, before, after });
  }
  return [...rows.values()]
    .sort((a, b) => a.row - b.row)
    .map(({ named, ...group }) => ({ ...group, names: named.filter((name) => name != null).map(String) }));
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
export function importErrorRows(errors: readonly FileImportError[]): number {
  return new Set(errors.map((error) => error.row)).size;
}
