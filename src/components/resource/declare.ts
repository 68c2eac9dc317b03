import { createElement, lazy, type ComponentType } from 'react';
import { loadEnglish } from '../../providers/i18n-provider';
import type { ResourceDeclaration, RouteDeclaration } from '../../app/declaration';
import type { ResourcePresentation, StoreRecord } from './presentation';

type Screen = 'list' | 'create' | 'edit' | 'show';
type Loaded<T> = Promise<{ default: T }>;

export interface ResourceOptions extends Pick<ResourceDeclaration, 'name' | 'menu' | 'quickAdd'> {
  /** Its contract, or how to load it; by default, the presentation's (loaded with it). One of the two is given. */
  contract?: ResourceDeclaration['contract'];
  /** Route paths; a screen without a path is a dialog over the list (or absent). */
  routes: { list: string; aliases?: string[]; create?: string; edit?: string; show?: string };
  /**
   * The resource's presentation (fields, texts): loaded with its first screen, so the sign-in page stays
   * light; a small resource may give it inline and live in one file.
   */
  presentation?: ResourcePresentation<never> | (() => Loaded<ResourcePresentation<never>>);
  /** Screens of the resource's own that replace the generated ones. */
  custom?: Partial<Record<Screen, () => Loaded<ComponentType>>>;
}

const generated: Record<Screen, () => Loaded<ComponentType<{ presentation: ResourcePresentation<StoreRecord> }>>> = {
  list: () => import('./ResourceListScreen'),
  create: () => import('./ResourceFormScreen'),
  edit: () => import('./ResourceFormScreen'),
  show: () => import('./ResourceShowScreen'),
};

/** How a resource's presentation and contract load: each from the other where only one is given. */
function sources({ name, presentation, contract }: ResourceOptions) {
  if (presentation !== undefined) {
    const load = typeof presentation === 'function' ? presentation : async () => ({ default: presentation });
    return { load, contract: contract ?? (async () => (await load()).default.contract) };
  }
  if (contract === undefined) throw new Error(`${name}: declare its contract, its presentation or both`);
  // Without a presentation of its own, the resource shows its contract as the conventions do (fieldsOf).
  const load = async () => {
    const [{ presentResource }, loaded] = await Promise.all([
      import('./presentation'),
      typeof contract === 'function' ? contract() : contract,
    ]);
    return { default: presentResource(loaded, {}) };
  };
  return { load, contract };
}

function screenRoute(options: ResourceOptions, screen: Screen, path: string): RouteDeclaration {
  const custom = options.custom?.[screen];
  const { load } = sources(options);
  const loadScreen = async (): Promise<ComponentType> => {
    if (custom) return (await custom()).default;
    const [{ default: presentation }, { default: Generated }] = await Promise.all([load(), generated[screen]()]);
    return () => createElement(Generated, { presentation: presentation as ResourcePresentation<StoreRecord> });
  };
  // Every screen, custom ones too, behind the access control: an address does not get a role past it.
  const page = lazy(async () => {
    const [Screen, { default: ScreenAccess }] = await Promise.all([
      loadScreen(),
      import('./ScreenAccess'),
      loadEnglish(),
    ]);
    const Page = () => createElement(ScreenAccess, { resource: options.name, screen, children: createElement(Screen) });
    return { default: Page };
  });
  return { path, page };
}

/** A console resource whose screens are generated from its presentation unless it brings its own. */
export function declareResource(options: ResourceOptions): ResourceDeclaration {
  const { name, menu, quickAdd, routes } = options;
  const { contract } = sources(options);
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
