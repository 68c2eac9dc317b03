import type { NavItem } from '../components/layout/nav-item';
import type { ConsoleEntry } from './declaration';

function routePatterns(entry: ConsoleEntry): string[] {
  if (entry.kind !== 'resource') return [entry.path];
  const { list, create, edit, show } = entry;
  return [list.path, ...(list.aliases ?? []), ...[create, edit, show].flatMap((route) => (route ? [route.path] : []))];
}

/** The sidebar: entries with a menu placement, in declaration order, children under their group; a resource's for a role that may list it. */
export function buildNavigation(entries: ConsoleEntry[]): NavItem[] {
  const parentOf = (entry: ConsoleEntry) => (entry.kind === 'group' ? undefined : entry.menu?.parent);
  const toItems = (entry: ConsoleEntry): NavItem[] => {
    if (!entry.menu) return [];
    const item: NavItem = {
      name: entry.name,
      label: entry.menu.label,
      icon: entry.menu.icon,
      path: entry.kind === 'resource' ? entry.list.path : entry.path,
      patterns: routePatterns(entry),
      ...(entry.kind === 'resource' && { access: { resource: entry.name, action: 'list' } }),
    };
    return [
      entry.kind === 'group'
        ? { ...item, children: entries.filter((child) => parentOf(child) === entry.name).flatMap(toItems) }
        : item,
    ];
  };
  return entries.filter((entry) => parentOf(entry) === undefined).flatMap(toItems);
}
