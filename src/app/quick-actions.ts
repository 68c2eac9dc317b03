import type { QuickAction } from '../components/layout/QuickAddMenu';
import { createActionHref } from '../components/quick-add';
import type { ConsoleEntry, ResourceDeclaration } from './declaration';

/** The header's Quick Add menu, from the resources that declare an item: each opens its add dialog (or page), for a role that may add. */
export function buildQuickActions(entries: ConsoleEntry[]): QuickAction[] {
  return entries
    .filter(
      (entry): entry is ResourceDeclaration & { quickAdd: string } =>
        entry.kind === 'resource' && entry.quickAdd !== undefined,
    )
    .map((entry) => ({
      label: entry.quickAdd,
      to: entry.create?.path ?? createActionHref(entry.list.path),
      access: { resource: entry.name, action: 'create' },
    }));
}
