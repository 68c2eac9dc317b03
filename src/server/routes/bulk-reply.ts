import type { BulkFailure, BulkResult } from '../../domain';

/** What a bulk action's records are called: 'order' and 'orders'. */
export interface BulkNoun {
  one: string;
  many: string;
}

export const pluralNoun = (noun: string): BulkNoun => ({ one: noun.toLowerCase(), many: `${noun.toLowerCase()}s` });

/** '3 orders updated', '2 orders updated, 1 failed': the console shows it as the action's one toast. */
export function bulkReply(
  noun: BulkNoun,
  done: 'updated' | 'deleted',
  updated: string[],
  failed: BulkFailure[],
): BulkResult {
  const count = `${updated.length} ${updated.length === 1 ? noun.one : noun.many} ${done}`;
  return { success: true, message: failed.length > 0 ? `${count}, ${failed.length} failed` : count, updated, failed };
}

/** The asked ids, in the order asked, split by whether the statement found them. */
export function foundOrNot(
  ids: readonly string[],
  found: readonly string[],
  missing: string,
): { updated: string[]; failed: BulkFailure[] } {
  const hit = new Set(found);
  return {
    updated: ids.filter((id) => hit.has(id)),
    failed: ids.filter((id) => !hit.has(id)).map((id) => ({ _id: id, message: missing })),
  };
}
