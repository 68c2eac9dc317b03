import { z } from 'zod';

/**
 * Lost updates: an update may carry the `updatedAt` of the copy it was made from. The server applies
 * it only while the record still has that `updatedAt`, so an edit made on a copy someone else has since
 * changed is refused (409) instead of silently overwriting their change. Without `updatedAt` the
 * update applies as the documented contract says: a client that does not send it keeps working.
 */
export const editVersionSchema = z.object({
  updatedAt: z.iso
    .datetime({ offset: true, error: 'must be the ISO date-time (updatedAt) of the copy being edited' })
    .nullish()
    .transform((value) => value ?? undefined),
});

/** The 409's message when an update was made on a stale copy of a record ('coupon', 'banner', any resource's noun). */
export function staleEditMessage(noun: string): string {
  return `This ${noun} was changed by someone else since you opened it. Reload to see the latest version.`;
}

const STALE_EDIT_PATTERN =
  /^This [\w -]+ was changed by someone else since you opened it\. Reload to see the latest version\.$/;

/**
 * Whether a 409's message is a stale-edit refusal. The coupon update also answers 409 for a duplicate
 * code, which reloading would not resolve, so the status alone does not tell them apart.
 */
export function isStaleEditMessage(message: string): boolean {
  return STALE_EDIT_PATTERN.test(message);
}
