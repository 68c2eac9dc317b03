import type SvgIcon from '@mui/material/SvgIcon';
import type { ComponentType, LazyExoticComponent } from 'react';
import type { ResourceContract } from '../domain/contract';

/** A screen loaded on first visit, so each page is its own chunk. */
export type LazyPage = LazyExoticComponent<ComponentType>;

/** Where an entry sits in the sidebar. `parent` names the group it is nested under. */
export interface MenuPlacement {
  label: string;
  icon: typeof SvgIcon;
  parent?: string;
}

export interface RouteDeclaration {
  /** A react-router path; ':id' marks the record id. */
  path: string;
  page: LazyPage;
}

/** A contract, or how to load it (a store resource's schemas stay out of the console's first load). */
export type ContractSource = ResourceContract<never> | (() => Promise<ResourceContract<never>>);

/**
 * A Refine resource: its name is its contract's, whose calls the data provider makes. Its routes are
 * generated from these paths and its sidebar entry from `menu`.
 */
export interface ResourceDeclaration {
  kind: 'resource';
  name: string;
  contract: ContractSource;
  menu: MenuPlacement;
  /** The header's Quick Add item opening this resource's add dialog ('Create Coupon'). */
  quickAdd?: string;
  /** `aliases` are further paths showing the same list (/catalog shows the products). */
  list: RouteDeclaration & { aliases?: string[] };
  create?: RouteDeclaration;
  edit?: RouteDeclaration;
  show?: RouteDeclaration;
}

/** A screen that is not a resource (dashboard, placeholders). Without `menu` it has a route but no sidebar entry. */
export interface PageDeclaration {
  kind: 'page';
  name: string;
  path: string;
  page: LazyPage;
  menu?: MenuPlacement;
  /** Calls the page reads through the data provider as resources of their own (the dashboard's series), by resource name. */
  contracts?: Readonly<Record<string, ContractSource>>;
}

/** A sidebar group: entries naming it as `parent` are its children; it is active anywhere under `path`. */
export interface GroupDeclaration {
  kind: 'group';
  name: string;
  path: string;
  menu: Omit<MenuPlacement, 'parent'>;
}

export type ConsoleEntry = ResourceDeclaration | PageDeclaration | GroupDeclaration;
