import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ListQuery } from '../list-query';
import { stopRecording } from '../db/query-log';
import { admitHeavy } from '../heavy-requests';
import { textStream } from '../services/csv-export';

/** With list parameters the caller pages, so it also gets the filtered total (header and `total` key). */
export function listReply<T extends object>(
  reply: FastifyReply,
  list: ListQuery,
  total: number,
  body: T,
): T | (T & { total: number }) {
  if (!list.withTotal) return body;
  reply.header('X-Total-Count', String(total));
  return { ...body, total };
}

/** Records a batch of a whole list reads: its records are whole (an order's lines, a product's reviews), heavier than a CSV line. */
export const WHOLE_LIST_BATCH_ROWS = 200;

/** A list asked for without a page, answered whole: what surrounds its records and how they are read. */
export interface WholeList<T> {
  /** The records, a batch at a time in the list's order (listInBatches). */
  batches: () => AsyncIterable<T[]>;
  /** The answer's key for the records, after `before`'s keys and before `after`'s; none: the body is the array itself. */
  key?: string;
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
  /** The filtered total, asked only when the list has parameters (as listReply gives it). */
  total: () => Promise<number>;
}

/** An object's members as JSON writes them, without the braces ('' for none). */
const members = (object: Record<string, unknown> = {}) => JSON.stringify(object).slice(1, -1);

/**
 * Chunks are written at about this size. A batch is serialised at once, so its records die young
 * (while it waited for the client, a batch's objects would be promoted and pile up until a full
 * collection, more so with several lists streaming), into strings small enough to die young too,
 * where a batch's whole text would sit in V8's large-object space.
 */
const CHUNK_CHARS = 16 * 1024;

/** `{...before, [key]: records, ...after}` as JSON.stringify writes it, its records a batch at a time. */
async function* jsonChunks<T>(whole: WholeList<T>, after: Record<string, unknown>): AsyncGenerator<string> {
  const { key } = whole;
  let chunk =
    key === undefined ? '[' : `{${[members(whole.before), `${JSON.stringify(key)}:[`].filter(Boolean).join(',')}`;
  let first = true;
  for await (const records of whole.batches()) {
    const chunks: string[] = [];
    for (const record of records) {
      chunk += (first ? '' : ',') + JSON.stringify(record);
      first = false;
      if (chunk.length >= CHUNK_CHARS) {
        chunks.push(chunk);
        chunk = '';
      }
    }
    // Released before the client drains the chunks (see CHUNK_CHARS).
    records.length = 0;
    yield* chunks;
  }
  const rest = members(after);
  yield `${chunk}${key === undefined ? ']' : `]${rest && `,${rest}`}}`}`;
}

/**
 * Answers a list without a page (the contract's whole list) as a stream: the same JSON a single
 * JSON.stringify would write, but read a batch at a time and serialised only as fast as the client
 * takes it, so memory holds a batch whatever the store's size, and a client that leaves stops the
 * reading. It is a heavy request (heavy-requests.ts): admitted first, refused with 429 over the limits.
 */
export async function sendWholeList<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  list: ListQuery,
  whole: WholeList<T>,
): Promise<FastifyReply> {
  reply.type('application/json; charset=utf-8');
  // A HEAD request gets the headers alone, without reading a row.
  if (request.method === 'HEAD') return reply.send();
  admitHeavy(request, reply);
  // A stream is never kept by the read cache: its batches' statements need not be.
  stopRecording();
  const after = { ...whole.after };
  if (list.withTotal) {
    const total = await whole.total();
    reply.header('X-Total-Count', String(total));
    after.total = total;
  }
  return reply.send(textStream(jsonChunks(whole, after)));
}
