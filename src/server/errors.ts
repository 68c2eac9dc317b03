import type { z } from 'zod';
import { describeValidationError, idSchema } from '../domain';

/** An error whose status and message go to the caller as they are. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** More of the answer beside `message` (a stock shortage's `sku` and `available`). */
    readonly details?: Readonly<Record<string, unknown>>,
  ) {
    super(message);
  }
}

export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw new HttpError(400, describeValidationError(result.error));
  return result.data;
}

/** The id from a route's params: malformed is a 400 naming `id`. */
export function parseId(params: unknown): string {
  const id = (params as { id?: unknown } | undefined)?.id;
  const result = idSchema.safeParse(id);
  if (!result.success) throw new HttpError(400, `id: ${result.error.issues[0]?.message ?? 'invalid id'}`);
  return result.data;
}

/** `what` is found, or the call answers 404 '{what} not found'. A delete passes its boolean. */
export function notFoundUnless<T>(value: T | null | undefined | false, what: string): T {
  if (value === null || value === undefined || value === false) throw new HttpError(404, `${what} not found`);
  return value;
}

/** NUL (PostgreSQL text cannot hold it) or a UTF-16 surrogate without its pair (not Unicode; the driver would turn it into U+FFFD). */
// eslint-disable-next-line no-control-regex -- NUL is the very character this looks for.
const UNSTORABLE_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Refuses a request whose text the database could not store as sent, naming the field, before any
 * route reads it: otherwise the insert fails with a 500 or stores something else than the caller sent.
 * Walks keys and values without recursion, so a deeply nested body cannot exhaust the stack.
 */
export function assertStorableText(input: unknown, where: string): void {
  const pending: [unknown, string][] = [[input, '']];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [value, path] = next;
    if (typeof value === 'string') {
      if (UNSTORABLE_TEXT.test(value))
        throw new HttpError(400, `${path || where}: must be valid text without NUL characters`);
    } else if (value !== null && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        const childPath = path ? `${path}.${key}` : key;
        if (UNSTORABLE_TEXT.test(key))
          throw new HttpError(400, `${where}: field names must be valid text without NUL characters`);
        pending.push([child, childPath]);
      }
    }
  }
}

/** The SQLSTATE of a database error, looking through the wrappers Drizzle puts around the driver's error. */
export function databaseErrorCode(error: unknown): string | undefined {
  for (let e = error; e instanceof Error; e = e.cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}
