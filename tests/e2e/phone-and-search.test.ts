import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { shortOrderId, type Order } from '../../src/domain';
import { CUSTOMER, QUIET_SCREEN, holdRequests, useConsoleHarness } from './harness';

const app = useConsoleHarness();
// No declared screen scrolls sideways on a phone, and a form dialog fills it: every-screen.test.ts.
const PHONE = { width: 390, height: 844 };

/** A page the size of a phone, signed in and on `at`. */
async function phonePage(at: string | null): Promise<Page> {
  const page = await app.newPage();
  await page.setViewportSize(PHONE);
  await app.signIn(page, { at });
  return page;
}

const scrollsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
const rect = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => el.getBoundingClientRect().toJSON() as DOMRect);

describe('on a phone (390 × 844)', () => {
  it('gives the orders the whole width, keeps the sidebar in a drawer, and changes a status there', async () => {
    const page = await phonePage('/orders');
    const grid = page.getByRole('region', { name: 'Orders' }).locator('.MuiDataGrid-root');
    const row = grid.locator('.MuiDataGrid-row[data-id]').first();
    await row.waitFor();
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    expect(await nav.count(), 'the drawer is closed').toBe(0);
    expect((await rect(page, 'main')).width).toBeGreaterThanOrEqual(0.9 * PHONE.width);
    expect(await scrollsSideways(page)).toBe(false);
    // The key columns show; the low-priority ones are hidden.
    const headers = await grid
      .locator('.MuiDataGrid-columnHeader')
      .evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-field')));
    expect(headers).toEqual(expect.arrayContaining(['_id', 'status', 'actions']));
    expect(headers).not.toContain('paymentStatus');

    const id = (await row.getAttribute('data-id'))!;
    const badge = row.locator('[data-field="status"] [data-status]');
    const next = (await badge.getAttribute('data-status')) === 'delivered' ? 'Shipped' : 'Delivered';
    await row.getByRole('button', { name: `Actions for order #${shortOrderId(id)}` }).click();
    await page.getByRole('menuitemradio', { name: next }).click();
    await page.getByText('Order status updated successfully!').waitFor();
    await expect.poll(() => badge.innerText()).toBe(next);

    // The header's menu button opens the navigation; choosing an entry goes there and closes it, and so does Escape.
    const menuButton = page.getByRole('button', { name: 'Open navigation' });
    await menuButton.click();
    await nav.getByRole('link', { name: 'Customers', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/customers');
    await nav.waitFor({ state: 'detached' });
    await page.getByRole('region', { name: 'Customers' }).locator('.MuiDataGrid-row[data-id]').first().waitFor();
    await menuButton.click();
    await nav.waitFor();
    await page.keyboard.press('Escape');
    await nav.waitFor({ state: 'detached' });
  });
});

describe('header search', () => {
  it('lists a customer and their orders by email, opens the first hit with Enter, and Ctrl+K focuses it', async () => {
    const page = await app.newPage();
    await app.signIn(page, { at: '/catalog/coupons' });
    const box = page.getByRole('combobox', { name: 'Search' });
    await page.keyboard.press('Control+K');
    await expect.poll(() => box.evaluate((input) => input === document.activeElement)).toBe(true);

    // The customer's newest orders, as the orders grid's search finds them.
    const orders = await page.evaluate(async (email) => {
      const response = await fetch(`/api/order/all-orders?q=${encodeURIComponent(email)}&_start=0&_end=5`, {
        headers: { Authorization: `Bearer ${localStorage.getItem('auth_token')}` },
      });
      return ((await response.json()) as { orders: Order[] }).orders;
    }, CUSTOMER.email);
    expect(orders.length).toBeGreaterThan(0);

    await page.keyboard.type(CUSTOMER.email);
    const listbox = page.getByRole('listbox');
    await listbox.getByRole('option', { name: CUSTOMER.email }).waitFor();
    expect(await listbox.locator('.MuiAutocomplete-groupLabel').allTextContents()).toEqual(['Customers', 'Orders']);
    const options = await listbox.getByRole('option').allTextContents();
    expect(options[0]).toContain(CUSTOMER.email);
    expect(options.slice(1).map((text) => text.split(' · ')[0])).toEqual(
      orders.map((order) => `#${shortOrderId(order._id)}`),
    );

    // The arrows choose a hit: the newest order opens the orders list, searched for it (Refine's filters in the query string).
    const visited: URL[] = [];
    page.on('framenavigated', (frame) => visited.push(new URL(frame.url())));
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const rows = page.getByRole('region', { name: 'Orders' }).locator('.MuiDataGrid-row[data-id]');
    await expect
      .poll(() => rows.evaluateAll((found) => found.map((row) => row.getAttribute('data-id'))))
      .toEqual([orders[0]!._id]);
    const search = (url: URL) =>
      ['field', 'operator', 'value'].map((key) => url.searchParams.get(`filters[0][${key}]`));
    expect(visited.map((url) => [url.pathname, ...search(url)])).toContainEqual([
      '/orders',
      'q',
      'contains',
      orders[0]!._id,
    ]);
    expect(await box.inputValue()).toBe('');

    // Enter opens the first hit: the customer's page.
    await box.focus();
    await page.keyboard.type(CUSTOMER.email);
    await listbox.getByRole('option', { name: CUSTOMER.email }).waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/customers\/[^/]+$/);
    await page.getByRole('region', { name: 'Customer' }).getByText(CUSTOMER.email).first().waitFor();
  });

  it('keeps what was typed, and the focus, while its hits load', async () => {
    const page = await app.newPage();
    // The hits' chunk (src/components/layout/HeaderSearch.tsx) held back until the admin has typed.
    const release = await holdRequests(page, /\/assets\/HeaderSearchBox-[\w-]+\.js$/);
    await app.signIn(page, { at: QUIET_SCREEN });
    const box = page.getByRole('combobox', { name: 'Search' });
    await box.click();
    await page.keyboard.type(CUSTOMER.email);
    release();

    await page.getByRole('listbox').getByRole('option', { name: CUSTOMER.email }).waitFor();
    expect(await box.inputValue()).toBe(CUSTOMER.email);
    expect(await box.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await box.getAttribute('aria-expanded')).toBe('true');
  });
});
