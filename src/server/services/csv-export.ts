import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ExportColumn } from '../../domain';
import { HttpError } from '../errors';
import { admitHeavy } from '../heavy-requests';
import { audit, whoOf } from './audit';

/**
 * How a cell is written: `text` as it is (quoted when it must be, neutralised when a spreadsheet would
 * take it for a formula), `money` with 2 decimals and no symbol or grouping, `number` as it is, `date`
 * as ISO 8601 (UTC). Empty for null or undefined.
 */
export type CsvKind = 'text' | 'money' | 'number' | 'date';

/** One column of an export: its header and how a record gives its cell. */
export interface CsvColumn<R> {
  header: string;
  kind?: CsvKind;
  value: (record: R) => string | number | Date | null | undefined;
}

/** A list cell as a spreadsheet reads it: a list's items joined by '; '. */
const cellOf = (value: unknown) => (Array.isArray(value) ? value.join('; ') : value);

/** A contract's export columns (a field, or a value of its own, under the grid's header) as the CSV writer takes them. */
export function csvColumnsOf<R>(columns: readonly ExportColumn<R>[]): CsvColumn<R>[] {
  return columns.map((column) => ({
    header: column.header,
    kind: column.kind,
    value: (record) =>
      cellOf(column.value ? column.value(record) : (record as Record<string, unknown>)[column.field!]) as never,
  }));
}

/**
 * Rows a batch of the export reads at a time: enough to keep the queries few, few enough that a request
 * queued behind a batch's query on the embedded store's one connection waits little (bench:export).
 */
export const EXPORT_BATCH_ROWS = 500;

/** A file a spreadsheet opens as UTF-8 (Excel guesses the code page without it). */
const BYTE_ORDER_MARK = '\uFEFF';
/** Streamed chunks wait in memory up to about this much before the next batch is read. */
const STREAM_BUFFER_BYTES = 64 * 1024;

/**
 * A cell a spreadsheet would run as a formula (or a DDE call): its first visible character is one of
 * these. Spreadsheets skip leading spaces and invisible format characters (U+200B, U+FEFF...) and
 * read the full-width and small forms, and the minus sign, as the ASCII ones.
 */
const FORMULA = String.raw`[\p{Zs}\p{Cf}]*[=+\-@|\t\r\uFF1D\uFF0B\uFF0D\uFF20\uFF5C\uFE66\uFE62\uFE63\uFE6B\u2212]`;
/**
 * Text that gets a leading `'`: a formula, or text that already starts with `'`s before one (`'=1` is
 * written `''=1`), so that reading a cell back (csvText) takes exactly one `'` off and gives the text.
 */
const FORMULA_START = new RegExp(`^'*${FORMULA}`, 'u');
/** A cell csvCell neutralised: a `'` before a formula, or before text starting with `'`s and a formula. */
const NEUTRALISED = new RegExp(`^'+${FORMULA}`, 'u');

/** The text a `text` cell of our own export stands for: the `'` csvCell put before a formula taken off. */
export const csvText = (cell: string) => (NEUTRALISED.test(cell) ? cell.slice(1) : cell);

/**
 * RFC 4180 quoting (quotes doubled), also for ';': where it is the locale's separator an unquoted
 * 'a;=1' splits into a cell that starts with '='.
 */
function quoted(field: string): string {
  return /[",;\r\n]/.test(field) ? `"${field.replace(/"/g, '""')}"` : field;
}

export function csvCell(value: string | number | Date | null | undefined, kind: CsvKind = 'text'): string {
  if (value === null || value === undefined) return '';
  switch (kind) {
    case 'money':
      return Number(value).toFixed(2);
    case 'number':
      return String(value);
    case 'date':
      return (value instanceof Date ? value : new Date(value)).toISOString();
    case 'text': {
      const text = String(value);
      return quoted(FORMULA_START.test(text) ? `'${text}` : text);
    }
  }
}

/** One line of the file, CRLF-terminated as RFC 4180 says. */
export function csvLine(cells: readonly string[]): string {
  return `${cells.join(',')}\r\n`;
}

/** The header line, then a line per record, batch after batch, read only as fast as the client takes them. */
export function csvStream<R>(columns: readonly CsvColumn<R>[], batches: () => AsyncIterable<R[]>): Readable {
  async function* lines(): AsyncGenerator<string> {
    yield BYTE_ORDER_MARK + csvLine(columns.map((column) => csvCell(column.header)));
    for await (const records of batches()) {
      yield records
        .map((record) => csvLine(columns.map((column) => csvCell(column.value(record), column.kind))))
        .join('');
    }
  }
  return textStream(lines());
}

/**
 * A reply body written as `chunks` come: Readable.from pulls the next chunk (and so the next batch)
 * only once the reply has taken the last (backpressure), and a client that goes away destroys the
 * stream (Fastify does), which ends the generator at its next step.
 */
export function textStream(chunks: AsyncIterable<string>): Readable {
  return Readable.from(chunks, { objectMode: false, highWaterMark: STREAM_BUFFER_BYTES });
}

/** The list parameters without `format`, and whether a CSV file was asked for. */
export function exportFormat(query: unknown): { csv: boolean; query: Record<string, unknown> } {
  const { format, ...rest } = (query ?? {}) as Record<string, unknown>;
  if (format === undefined) return { csv: false, query: rest };
  if (format !== 'csv') throw new HttpError(400, 'format: must be csv');
  return { csv: true, query: rest };
}

export interface CsvExport<R> {
  /** 'orders': the file is orders-YYYY-MM-DD.csv. */
  name: string;
  columns: readonly CsvColumn<R>[];
  /** How many rows the file will hold, for the console's progress (X-Total-Count). */
  total: () => Promise<number>;
  /** The records in the list's order, a batch at a time (listInBatches). */
  batches: () => AsyncIterable<R[]>;
}

/**
 * Answers a list as a CSV download, a heavy request (heavy-requests.ts). A HEAD request gets the
 * headers alone, without reading a row.
 */
export async function sendCsv<R>(
  request: FastifyRequest,
  reply: FastifyReply,
  file: CsvExport<R>,
): Promise<FastifyReply> {
  if (request.method !== 'HEAD') admitHeavy(request, reply);
  const day = new Date().toISOString().slice(0, 10);
  reply
    .type('text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${file.name}-${day}.csv"`)
    .header('X-Total-Count', String(await file.total()));
  if (request.method === 'HEAD') return reply.send();
  // Who took which list out of the store, with the filters it was taken with.
  const filters = request.url.split('?')[1] ?? '';
  await audit(request.server.database.db, whoOf(request), [
    { action: 'export', resource: file.name, note: decodeURIComponent(filters.replace(/\+/g, ' ')) || null },
  ]);
  return reply.send(csvStream(file.columns, file.batches));
}
