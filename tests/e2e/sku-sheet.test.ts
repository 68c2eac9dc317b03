import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { StockSku } from '../../src/domain';
import { expectAccessible } from './axe';
import { ADMIN, holdRequests, useConsoleHarness } from './harness';

/*
 * Edit prices & stock: a block pasted from a spreadsheet into the SKU grid, saved in one call, and the
 * row someone changed meanwhile in another tab refused on its own while the others save.
 */

const app = useConsoleHarness();
const { api, signInApi } = app;

/** Opens the grid from the Products screen and narrows it to `search`, waiting for `rows` rows. */
async function openSheet(page: Page, search: string, rows: number) {
  await app.signIn(page, { at: '/catalog/products' });
  await page.getByRole('button', { name: 'Edit prices & stock' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit prices & stock' });
  await dialog.getByRole('textbox', { name: 'Search SKUs' }).fill(search);
  const grid = dialog.getByRole('grid', { name: 'SKUs: prices and stock' });
  await expect.poll(() => grid.locator('.MuiDataGrid-row[data-id]').count()).toBe(rows);
  return { dialog, grid };
}

/** Pastes tab-separated text at the focused cell, as the browser does for Ctrl+V of a spreadsheet's copy. */
const paste = (page: Page, text: string) =>
  page.evaluate((tsv) => {
    const data = new DataTransfer();
    data.setData('text/plain', tsv);
    document.activeElement!.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, text);

const cell = (grid: ReturnType<Page['locator']>, sku: string, field: string) =>
  grid.locator(`.MuiDataGrid-row[data-id="${sku}"] [data-field="${field}"]`);

describe('Edit prices & stock', () => {
  it('pastes a 3 × 4 block, saves it in one call, then marks only the row another tab changed first', async () => {
    const admin = await signInApi(ADMIN);
    const name = `Sheet Tee ${Date.now().toString(36)}`;
    const created = await api('POST', '/api/product/add-product', admin, {
      name,
      status: 'active',
      categories: ['Oversized'],
      variants: [
        {
          color: 'Black',
          isMain: true,
          sizes: ['S', 'M', 'L'].map((size) => ({ size, price: 500, mrp: 900, countInStock: 10 })),
        },
      ],
    });
    expect(created.status).toBe(201);
    const skus = async () =>
      (await api('GET', `/api/stock?q=${encodeURIComponent(name)}&_sort=sku&_order=asc`, admin)).body
        .skus as StockSku[];
    const [first, second] = (await skus()).map((sku) => sku.sku) as [string, string];

    const page = await app.newPage();
    const batches: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/product/skus/batch')) batches.push(request.postData() ?? '');
    });
    const { dialog, grid } = await openSheet(page, name, 3);

    // While the grid reloads (here a search held on its way), its loading bar over the rows is no
    // unnamed progressbar inside the grid.
    const search = dialog.getByRole('textbox', { name: 'Search SKUs' });
    const release = await holdRequests(page, /\/api\/stock\?/);
    await search.fill(name.toLowerCase());
    await grid.locator('.MuiDataGrid-overlay').waitFor();
    await expectAccessible(page, 'the SKU grid reloading');
    release();
    await search.fill(name);
    await expect.poll(() => grid.locator('.MuiDataGrid-overlay').count()).toBe(0);

    // Price, MRP, stock and low line of the three rows, as a spreadsheet copies them.
    await cell(grid, first, 'price').click();
    await paste(page, '610\t990\t20\t5\r\n620\t990\t21\t5\r\n630\t990\t22\t5\r\n');
    await expect.poll(() => grid.locator('.changed').count()).toBe(12);
    await expect.poll(() => dialog.getByRole('status').innerText()).toMatch(/3 SKUs changed/);
    await expectAccessible(page, 'the SKU grid with pasted changes');

    await dialog.getByRole('button', { name: 'Save 3 SKUs' }).click();
    await expect.poll(() => grid.locator('.changed').count()).toBe(0);
    expect(batches).toHaveLength(1);
    expect(JSON.parse(batches[0]!).changes).toHaveLength(3);
    expect((await skus()).map((sku) => [sku.price, sku.mrp, sku.countInStock, sku.lowStockAt])).toEqual([
      [610, 990, 20, 5],
      [620, 990, 21, 5],
      [630, 990, 22, 5],
    ]);

    // A new price pasted into the first row and filled down the others (Ctrl+D), while another tab
    // counts the middle row's stock, typed in its cell, and saves first.
    await cell(grid, first, 'price').click();
    await paste(page, '700');
    for (let row = 0; row < 2; row++) {
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Control+d');
    }
    await expect.poll(() => grid.locator('.changed').count()).toBe(3);

    const other = await app.newPage();
    const theirs = await openSheet(other, name, 3);
    await cell(theirs.grid, second, 'countInStock').click();
    await other.keyboard.press('Enter');
    await other.keyboard.press('Control+a');
    await other.keyboard.type('99');
    await other.keyboard.press('Enter');
    await theirs.dialog.getByRole('button', { name: 'Save 1 SKU' }).click();
    await expect.poll(() => theirs.grid.locator('.changed').count()).toBe(0);

    await dialog.getByRole('button', { name: 'Save 3 SKUs' }).click();
    const refused = grid.locator('.MuiDataGrid-row.refused');
    await expect.poll(() => refused.count()).toBe(1);
    expect(await refused.getAttribute('data-id')).toBe(second);
    expect(await cell(grid, second, 'note').innerText()).toMatch(new RegExp(`${second} was changed by someone else`));
    expect(batches).toHaveLength(2);
    expect((await skus()).map((sku) => [sku.price, sku.countInStock])).toEqual([
      [700, 20],
      [620, 99],
      [700, 22],
    ]);
    // The refused row keeps its typed price, still to save; leaving asks first.
    expect(await cell(grid, second, 'price').getAttribute('class')).toMatch(/changed/);
    await expectAccessible(page, 'the SKU grid with a refused row');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page
      .getByRole('dialog', { name: 'Discard 1 unsaved change?' })
      .getByRole('button', { name: 'Discard' })
      .click();
    await expect.poll(() => dialog.count()).toBe(0);
  });
});
