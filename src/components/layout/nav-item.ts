import type SvgIcon from '@mui/material/SvgIcon';
import { matchPath } from 'react-router';
import type { AccessCheck } from './use-allowed';

/** One sidebar entry as the layout draws it; the app builds these from the console's declarations. */
export interface NavItem {
  name: string;
  label: string;
  icon: typeof SvgIcon;
  path: string;
  /** Further route patterns (aliases, ':id' screens) on which this entry counts as the current one. */
  patterns: string[];
  children?: NavItem[];
  /** A resource's entry shows only to a role that may open its list. */
  access?: AccessCheck;
}

function isUnder(pathname: string, path: string): boolean {
  return pathname === path || pathname.startsWith(`${path}/`);
}

/**
 * Groups are active anywhere under their path; '/' (the dashboard) only on itself; other entries on
 * their path, below it, and on their other patterns.
 */
export function isNavItemActive(item: NavItem, pathname: string): boolean {
  if (item.children) return isUnder(pathname, item.path);
  if (item.path === '/') return pathname === '/';
  return isUnder(pathname, item.path) || item.patterns.some((pattern) => matchPath(pattern, pathname) !== null);
}
