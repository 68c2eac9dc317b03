import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { GroupDeclaration, ResourceDeclaration } from '../../src/app/declaration';
import { ADMIN, QUIET_SCREEN, loadDeclarations, useConsoleHarness, waitForScreen } from './harness';

const app = useConsoleHarness({ readOnly: true });
// The resources come from the console's declarations (src/app/resources.ts), so a new resource's are visited too.
// Every declared screen is opened inside the console frame, its sidebar entry active, by every-screen.test.ts.
const { entries } = await loadDeclarations();
const resources = entries.filter((entry): entry is ResourceDeclaration => entry.kind === 'resource');
const groupLabel = (name: string) =>
  entries.find((entry): entry is GroupDeclaration => entry.kind === 'group' && entry.name === name)?.menu.label;

const sidebarWidth = (page: Page) =>
  page
    .getByRole('navigation', { name: 'Main navigation' })
    .evaluate((nav) => Math.round(nav.getBoundingClientRect().width));

describe('console frame', () => {
  it("shows 'Oops! Page not found' with a way home for an unknown path", async () => {
    const page = await app.newPage();
    await page.goto('/no/such/page');
    await page.getByText('Oops! Page not found').waitFor();
    expect(await page.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');
  });

  it("shows the router's 'Unexpected Application Error!' screen when a screen cannot load", async () => {
    const page = await app.newPage();
    await app.signIn(page, { at: QUIET_SCREEN });
    // A deploy replaced the console while it was open: the next screen's code is gone.
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Orders' }).click();
    const screen = page.getByRole('alert').filter({ hasText: 'Unexpected Application Error!' });
    await screen.waitFor();
    expect(await screen.getByRole('heading', { level: 2 }).textContent()).toMatch(/dynamically imported module/i);
  });

  it('collapses and expands the sidebar and highlights the active entry', async () => {
    const page = await app.newPage();
    await app.signIn(page);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    const current = nav.locator('[aria-current="page"]');

    expect(await current.textContent()).toBe('Dashboard');
    await nav.getByRole('link', { name: 'Orders' }).click();
    await page.getByRole('heading', { name: 'Orders' }).waitFor();
    expect(await current.textContent()).toBe('Orders');

    // The catalog group toggles its children; inside it, the group and the child are both active.
    const catalog = nav.getByRole('button', { name: 'Catalog' });
    expect(await catalog.getAttribute('aria-expanded')).toBe('false');
    await catalog.click();
    await nav.getByRole('link', { name: 'Coupons' }).click();
    await page.getByRole('heading', { name: 'Coupons' }).waitFor();
    expect(await current.textContent()).toBe('Coupons');
    expect(await catalog.getAttribute('class')).toContain('Mui-selected');
    // A row's buttons say what they do to the pointer and to the keyboard's focus.
    const row = page.locator('.MuiDataGrid-row[data-id]').first();
    await row.getByRole('button', { name: /^Edit / }).hover();
    await page.getByRole('tooltip', { name: 'Edit' }).waitFor();
    await page.keyboard.press('Shift');
    await row.getByRole('button', { name: /^Delete / }).focus();
    await page.getByRole('tooltip', { name: 'Delete' }).waitFor();
    // So do the grid's own: a column's sort button (after MUI's one-second delay).
    const sortable = page.getByRole('columnheader', { name: 'Code' });
    await sortable.hover();
    await sortable.getByRole('button', { name: 'Sort' }).hover();
    await page.getByRole('tooltip', { name: 'Sort' }).waitFor();

    expect(await sidebarWidth(page)).toBe(256);
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await page.waitForFunction(
      () =>
        Math.round(document.querySelector('nav[aria-label="Main navigation"]')!.getBoundingClientRect().width) === 64,
    );
    expect(await nav.getByText('Orders').count()).toBe(0);
    expect(await nav.getByRole('link', { name: 'Coupons' }).count()).toBe(0);
    // Collapsed, an icon is named by its tooltip (loaded on the first collapse: src/components/on-demand.tsx).
    await nav.getByRole('link', { name: 'Orders' }).hover();
    await page.getByRole('tooltip', { name: 'Orders' }).waitFor();

    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    await page.waitForFunction(
      () =>
        Math.round(document.querySelector('nav[aria-label="Main navigation"]')!.getBoundingClientRect().width) === 256,
    );
    await nav.getByText('Orders').waitFor();
  });

  it('moves nothing when the device asks for reduced motion, and animates its menus otherwise', async () => {
    const page = await app.newPage();
    await app.signIn(page, { at: QUIET_SCREEN });
    const menuTransition = async () => {
      await page.getByRole('button', { name: 'Quick Add' }).click();
      const menu = page.getByRole('menu');
      await menu.waitFor();
      const duration = await menu.evaluate(
        (list) => getComputedStyle(list.closest('.MuiPaper-root')!).transitionDuration,
      );
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'detached' });
      return duration;
    };
    // The harness's pages ask for reduced motion; the setting is read as the console loads.
    expect(await menuTransition()).toBe('0s');
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await page.reload();
    expect(await menuTransition()).not.toMatch(/^0s(, 0s)*$/);
  });

  it('keeps the chosen theme across a reload', async () => {
    const page = await app.newPage();
    await page.emulateMedia({ colorScheme: 'light' });
    await app.signIn(page);
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const light = await background();

    await page.getByRole('button', { name: 'Toggle theme' }).click();
    await page.getByRole('menuitem', { name: 'Dark' }).click();
    await page.waitForFunction((before) => getComputedStyle(document.body).backgroundColor !== before, light);
    const dark = await background();

    await page.reload();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    expect(await background()).toBe(dark);
    expect(await page.evaluate(() => localStorage.getItem('vite-ui-theme'))).toBe('dark');

    // System follows the device.
    await page.getByRole('button', { name: 'Toggle theme' }).click();
    await page.getByRole('menuitem', { name: 'System' }).click();
    await page.waitForFunction((before) => getComputedStyle(document.body).backgroundColor === before, light);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForFunction((before) => getComputedStyle(document.body).backgroundColor === before, dark);
  });

  it('offers the header tools: search, Quick Add, the notification badge and the user menu', async () => {
    const page = await app.newPage();
    await app.signIn(page, { at: QUIET_SCREEN });
    await page.getByPlaceholder('Search products, orders, customers...').fill('tee');
    // The bell's badge: the admin's unread notifications (the demo store's low stock, at least).
    const { unread } = (await app.api('GET', '/api/notifications', await app.signInApi(ADMIN))).body as {
      unread: number;
    };
    expect(unread).toBeGreaterThan(0);
    await page
      .getByRole('button', { name: `Notifications: ${unread} unread` })
      .getByText(String(unread))
      .waitFor();

    await page.getByRole('button', { name: 'Account' }).getByText('Store Admin').waitFor();
    await page.getByRole('button', { name: 'Account' }).getByText('admin', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Quick Add' }).click();
    await page.getByRole('menu').getByText('Quick Actions').waitFor();
    await page.getByRole('menuitem', { name: 'Add Product' }).click();
    await page.waitForURL((url) => url.pathname === '/catalog/products' && url.searchParams.get('action') === 'create');
    const productDialog = page.getByRole('dialog', { name: 'Add New Product' });
    await productDialog.waitFor();
    await page.keyboard.press('Escape');
    await productDialog.waitFor({ state: 'detached' });
    await page.waitForURL((url) => url.pathname === '/catalog/products' && !url.searchParams.has('action'));

    await page.getByRole('button', { name: 'Quick Add' }).click();
    await page.getByRole('menuitem', { name: 'Create Coupon' }).click();
    await page.waitForURL((url) => url.pathname === '/catalog/coupons' && url.searchParams.get('action') === 'create');
    await page.getByRole('dialog', { name: 'Add New Coupon' }).waitFor();
  });

  it('offers one Quick Add item per resource declaring one, each opening its add dialog or page', async () => {
    const page = await app.newPage();
    await app.signIn(page, { at: QUIET_SCREEN });
    const declaring = resources.filter((resource) => resource.quickAdd !== undefined);
    const quickAdd = page.getByRole('button', { name: 'Quick Add' });

    await quickAdd.click();
    // The menu loads when first opened (src/components/on-demand.tsx).
    await expect
      .poll(() => page.getByRole('menu').getByRole('menuitem').allTextContents())
      .toEqual(declaring.map((resource) => resource.quickAdd));
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached' });

    for (const resource of declaring) {
      await quickAdd.click();
      await page.getByRole('menuitem', { name: resource.quickAdd, exact: true }).click();
      if (resource.create) {
        // A resource with an add page opens it.
        await page.waitForURL((url) => url.pathname === resource.create!.path);
        await waitForScreen(page, {
          kind: 'create',
          route: resource.create.path,
          path: resource.create.path,
          entry: resource,
        });
      } else {
        // Else its list opens with the add dialog up; closing the dialog settles the request.
        await page.waitForURL(
          (url) => url.pathname === resource.list.path && url.searchParams.get('action') === 'create',
        );
        const dialog = page.getByRole('dialog');
        await dialog.waitFor();
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });
        await page.waitForURL((url) => url.pathname === resource.list.path && !url.searchParams.has('action'));
      }
    }
  });

  // The spec's placeholders: which pages are placeholders is not in the declarations,
  // so this list is the spec's. Every declared page, a new one included, is opened by every-screen.test.ts.
  it("shows every placeholder route's 'coming soon' page", async () => {
    const page = await app.newPage();
    await app.signIn(page);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('button', { name: 'Catalog' }).click();
    const placeholders = [
      ['/catalog/categories', 'Categories'],
      ['/vendors', 'Vendors'],
      ['/content', 'Content'],
      ['/payments', 'Payments'],
      ['/analytics', 'Analytics'],
      ['/support', 'Support'],
      ['/settings', 'Settings'],
    ] as const;
    const pages = new Set(entries.flatMap((entry) => (entry.kind === 'page' ? [entry.path] : [])));
    expect(
      placeholders.filter(([path]) => !pages.has(path)),
      'placeholders not declared as pages',
    ).toEqual([]);
    for (const [path, title] of placeholders) {
      // Through the sidebar where it lists the route, else by address.
      const link = nav.getByRole('link', { name: title, exact: true });
      if ((await link.count()) > 0) await link.click();
      else await page.goto(path);
      await page.waitForURL((url) => url.pathname === path);
      const section = page.getByRole('region', { name: title });
      await section.getByRole('heading', { name: title }).waitFor();
      await section
        .getByText(/coming soon/i)
        .first()
        .waitFor();
    }
  });

  it('lists each declared resource from the server on its route, reached through the sidebar', async () => {
    const page = await app.newPage();
    await app.signIn(page, { at: QUIET_SCREEN });
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    // The six resources' list titles, as specified.
    const specTitles: Record<string, string> = {
      products: 'Product Catalog',
      coupons: 'Coupons',
      orders: 'Orders',
      users: 'Customers',
      blogs: 'Manage Blogs',
      banners: 'All Banners',
    };
    expect(
      Object.keys(specTitles).filter((name) => !resources.some((resource) => resource.name === name)),
      'spec resources not declared',
    ).toEqual([]);

    for (const resource of resources) {
      const { label, parent } = resource.menu;
      const link = nav.getByRole('link', { name: label, exact: true });
      // A child of a group shows once the group is open.
      if (parent !== undefined && (await link.count()) === 0)
        await nav.getByRole('button', { name: groupLabel(parent), exact: true }).click();
      await link.click();
      await page.waitForURL((url) => url.pathname === resource.list.path);
      // The router keeps the old screen (and location) until the new screen's chunk has loaded.
      await expect
        .poll(() => nav.locator('[aria-current="page"]').textContent(), {
          message: `${resource.name} is the active sidebar entry`,
          timeout: 15_000,
        })
        .toBe(label);
      const title = await waitForScreen(page, {
        kind: 'list',
        route: resource.list.path,
        path: resource.list.path,
        entry: resource,
      });
      if (resource.name in specTitles) expect(title, resource.name).toBe(specTitles[resource.name]);
      await page.getByRole('region', { name: title, exact: true }).getByRole('heading', { name: title }).waitFor();
    }
    // A list's other paths show the same list (/catalog shows the product list).
    for (const resource of resources) {
      for (const alias of resource.list.aliases ?? []) {
        await page.goto(alias);
        await waitForScreen(page, { kind: 'alias', route: alias, path: alias, entry: resource });
      }
    }
    await page.goto('/catalog');
    await page.getByRole('region', { name: 'Product Catalog' }).locator('.MuiDataGrid-row[data-id]').first().waitFor();
  });
});
