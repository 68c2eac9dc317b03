import type { IRefineOptions } from '@refinedev/core';
import { QUERY_DEFAULTS } from '../domain';

/** 1 s, 2 s, 4 s ... capped at 30 s. */
export function retryDelay(attemptIndex: number): number {
  return Math.min(QUERY_DEFAULTS.retryBaseDelayMs * 2 ** attemptIndex, QUERY_DEFAULTS.retryMaxDelayMs);
}

/**
 * Up to 3 retries, but not for answers that asking again cannot change (4xx: not found, forbidden,
 * invalid): retrying those only delays 'Blog not found.' by seven seconds.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) return false;
  return failureCount < QUERY_DEFAULTS.retries;
}

export const queryClientConfig: NonNullable<IRefineOptions['reactQuery']>['clientConfig'] = {
  defaultOptions: {
    queries: { retry: shouldRetry, retryDelay, gcTime: QUERY_DEFAULTS.cacheTimeMs },
  },
};
