import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { BulkResult, Coupon, Order } from '../../src/domain';
import { holdRequests, useConsoleHarness } from './harness';

// The scaffold's grid tools, once for every list: export, bulk actions and state in the address.
const app = useConsoleHarness();

const region = (page: Page, title: string) => page.getByRole('region', { name: title });
const rows = (page: Page, title: string) => region(page, title).locator('.MuiDataGrid-row[data-id]');
const shownRange = (page: Page, title: string) => region(page, title).locator('.MuiTablePagination-displayedRows');

/**
 * Waits for the grid's footer to read `range` ("11–20 of 276") with no load running, i.e. the rows are the server's
 * answer to what was asked: the footer follows the page asked for at once, over the last rows, until it arrives.
 */
const waitForRange = (page: Page, title: string, range: RegExp) =>
  expect
    .poll(() =>
      region(page, title).evaluate((grid) =>
        grid.querySelector('[role="progressbar"]')
          ? 'loading'
          : grid.querySelector('.MuiTablePagination-displayedRows')?.textContent,
      ),
    )
    .toMatch(range);

async function chooseFilter(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** A store list through the API, with the signed-in console's token. */
async function fromApi<T>(page: Page, path: string, key: string): Promise<T[]> {
  const token = await page.evaluate(() => localStorage.getItem('auth_token'));
  const response = await page.request.get(path, { headers: { Authorization: `Bearer ${token}` } });
  return ((await response.json()) as Record<string, T[]>)[key]!;
}

/** RFC 4180: quoted fields may hold commas, quotes ("") and line breaks; records end in CRLF. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    const pair = text.slice(i, i + 2);
    if (quoted && pair === '""') {
      field += '"';
      i += 1;
    } else if (c === '"') quoted = !quoted;
    else if (quoted || (c !== ',' && pair !== '\r\n')) field += c;
    else {
      record.push(field);
      field = '';
      if (c === '\r') {
        records.push(record);
        record = [];
        i += 1;
      }
    }
  }
  return records;
}

async function selectRows(page: Page, title: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (const row of (await rows(page, title).all()).slice(0, count)) {
    await row.getByRole('checkbox').check();
    ids.push((await row.getAttribute('data-id'))!);
  }
  return ids;
}

const bulkBar = (page: Page): Locator => page.getByRole('toolbar', { name: 'Bulk actions' });

describe('export', () => {
  it('downloads exactly the orders the grid shows: filtered by Delivered, every page, as a spreadsheet reads them', async () => {
    const page = await app.newPage();
    await app.signIn(page, { at: '/orders' });
    await chooseFilter(page, 'Order status', 'Delivered');
    await waitForRange(page, 'Orders', /of \d+$/);
    // Until the filtered page arrives the grid holds no rows (and counts 0): wait for delivered orders only.
    await expect
      .poll(async () => {
        const statuses = await rows(page, 'Orders')
          .locator('[data-field="status"] [data-status]')
          .evaluateAll((els) => els.map((e) => e.getAttribute('data-status')));
        return statuses.length > 0 && statuses.every((s) => s === 'delivered');
      })
      .toBe(true);
    const total = Number((await shownRange(page, 'Orders').innerText()).split(' of ')[1]);
    expect(total).toBeGreaterThan(10);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      region(page, 'Orders').getByRole('button', { name: 'Export' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = Buffer.concat(await (await download.createReadStream()).toArray()).toString('utf8');
    expect(text.startsWith('\uFEFF'), 'a UTF-8 BOM, so spreadsheets read ₹ and names right').toBe(true);
    const [header, ...records] = parseCsv(text.slice(1));
    expect(records).toHaveLength(total);
    const status = header!.indexOf('Status');
    expect(status).toBeGreaterThanOrEqual(0);
    expect(new Set(records.map((record) => record[status]))).toEqual(new Set(['Delivered']));
    await region(page, 'Orders').getByRole('button', { name: 'Export' }).waitFor();
  });

  it('shows the export running and cancels it', async () => {
    const page = await app.newPage();
    await app.signIn(page, { at: '/catalog/coupons' });
    await rows(page, 'Coupons').first().waitFor();
    // The server is slow to answer: the admin sees the export running and gives up.
    await page.route(/format=csv/, () => undefined);
    await region(page, 'Coupons').getByRole('button', { name: 'Export' }).click();
    await region(page, 'Coupons').getByRole('status').filter({ hasText: 'Exporting' }).waitFor();
    await region(page, 'Coupons').getByRole('button', { name: 'Cancel export' }).click();
    await page.getByText('Export cancelled').waitFor();
    await region(page, 'Coupons').getByRole('button', { name: 'Export' }).waitFor();
  });
});

describe('bulk actions', () => {
  it('sets three orders to Shipped with one confirmation and one summary', async () => {
    const page = await app.newPage();
    await app.signIn(page, { at: '/orders' });
    await chooseFilter(page, 'Order status', 'Processing');
    await expect
      .poll(async () =>
        (
          await rows(page, 'Orders')
            .locator('[data-field="status"] [data-status]')
            .evaluateAll((els) => els.map((e) => e.getAttribute('data-status')))
        ).every((s) => s === 'processing'),
      )
      .toBe(true);
    const ids = await selectRows(page, 'Orders', 3);
    await bulkBar(page).getByText('3 orders selected').waitFor();
    await bulkBar(page).getByRole('button', { name: 'Set status' }).click();
    await page.getByRole('menuitem', { name: 'Shipped' }).click();
    const dialog = page.getByRole('dialog', { name: 'Set 3 orders to Shipped?' });
    await dialog.getByRole('button', { name: 'Update' }).click();
    await page.getByText('3 orders updated', { exact: true }).waitFor();
    await bulkBar(page).waitFor({ state: 'detached' });
    const orders = await fromApi<Order>(page, '/api/order/all-orders', 'orders');
    expect(ids.map((id) => orders.find((order) => order._id === id)?.status)).toEqual([
      'shipped',
      'shipped',
      'shipped',
    ]);
  });

  it('deactivates, activates and deletes coupons in bulk, each in one go', async () => {
    const page = await app.newPage();
    await app.signIn(page, { at: '/catalog/coupons' });
    await rows(page, 'Coupons').nth(1).waitFor();
    const ids = await selectRows(page, 'Coupons', 2);
    await bulkBar(page).getByRole('button', { name: 'Deactivate' }).click();
    await page
      .getByRole('dialog', { name: 'Deactivate 2 coupons?' })
      .getByRole('button', { name: 'Deactivate' })
      .click();
    await page.getByText('2 coupons updated', { exact: true }).waitFor();
    const isActive = async () =>
      (await fromApi<Coupon>(page, '/api/coupon/allcoupons', 'coupons'))
        .filter((c) => ids.includes(c._id))
        .map((c) => c.isActive);
    expect(await isActive()).toEqual([false, false]);

    await selectRows(page, 'Coupons', 2);
    await bulkBar(page).getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete 2 coupons?' });
    // Cancel has the focus first: Enter on the confirmation deletes nothing.
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await bulkBar(page).getByRole('button', { name: 'Delete' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('2 coupons deleted', { exact: true }).waitFor();
    expect(await isActive()).toEqual([]);
  });

  it('names what failed in the one summary, and changes the rest', async () => {
    const page = await app.newPage();
    await app.signIn(page, { at: '/catalog/products' });
    await rows(page, 'Product Catalog').nth(1).waitFor();
    const [gone, kept] = await selectRows(page, 'Product Catalog', 2);
    const name = await rows(page, 'Product Catalog')
      .and(page.locator(`[data-id="${gone}"]`))
      .locator('[data-field="name"]')
      .innerText();
    // Another admin deletes one of them meanwhile.
    const token = await page.evaluate(() => localStorage.getItem('auth_token'));
    const deleted = await page.request.post('/api/product/bulk-delete', {
      data: { ids: [gone] },
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(((await deleted.json()) as BulkResult).updated).toEqual([gone]);
    await bulkBar(page).getByRole('button', { name: 'Set status' }).click();
    await page.getByRole('menuitem', { name: 'Inactive' }).click();
    await page
      .getByRole('dialog', { name: 'Set 2 products to Inactive?' })
      .getByRole('button', { name: 'Update' })
      .click();
    await page.getByText(new RegExp(`^1 product updated, 1 failed: ${name.split('\n')[0]!.trim()}`)).waitFor();
    const products = await fromApi<{ _id: string; status: string }>(page, '/api/product/get-all-products', 'products');
    expect(products.find((product) => product._id === kept)?.status).toBe('inactive');
  });
});

describe('state in the address', () => {
  it('keeps search, filters, sort and page through a reload, Back and a shared link', async () => {
    const page = await app.newPage();
    await app.signIn(page, { at: '/orders' });
    await chooseFilter(page, 'Order status', 'Delivered');
    await page.getByLabel('Search orders').fill('@');
    // The search applies after a pause in typing: the address says when.
    await page.waitForURL((url) => [...url.searchParams.values()].includes('@'));
    await region(page, 'Orders').getByRole('columnheader', { name: 'Total' }).click();
    await waitForRange(page, 'Orders', /^1–10 of \d+$/);
    await region(page, 'Orders').getByRole('button', { name: 'Go to next page' }).click();
    await waitForRange(page, 'Orders', /^11–20 of \d+$/);
    await expect.poll(() => new URL(page.url()).searchParams.get('currentPage')).toBe('2');
    const shown = async () => ({
      range: await shownRange(page, 'Orders').innerText(),
      ids: await rows(page, 'Orders').evaluateAll((els) => els.map((e) => e.getAttribute('data-id'))),
      status: await page.getByRole('combobox', { name: 'Order status' }).innerText(),
      search: await page.getByLabel('Search orders').inputValue(),
    });
    const before = await shown();
    expect(before).toMatchObject({ status: 'Delivered', search: '@' });
    const link = page.url();

    await page.reload();
    await waitForRange(page, 'Orders', /^11–20 of \d+$/);
    expect(await shown()).toEqual(before);

    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.goBack();
    await waitForRange(page, 'Orders', /^11–20 of \d+$/);
    expect(await shown()).toEqual(before);

    // A link to the list itself starts it afresh; Back brings the chosen rows again.
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Orders' }).click();
    await waitForRange(page, 'Orders', /^1–10 of \d+$/);
    expect(await page.getByLabel('Search orders').inputValue()).toBe('');
    await page.goBack();
    await waitForRange(page, 'Orders', /^11–20 of \d+$/);
    expect(await shown()).toEqual(before);

    const other = await app.newPage();
    await app.signIn(other, { at: link.replace(app.baseURL, '') });
    await waitForRange(other, 'Orders', /^11–20 of \d+$/);
    expect(await rows(other, 'Orders').evaluateAll((els) => els.map((e) => e.getAttribute('data-id')))).toEqual(
      before.ids,
    );
  });

  it('opens a row clicked while the typed search still waits: the search leaves with the list', async () => {
    const page = await app.newPage();
    // The customer page's code is held back past the search's pause, so the list is still on screen when it ends.
    const release = await holdRequests(page, /\/assets\/CustomerPage-[\w-]+\.js$/);
    await page.clock.install();
    await app.signIn(page, { at: '/customers' });
    const link = rows(page, 'Customers').first().locator('[data-field="fullname"]').getByRole('link');
    const name = await link.innerText();
    const href = (await link.getAttribute('href'))!;
    await page.getByLabel('Search customers').fill(name);
    await link.click();
    await page.waitForURL(`**${href}`);
    await page.clock.runFor(1000);
    release();

    await page.getByRole('region', { name: 'Customer' }).getByRole('heading', { name, level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe(href);
    await page.goBack();
    await rows(page, 'Customers').first().waitFor();
    expect(await page.getByLabel('Search customers').inputValue()).toBe('');
  });
});
