import { describe, expect, it } from 'vitest';
import { buildNavigation } from '../../src/app/navigation';
import { retryDelay, shouldRetry } from '../../src/app/query-client';
import { toRefineResources } from '../../src/app/refine-resources';
import { consoleEntries } from '../../src/app/resources';
import { isNavItemActive, type NavItem } from '../../src/components/layout/nav-item';
import { createActionHref } from '../../src/components/quick-add';
import { ApiError } from '../../src/providers/http';
import { ENDPOINTS } from '../../src/providers/data-provider/endpoints';
import { notificationDuration } from '../../src/providers/notification-provider';

const navigation = buildNavigation(consoleEntries);
const flat = (items: NavItem[]): NavItem[] => items.flatMap((item) => [item, ...flat(item.children ?? [])]);
const item = (label: string) => flat(navigation).find((entry) => entry.label === label)!;

describe('sidebar', () => {
  it("lists the spec's entries in order, with the catalog group's children", () => {
    expect(navigation.map((entry) => [entry.label, entry.path])).toEqual([
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
    ]);
    expect(item('Catalog').children!.map((child) => [child.label, child.path])).toEqual([
      ['Products', '/catalog/products'],
      ['Categories', '/catalog/categories'],
      ['Coupons', '/catalog/coupons'],
    ]);
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

describe('declared resources', () => {
  it('gives Refine every resource with its spec routes', () => {
    expect(toRefineResources(consoleEntries).map(({ name, list, create, edit, show }) => ({ name, list, create, edit, show }))).toEqual([
      { name: 'products', list: '/catalog/products', create: undefined, edit: undefined, show: undefined },
      { name: 'coupons', list: '/catalog/coupons', create: undefined, edit: undefined, show: undefined },
      { name: 'orders', list: '/orders', create: undefined, edit: undefined, show: undefined },
      { name: 'users', list: '/customers', create: undefined, edit: undefined, show: undefined },
      { name: 'banners', list: '/banners', create: undefined, edit: '/admin/edit-banner/:id', show: '/admin/view-banner/:id' },
      { name: 'blogs', list: '/blog', create: '/admin/add-blog', edit: '/admin/edit-blog/:id', show: '/admin/view-blog/:id' },
    ]);
  });

  it('has endpoints for every declared resource', () => {
    for (const { name } of toRefineResources(consoleEntries)) expect(ENDPOINTS[name]?.getList, name).toBeDefined();
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
