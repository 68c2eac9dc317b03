import { createElement, lazy, type ComponentType } from 'react';
import type { ResourceDeclaration, RouteDeclaration } from '../../resources/declaration';
import type { ResourcePresentation, StoreRecord } from './definition';

type Screen = 'list' | 'create' | 'edit' | 'show';
type Loaded<T> = Promise<{ default: T }>;

export interface ResourceOptions extends Pick<ResourceDeclaration, 'name' | 'contract' | 'menu' | 'quickAdd'> {
  /** Route paths; a screen without a path is a dialog over the list (or absent). */
  routes: { list: string; aliases?: string[]; create?: string; edit?: string; show?: string };
  /**
   * The resource's definition (fields, texts): loaded with its first screen, so the sign-in page stays
   * light; a small resource may give it inline and live in one file.
   */
  definition: ResourcePresentation<never> | (() => Loaded<ResourcePresentation<never>>);
  /** Screens of the resource's own that replace the generated ones. */
  custom?: Partial<Record<Screen, () => Loaded<ComponentType>>>;
}

const generated: Record<Screen, () => Loaded<ComponentType<{ definition: ResourcePresentation<StoreRecord> }>>> = {
  list: () => import('./ResourceListScreen'),
  create: () => import('./ResourceFormScreen'),
  edit: () => import('./ResourceFormScreen'),
  show: () => import('./ResourceShowScreen'),
};

function screenRoute(options: ResourceOptions, screen: Screen, path: string): RouteDeclaration {
  const custom = options.custom?.[screen];
  const { definition: given } = options;
  const load = typeof given === 'function' ? given : async () => ({ default: given });
  const loadScreen = async (): Promise<ComponentType> => {
    if (custom) return (await custom()).default;
    const [{ default: definition }, { default: Generated }] = await Promise.all([load(), generated[screen]()]);
    return () => createElement(Generated, { definition: definition as ResourcePresentation<StoreRecord> });
  };
  // Every screen, custom ones too, behind the access control: an address does not get a role past it.
  const page = lazy(async () => {
    const [Screen, { default: ScreenAccess }] = await Promise.all([loadScreen(), import('./ScreenAccess')]);
    const Page = () => createElement(ScreenAccess, { resource: options.name, screen, children: createElement(Screen) });
    return { default: Page };
  });
  return { path, page };
}

/** A console resource whose screens are generated from its definition unless it brings its own. */
export function declareResource(options: ResourceOptions): ResourceDeclaration {
  const { name, contract, menu, quickAdd, routes } = options;
  const optional = (screen: Exclude<Screen, 'list'>) => {
    const path = routes[screen];
    return path ? screenRoute(options, screen, path) : undefined;
  };
  return {
    kind: 'resource',
    name,
    contract,
    menu,
    quickAdd,
    list: { ...screenRoute(options, 'list', routes.list), aliases: routes.aliases },
    create: optional('create'),
    edit: optional('edit'),
    show: optional('show'),
  };
}
