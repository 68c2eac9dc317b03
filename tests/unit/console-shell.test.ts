import type { ReactElement } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { buildNavigation } from '../../src/app/navigation';
import { retryDelay, shouldRetry } from '../../src/app/query-client';
import { buildQuickActions } from '../../src/app/quick-actions';
import { toRefineResources } from '../../src/app/refine-resources';
import { consoleEntries } from '../../src/app/resources';
import { consoleRoutes } from '../../src/app/routes';
import { isNavItemActive, type NavItem } from '../../src/components/layout/nav-item';
import { createActionHref } from '../../src/components/quick-add';
import { ApiError } from '../../src/providers/http';
import { endpointsOf } from '../../src/providers/data-provider/endpoints';
import { notificationDuration } from '../../src/providers/notification-provider';
import type { ConsoleEntry, GroupDeclaration, LazyPage, ResourceDeclaration } from '../../src/app/declaration';

/*
 * Two kinds of checks live here. Invariants read the declarations (consoleEntries) and hold for any
 * resource, so a new one is covered without editing this file. The spec checks pin what the spec itself
 * says (sidebar order, Catalog's children, Quick Add items, the six resources' routes);
 * they look for the spec's entries among whatever else is declared, so a new resource does not break them.
 */

const ID = '64b7f0c2a1b2c3d4e5f60718';

const resources = consoleEntries.filter((entry): entry is ResourceDeclaration => entry.kind === 'resource');
const groups = consoleEntries.filter((entry): entry is GroupDeclaration => entry.kind === 'group');
const menuEntries = consoleEntries.filter((entry) => entry.menu !== undefined);
const parentOf = (entry: ConsoleEntry) => (entry.kind === 'group' ? undefined : entry.menu?.parent);

type Screen = 'page' | 'list' | 'alias' | 'create' | 'edit' | 'show';
/** Every route path an entry declares, with the page it must show. */
function declaredRoutes(entry: ConsoleEntry): { screen: Screen; path: string; page: LazyPage }[] {
  switch (entry.kind) {
    case 'group':
      return [];
    case 'page':
      return [{ screen: 'page', path: entry.path, page: entry.page }];
    case 'resource': {
      const { list } = entry;
      return [
        { screen: 'list' as const, path: list.path, page: list.page },
        ...(list.aliases ?? []).map((path) => ({ screen: 'alias' as const, path, page: list.page })),
        ...(['create', 'edit', 'show'] as const).flatMap((screen) => {
          const route = entry[screen];
          return route ? [{ screen, path: route.path, page: route.page }] : [];
        }),
      ];
    }
  }
}
/** A real address for a route path: ':id' becomes a record id. */
const concrete = (path: string) => path.replace(':id', ID);

const navigation = buildNavigation(consoleEntries);
const flat = (items: NavItem[]): NavItem[] => items.flatMap((item) => [item, ...flat(item.children ?? [])]);
const item = (label: string) => flat(navigation).find((entry) => entry.label === label)!;
const navItemOf = (name: string) => flat(navigation).find((entry) => entry.name === name);

const routes = consoleRoutes(consoleEntries);
/** The route an address reaches, innermost first, as the console's router matches it. */
function routeFor(pathname: string): RouteObject | undefined {
  return matchRoutes(routes, pathname)?.at(-1)?.route;
}
const pageAt = (pathname: string) => (routeFor(pathname)?.element as ReactElement | undefined)?.type;

