import type { ResourceProps } from '@refinedev/core';
import type { ConsoleEntry, ResourceDeclaration } from '../resources/declaration';

export function toRefineResources(entries: ConsoleEntry[]): ResourceProps[] {
  return entries
    .filter((entry): entry is ResourceDeclaration => entry.kind === 'resource')
    .map(({ name, list, create, edit, show, menu, dataProviderName }) => ({
      name,
      list: list.path,
      create: create?.path,
      edit: edit?.path,
      show: show?.path,
      meta: { label: menu.label, dataProviderName },
    }));
}
