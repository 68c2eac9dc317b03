import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  formatCount,
  formatRupeesExact,
  shortOrderId,
  type CustomerStats,
  type Order,
  type SessionUser,
} from '../../src/domain';
import { useConsoleHarness } from './harness';

const app = useConsoleHarness();

/** A call to the store API with the signed-in console's token. */
async function api<T>(page: Page, path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  return page.evaluate(
    async ({ path, method, body }) => {
      const response = await fetch(path, {
        method,
        headers: { Authorization: `Bearer ${localStorage.getItem('auth_token')}`, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return response.json();
    },
    { path, method: init.method ?? 'GET', body: init.body },
  );
}

async function openOrderDetails(page: Page, order: Order) {
  await page.goto('/orders');
  await page.getByLabel('Search orders').fill(order._id);
  await page.locator(`.MuiDataGrid-row[data-id="${order._id}"]`).waitFor();
  await page.waitForFunction(() =>
    document.querySelector('[aria-label="Orders"] .MuiTablePagination-displayedRows')?.textContent?.endsWith('of 1'),
  );
  await page.getByRole('button', { name: `Actions for order #${shortOrderId(order._id)}` }).click();
  await page.getByRole('menuitem', { name: 'View Details' }).click();
  return page.getByRole('dialog', { name: `Order Details #${shortOrderId(order._id)}` });
}

describe('store operations', () => {
  it("shows an order's timeline: two status changes and a note, by the signed-in admin", async () => {
    const page = await app.newPage();
    await app.signIn(page, { at: null });
    const { orders } = await api<{ orders: Order[] }>(page, '/api/order/all-orders?status=pending&_start=0&_end=1');
    const order = orders[0]!;
    await api(page, `/api/order/update-status/${order._id}`, { method: 'PUT', body: { status: 'processing' } });
    await api(page, `/api/order/update-status/${order._id}`, { method: 'PUT', body: { status: 'shipped' } });

    const dialog = await openOrderDetails(page, order);
    const timeline = dialog.getByRole('region', { name: 'Timeline' });
    await timeline.getByText('Status changed from Processing to Shipped').waitFor();
    await timeline.getByRole('textbox', { name: 'Add a note' }).fill('Customer asked for gift wrapping');
    await timeline.getByRole('button', { name: 'Add Note' }).click();
    await page.getByText('Note added', { exact: true }).waitFor();
    await timeline.getByText('Customer asked for gift wrapping').waitFor();

    const entries = await timeline.getByRole('listitem').allInnerTexts();
    expect(entries).toHaveLength(4);
    expect(entries[0]).toMatch(/^Order placed\n/);
    expect(entries[1]).toMatch(/^Status changed from Pending to Processing\n+Store Admin · \d\d \w{3} \d{4}, /);
    expect(entries[2]).toMatch(/^Status changed from Processing to Shipped\n+Store Admin · /);
    expect(entries[3]).toMatch(/^Note\n+Store Admin · .*\n+Customer asked for gift wrapping$/);
    expect(await timeline.getByRole('textbox', { name: 'Add a note' }).inputValue()).toBe('');
  });

  it('prints a packing slip of a 4-line order on one page, every line with a box and no prices', async () => {
    const page = await app.newPage();
    await app.signIn(page, { at: null });
    const { orders } = await api<{ orders: Order[] }>(page, '/api/order/all-orders');
    const order =
      orders.find((o) => o.orderItems.length === 4) ??
      orders.reduce((a, b) => (b.orderItems.length > a.orderItems.length ? b : a));
    expect(order.orderItems.length).toBeGreaterThanOrEqual(4);

    await page.goto('/orders');
    await page.getByLabel('Search orders').fill(order._id);
    await page.waitForFunction(() =>
      document.querySelector('[aria-label="Orders"] .MuiTablePagination-displayedRows')?.textContent?.endsWith('of 1'),
    );
    await page.getByRole('button', { name: `Actions for order #${shortOrderId(order._id)}` }).click();
    await page.getByRole('menuitem', { name: 'Print packing slip' }).click();
    await page.waitForURL(`**/orders/${order._id}/print`);
    const slip = page.getByRole('region', { name: 'Packing slip' });
    await slip.getByText(`Order #${shortOrderId(order._id)}`).waitFor();
    const lines = await slip
      .getByRole('table', { name: 'Items to pack' })
      .locator('tbody tr')
      .evaluateAll((rows) =>
        rows.map((row) => Array.from(row.querySelectorAll('td')).map((cell) => cell.textContent?.trim())),
      );
    expect(lines).toEqual(
      order.orderItems.map((item) => [
        '',
        item.product?.name ?? item.name,
        item.color || '—',
        item.size || '—',
        String(item.qty),
      ]),
    );
    expect(await slip.innerText()).not.toContain('₹');
    await slip.getByText(order.shippingAddress.name).waitFor();

    await page.emulateMedia({ media: 'print' });
    const pdf = await page.pdf({ format: 'A4' });
    const pages = pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? [];
    expect(pages).toHaveLength(1);
    const letter = await page.pdf({ format: 'Letter' });
    expect(letter.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).toHaveLength(1);
  });

  it("opens a customer's page from the grid: figures as the API recomputes them and their orders paged by the server", async () => {
    const page = await app.newPage();
    await app.signIn(page, { at: null });
    const { users } = await api<{ users: SessionUser[] }>(
      page,
      '/api/auth/users?role=customer&_sort=createdAt&_order=asc&_start=0&_end=1',
    );
    const customer = users[0]!;
    const { stats } = await api<{ stats: CustomerStats }>(page, `/api/auth/users/${customer._id}`);
    expect(stats.orders).toBeGreaterThan(0);

    await page.goto('/customers');
    await page.getByLabel('Search customers').fill(customer.email);
    // The search shown, as a user sees it, before the click: a click on the grid while it reloads the
    // rows can land on the loading overlay and go nowhere.
    const listed = page.locator('.MuiDataGrid-row[data-id]');
    await expect.poll(() => listed.count()).toBe(1);
    await page.locator('.MuiDataGrid-overlay').waitFor({ state: 'detached' });
    await listed.getByRole('link', { name: customer.fullname }).click();
    await page.waitForURL(`**/customers/${customer._id}`);
    const figures = page.getByRole('region', { name: 'Customer' });
    await figures.getByRole('heading', { name: customer.fullname, level: 1 }).waitFor();
    const figure = (term: string) =>
      figures.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]').innerText();
    expect(await figure('Orders')).toBe(formatCount(stats.orders));
    expect(await figure('Lifetime spend')).toBe(formatRupeesExact(stats.spent));

    const ordersGrid = page.getByRole('region', { name: 'Orders', exact: true });
    await ordersGrid.locator('.MuiDataGrid-row[data-id]').first().waitFor();
    await page.waitForFunction(
      (n) =>
        document
          .querySelector('section[aria-label="Orders"] .MuiTablePagination-displayedRows')
          ?.textContent?.endsWith(`of ${n}`),
      stats.orders,
    );
    expect(await ordersGrid.locator('.MuiDataGrid-row[data-id]').count()).toBe(Math.min(10, stats.orders));
  });

  it('adds a coupon that never expires: listed as Never and active', async () => {
    const page = await app.newPage();
    await app.signIn(page, { at: '/catalog/coupons' });
    await page.getByRole('button', { name: 'Add New Coupon' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Coupon' });
    await dialog.getByRole('textbox', { name: 'Code' }).fill('FOREVER10');
    await dialog.getByRole('combobox', { name: 'Discount Type' }).click();
    await page.getByRole('option', { name: 'Flat' }).click();
    await dialog.getByRole('textbox', { name: 'Discount Value' }).fill('10');
    await dialog.getByRole('switch', { name: 'No expiry' }).check();
    expect(await dialog.getByLabel('Expiry Date').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Add Coupon' }).click();
    await page.getByText('Coupon added successfully').waitFor();
    const row = page.locator('.MuiDataGrid-row[data-id]').filter({ has: page.getByText('FOREVER10', { exact: true }) });
    expect(await row.locator('[data-field="expiresAt"]').textContent()).toBe('Never');
    expect(await row.locator('[data-field="isActive"]').textContent()).toBe('Active');
  });

  it('shows a storefront path as text with the reason when the server has no STOREFRONT_URL', async () => {
    const page = await app.newPage();
    await app.signIn(page, { at: null });
    await api(page, '/api/banners', {
      method: 'POST',
      body: { name: 'path-banner', title: 'Summer', image: 'https://example.com/a.png', link: '/collections/summer' },
    });
    await page.goto('/banners');
    const row = page
      .locator('.MuiDataGrid-row[data-id]')
      .filter({ has: page.getByText('path-banner', { exact: true }) });
    await row.getByText('/collections/summer').waitFor();
    expect(await row.getByRole('link', { name: '/collections/summer' }).count()).toBe(0);
    await row.getByText('(a storefront path: set STOREFRONT_URL to open it)').waitFor();
  });

  it('saves a product with sizes XS and 3XL and shows them in size order', async () => {
    const page = await app.newPage();
    await app.signIn(page, { at: '/catalog/products' });
    await page.getByRole('button', { name: 'Add Product' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Product' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Size Range Tee');
    await dialog.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Active', exact: true }).click();
    const builder = dialog.getByRole('group', { name: 'Variant builder' });
    await builder.getByRole('textbox', { name: 'Colour' }).fill('Black');
    for (const size of ['3XL', 'XS']) {
      await builder.getByRole('combobox', { name: 'Size' }).click();
      await page.getByRole('option', { name: size, exact: true }).click();
      await builder.getByRole('spinbutton', { name: 'Price' }).fill('599');
      await builder.getByRole('spinbutton', { name: 'MRP' }).fill('799');
      await builder.getByRole('spinbutton', { name: 'Stock' }).fill('60');
      await builder.getByRole('button', { name: 'Add Size' }).click();
      await builder
        .getByRole('table', { name: 'Sizes in this variant' })
        .getByRole('cell', { name: size, exact: true })
        .waitFor();
    }
    const sizeColumn = builder.getByRole('table', { name: 'Sizes in this variant' }).locator('tbody tr td:first-child');
    expect(await sizeColumn.allInnerTexts()).toEqual(['XS', '3XL']);
    await builder.getByRole('button', { name: 'Save Variant' }).click();
    await dialog.getByRole('listitem', { name: 'Variant Black' }).waitFor();
    await dialog.getByRole('button', { name: 'Add Product' }).click();
    await page.getByText('Product added successfully').waitFor();

    const { products } = await api<{ products: { _id: string; variants: { sizes: { size: string }[] }[] }[] }>(
      page,
      '/api/product/get-all-products?q=Size%20Range&_start=0&_end=5',
    );
    expect(products[0]!.variants[0]!.sizes.map((s) => s.size)).toEqual(['XS', '3XL']);
  });
});
