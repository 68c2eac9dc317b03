import { isStaleEditMessage } from '../domain';
import { ApiError } from '../providers/http';

/**
 * The server's message when a save was refused because the record changed since the form loaded it
 * (409, domain staleEditMessage), else undefined: other failures, a duplicate coupon code among them,
 * keep their own handling. A server that only speaks the contract never answers this.
 */
export function staleEditMessageOf(error: unknown): string | undefined {
  return error instanceof ApiError && error.statusCode === 409 && isStaleEditMessage(error.message)
    ? error.message
    : undefined;
}