/** The specified layout: the sidebar's entries in order (Returns has a route but no entry). */
const SPEC_SIDEBAR = [
  ['Dashboard', '/'],
  ['Catalog', '/catalog'],
  ['Orders', '/orders'],
  ['Customers', '/customers'],
  ['Banners', '/banners'],
  ['Blogs', '/blog'],
  ['Vendors', '/vendors'],
  ['Content', '/content'],
  ['Payments', '/payments'],
  ['Analytics', '/analytics'],
  ['Support', '/support'],
  ['Settings', '/settings'],
];
const SPEC_CATALOG = [
  ['Products', '/catalog/products'],
  ['Categories', '/catalog/categories'],
  ['Coupons', '/catalog/coupons'],
];
/** The specified route table: the six resources' routes, with an order's packing slip and a customer's page beyond the spec. */
const SPEC_RESOURCES = [
  { name: 'products', list: '/catalog/products', create: undefined, edit: undefined, show: undefined },
  { name: 'coupons', list: '/catalog/coupons', create: undefined, edit: undefined, show: undefined },
  { name: 'orders', list: '/orders', create: '/orders/create', edit: undefined, show: '/orders/:id/print' },
  { name: 'users', list: '/customers', create: undefined, edit: undefined, show: '/customers/:id' },
  {
    name: 'banners',
    list: '/banners',
    create: undefined,
    edit: '/admin/edit-banner/:id',
    show: '/admin/view-banner/:id',
  },
  {
    name: 'blogs',
    list: '/blog',
    create: '/admin/add-blog',
    edit: '/admin/edit-blog/:id',
    show: '/admin/view-blog/:id',
  },
];
/** The specified route table: every route, all behind the sign-in but /login. */
const SPEC_ROUTES = [
  '/login',
  '/',
  '/catalog',
  '/catalog/products',
  '/catalog/categories',
  '/catalog/coupons',
  '/orders',
  '/customers',
  '/returns',
  '/blog',
  '/admin/add-blog',
  '/admin/edit-blog/:id',
  '/admin/view-blog/:id',
  '/banners',
  '/admin/edit-banner/:id',
  '/admin/view-banner/:id',
  '/vendors',
  '/content',
  '/payments',
  '/analytics',
  '/support',
  '/settings',
];

/** The entries of `actual` that `spec` names (by their first element), in `actual`'s order. */
const specOnly = (actual: string[][], spec: string[][]) =>
  actual.filter(([key]) => spec.some(([name]) => name === key));

describe('sidebar (the specified order)', () => {
  it("lists the spec's entries in the spec's order", () => {
    expect(
      specOnly(
        navigation.map((entry) => [entry.label, entry.path]),
        SPEC_SIDEBAR,
      ),
    ).toEqual(SPEC_SIDEBAR);
  });

  it("nests Products, Categories and Coupons under Catalog, in the spec's order", () => {
    expect(
      specOnly(
        item('Catalog').children!.map((child) => [child.label, child.path]),
        SPEC_CATALOG,
      ),
    ).toEqual(SPEC_CATALOG);
  });

  it('lists Returns, a working screen, where the spec names it: after Settings', () => {
    const labels = navigation.map((entry) => [entry.label, entry.path]);
    const settings = labels.findIndex(([label]) => label === 'Settings');
    expect(labels[settings + 1]).toEqual(['Returns', '/returns']);
  });

  it.each([
    ['Dashboard', '/', true],
    ['Dashboard', '/orders', false],
    ['Catalog', '/catalog/coupons', true],
    ['Catalog', '/catalogue', false],
    ['Products', '/catalog', true],
    ['Products', '/catalog/products', true],
    ['Products', '/catalog/coupons', false],
    ['Blogs', '/admin/edit-blog/64b7f0c2a1b2c3d4e5f60718', true],
    ['Blogs', '/admin/edit-banner/64b7f0c2a1b2c3d4e5f60718', false],
    ['Banners', '/admin/view-banner/64b7f0c2a1b2c3d4e5f60718', true],
  ])('%s is active on %s: %s', (label, pathname, active) => {
    expect(isNavItemActive(item(label), pathname)).toBe(active);
  });
});

describe('sidebar (staff accounts)', () => {
  it('lists Team right after Customers', () => {
    const labels = navigation.map((entry) => entry.label);
    expect(labels[labels.indexOf('Customers') + 1]).toBe('Team');
    expect(item('Team')).toMatchObject({ name: 'staff', path: '/team' });
  });

  it('gives the profile a route but no sidebar entry: the user menu opens it', () => {
    expect(pageAt('/profile')).toBeDefined();
    expect(flat(navigation).filter((entry) => entry.path === '/profile')).toEqual([]);
  });
});

