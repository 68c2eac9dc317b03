import type { Database } from '../db/client';

/** A column as it travels: arrays and json go as text and are cast on the way in. */
export interface BulkColumn {
  name: string;
  type: 'text' | 'int' | 'numeric' | 'bool' | 'timestamptz' | 'text[]' | 'jsonb';
}

const transportType = (type: BulkColumn['type']) => (type === 'text[]' || type === 'jsonb' ? 'text' : type);

function arrayLiteral(items: readonly string[]): string {
  return `{${items.map((item) => `"${item.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
}

/** Values as the column's transport type expects them. */
function encode(type: BulkColumn['type'], value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (type === 'text[]') return arrayLiteral(value as string[]);
  if (type === 'jsonb') return JSON.stringify(value);
  if (type === 'timestamptz') return (value as Date).toISOString();
  return value;
}

/**
 * Inserts many rows with one statement per batch: one array parameter per column, unnested in SQL.
 * About ten times faster than multi-row VALUES, and the same on PGlite and on a PostgreSQL server.
 */
export async function bulkInsert(
  database: Database,
  table: string,
  columns: BulkColumn[],
  rows: unknown[][],
  batch = 5000,
): Promise<void> {
  const names = columns.map((c) => `"${c.name}"`).join(', ');
  const params = columns.map((c, i) => `$${i + 1}::${transportType(c.type)}[]`).join(', ');
  const select = columns.map((c, i) => `c${i}::${c.type}`).join(', ');
  const aliases = columns.map((_, i) => `c${i}`).join(', ');
  const text = `insert into "${table}" (${names}) select ${select} from unnest(${params}) as u(${aliases})`;
  for (let start = 0; start < rows.length; start += batch) {
    const slice = rows.slice(start, start + batch);
    await database.query(
      text,
      columns.map((c, i) => slice.map((row) => encode(c.type, row[i]))),
    );
  }
}
