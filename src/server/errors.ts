import type { z } from 'zod';
import { describeValidationError, idSchema } from '../domain';

/** An error whose status and message go to the caller as they are. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
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