describe('sidebar (every declared entry)', () => {
  it.each(menuEntries.map((entry) => [entry.name, entry] as const))(
    '%s shows with its label, at the top or under the group it names',
    (_name, entry) => {
      const parent = parentOf(entry);
      const siblings = parent === undefined ? navigation : navigation.find((group) => group.name === parent)?.children;
      expect(siblings, `the group '${parent}' ${entry.name} names`).toBeDefined();
      const shown = siblings!.filter((candidate) => candidate.name === entry.name);
      expect(shown).toHaveLength(1);
      expect(shown[0]!.label).toBe(entry.menu!.label);
      expect(shown[0]!.path).toBe(entry.kind === 'resource' ? entry.list.path : entry.path);
    },
  );

  it('has nothing but the declared entries, each once, children in declaration order', () => {
    expect(flat(navigation).map((entry) => entry.name)).toEqual(
      consoleEntries
        .filter((entry) => entry.menu && parentOf(entry) === undefined)
        .flatMap((entry) => [
          entry.name,
          ...(entry.kind === 'group'
            ? consoleEntries.filter((child) => child.menu && parentOf(child) === entry.name).map((child) => child.name)
            : []),
        ]),
    );
    for (const group of groups) expect(navItemOf(group.name)?.children, group.name).toBeDefined();
  });

  it.each(menuEntries.map((entry) => [entry.name, entry] as const))(
    "%s is offered to the roles that may open it: a resource's entry asks for its list, others show to every role",
    (name, entry) => {
      expect(navItemOf(name)!.access).toEqual(
        entry.kind === 'resource' ? { resource: name, action: 'list' } : undefined,
      );
    },
  );

  it.each(menuEntries.filter((entry) => entry.kind !== 'group').map((entry) => [entry.name, entry] as const))(
    '%s is the active entry on each of its routes',
    (_name, entry) => {
      for (const { path } of declaredRoutes(entry))
        expect(isNavItemActive(navItemOf(entry.name)!, concrete(path)), path).toBe(true);
    },
  );
});

describe('routes', () => {
  it.each(consoleEntries.filter((entry) => entry.kind !== 'group').map((entry) => [entry.name, entry] as const))(
    '%s: every declared path reaches its own screen',
    (_name, entry) => {
      for (const { screen, path, page } of declaredRoutes(entry)) {
        expect(routeFor(concrete(path))?.path, `${screen} ${path}`).toBe(path);
        expect(pageAt(concrete(path)), `${screen} ${path}`).toBe(page);
      }
    },
  );

  it('declares no route path twice', () => {
    const paths = consoleEntries.flatMap(declaredRoutes).map(({ path }) => path);
    expect(paths.filter((path, index) => paths.indexOf(path) !== index)).toEqual([]);
  });

  it.each(SPEC_ROUTES)('has the spec route %s', (path) => {
    const route = routeFor(concrete(path));
    expect(route?.path).not.toBe('*');
    expect(route?.element).toBeDefined();
  });

  it('sends any other path to the not-found screen', () => {
    expect(routeFor('/no/such/page')?.path).toBe('*');
  });
});

