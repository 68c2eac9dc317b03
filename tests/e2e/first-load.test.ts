import { describe, expect, it } from 'vitest';
import { ADMIN, useConsoleHarness } from './harness';
import { FIRST_LOAD_BUDGET, scriptsFetchedDuring, scriptsLoaded } from './scripts-loaded';

const app = useConsoleHarness({ readOnly: true, coldPages: true });

/** The chunks a first visit leaves for later: the toast stack, the header search's hits, the header's menus, the sidebar's groups. */
const DEFERRED = /\/assets\/(ToastStack|HeaderSearchBox|QuickAddList|AccountMenu|ThemeMenu|Collapse)-[\w-]+\.js$/;
const deferred = (files: string[]) =>
  files.filter((file) => DEFERRED.test(file)).map((file) => file.match(DEFERRED)![1]);

describe('a cold first visit', () => {
  it('loads at most 160 KB of gzip JavaScript for sign-in and 300 KB for the dashboard, as Chromium fetches them', async () => {
    const signIn = await scriptsLoaded(await app.newPage(), '/login', 'text=Sign In');
    expect(signIn.gzip).toBeLessThanOrEqual(FIRST_LOAD_BUDGET['/login']!);

    const page = await app.newPage();
    await app.signIn(page, { at: null });
    const dashboard = await scriptsLoaded(page, '/', 'text=from last month');
    expect(dashboard.gzip).toBeLessThanOrEqual(FIRST_LOAD_BUDGET['/']!);
    expect(deferred([...signIn.files, ...dashboard.files])).toEqual([]);
  });

  it('loads the toasts, the search, each header menu and the sidebar groups the first time they are used', async () => {
    const page = await app.newPage();
    await scriptsLoaded(page, '/login', 'text=Sign In');

    const used = await scriptsFetchedDuring(page, async () => {
      await page.getByLabel('Email').fill(ADMIN.email);
      await page.getByLabel(/^Password/).fill(ADMIN.password);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.getByText('from last month').first().waitFor();
      await page.locator('.notistack-MuiContent-success').waitFor();

      await page.getByRole('combobox', { name: 'Search' }).hover();
      await page.locator('header .MuiAutocomplete-root').waitFor();
      for (const name of ['Quick Add', 'Toggle theme', 'Account']) {
        await page.getByRole('button', { name }).click();
        await page.getByRole('menu').getByRole('menuitem').first().waitFor();
        await page.keyboard.press('Escape');
        await page.getByRole('menu').waitFor({ state: 'detached' });
      }
      const nav = page.getByRole('navigation', { name: 'Main navigation' });
      await nav.getByRole('button', { name: 'Catalog' }).click();
      await nav.getByRole('link', { name: 'Products' }).waitFor();
    });
    expect(deferred(used.map((response) => response.url())).sort()).toEqual([
      'AccountMenu',
      'Collapse',
      'HeaderSearchBox',
      'QuickAddList',
      'ThemeMenu',
      'ToastStack',
    ]);
  });
});
