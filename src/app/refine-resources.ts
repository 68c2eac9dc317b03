import type { ResourceProps } from '@refinedev/core';
import type { ConsoleEntry } from './declaration';

/**
 * Refine's resources: each declared resource with its routes, its label and its contract in `meta`
 * (which Refine hands the data provider with every call), and each contract a page reads (the
 * dashboard's series) as a resource without routes.
 */
export function toRefineResources(entries: ConsoleEntry[]): ResourceProps[] {
  return entries.flatMap((entry): ResourceProps[] => {
    if (entry.kind === 'page')
      return Object.entries(entry.contracts ?? {}).map(([name, contract]) => ({ name, meta: { contract } }));
    if (entry.kind !== 'resource') return [];
    const { name, list, create, edit, show, menu, contract } = entry;
    return [
      {
        name,
        list: list.path,
        create: create?.path,
        edit: edit?.path,
        show: show?.path,
        meta: { label: menu.label, contract },
      },
    ];
  });
}