describe('declared resources', () => {
  const refineResources = toRefineResources(consoleEntries);

  it('gives Refine exactly the declared resources, in order, and the contracts pages read as resources without routes', () => {
    const routed = refineResources.filter((resource) => resource.list !== undefined);
    expect(routed.map((resource) => resource.name)).toEqual(resources.map((resource) => resource.name));
    expect(refineResources.filter((resource) => resource.list === undefined).map((resource) => resource.name)).toEqual([
      'dashboardKpis',
      'monthlySales',
      'salesByCategory',
    ]);
  });

  it.each(resources.map((resource) => [resource.name, resource] as const))(
    '%s is a Refine resource with its routes, label and data provider',
    (name, resource) => {
      const refine = refineResources.find((candidate) => candidate.name === name);
      expect(refine).toEqual({
        name,
        list: resource.list.path,
        create: resource.create?.path,
        edit: resource.edit?.path,
        show: resource.show?.path,
        meta: { label: resource.menu.label, contract: resource.contract },
      });
    },
  );

  it("gives Refine the six spec resources with the spec's routes", () => {
    const declared = refineResources.map(({ name, list, create, edit, show }) => ({ name, list, create, edit, show }));
    for (const spec of SPEC_RESOURCES) expect(declared).toContainEqual(spec);
  });

  describe('calls', () => {
    const contractOf = async (resource: ResourceDeclaration) =>
      typeof resource.contract === 'function' ? resource.contract() : resource.contract;

    it.each(resources.map((resource) => [resource.name, resource] as const))(
      '%s has a contract of its own name with a list',
      async (name, resource) => {
        const contract = await contractOf(resource);
        expect(contract.name).toBe(name);
        expect(contract.routes.list).toBeDefined();
      },
    );

    it.each(resources.map((resource) => [resource.name, resource] as const))(
      '%s has the calls its screens use (a record page reads one, an add creates, an edit updates)',
      async (name, resource) => {
        const contract = await contractOf(resource);
        // A regular contract has them all; an irregular one's getOne falls back to finding the record in the whole list (coupons).
        const endpoints = contract.regular
          ? { getOne: true, create: true, update: true, getList: true }
          : endpointsOf(contract);
        if (resource.show || resource.edit)
          expect(endpoints.getOne ?? endpoints.getList, `${name}.getOne`).toBeDefined();
        if (resource.create || resource.quickAdd) expect(endpoints.create, `${name}.create`).toBeDefined();
        if (resource.edit) expect(endpoints.update, `${name}.update`).toBeDefined();
      },
    );
  });
});

describe('Quick Add', () => {
  const actions = buildQuickActions(consoleEntries);
  const declaring = resources.filter((resource) => resource.quickAdd !== undefined);

  it("has one item per resource declaring quickAdd, opening its create page or its list's add dialog", () => {
    expect(actions).toEqual(
      declaring.map((resource) => ({
        label: resource.quickAdd,
        to: resource.create ? resource.create.path : `${resource.list.path}?action=create`,
        access: { resource: resource.name, action: 'create' },
      })),
    );
  });

  it.each(declaring.map((resource) => [resource.quickAdd!, resource] as const))(
    "%s leads to one of its resource's screens",
    (label, resource) => {
      const to = actions.find((action) => action.label === label)!.to;
      expect(pageAt(new URL(to, 'http://console.test').pathname)).toBe((resource.create ?? resource.list).page);
    },
  );

  it("offers the spec's Add Product and Create Coupon, each opening its list's add dialog", () => {
    expect(actions).toContainEqual(
      expect.objectContaining({ label: 'Add Product', to: '/catalog/products?action=create' }),
    );
    expect(actions).toContainEqual(
      expect.objectContaining({ label: 'Create Coupon', to: '/catalog/coupons?action=create' }),
    );
  });

  it('opens Quick Add actions with the create request parameter', () => {
    expect(createActionHref('/catalog/products')).toBe('/catalog/products?action=create');
  });
});

describe('query and notification defaults', () => {
  it('backs off from 1 s, doubling, to at most 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it('retries failures 3 times, but not answers a retry cannot change', () => {
    const serverError = new ApiError('Server error', 500);
    expect([0, 1, 2, 3].map((count) => shouldRetry(count, serverError))).toEqual([true, true, true, false]);
    expect(shouldRetry(0, new ApiError('Network', 0))).toBe(true);
    expect(shouldRetry(0, new ApiError('Blog not found', 404))).toBe(false);
    expect(shouldRetry(0, new ApiError('Unauthorized', 401))).toBe(false);
  });

  it('keeps success toasts 2 s and all others 4 s', () => {
    expect(notificationDuration('success')).toBe(2000);
    expect(notificationDuration('error')).toBe(4000);
    expect(notificationDuration('progress')).toBe(4000);
  });
});
