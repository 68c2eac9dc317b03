import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN, useConsoleHarness } from './harness';

const app = useConsoleHarness();

const SUPPORT = { fullname: 'Sid Support', email: 'sid.support@example.com', password: 'sid-secret-2026' };

const { api, signInApi } = app;

/** A product of one SKU with `units` on hand, and an order holding `held` of them: its SKU. */
async function skuWithOrder(token: string, units: number, held: number): Promise<string> {
  const added = await api('POST', '/api/product/add-product', token, {
    name: 'Ledger Tee',
    status: 'active',
    variants: [{ color: 'Olive', isMain: true, sizes: [{ size: 'L', price: 699, mrp: 999, countInStock: units }] }],
  });
  const product = added.body.product as { _id: string; variants: { sizes: { sku: string }[] }[] };
  const placed = await api('POST', '/api/order/create', token, {
    customer: { fullname: 'Walk-in Customer', email: 'walk.in@example.com' },
    shippingAddress: { name: 'Walk-in Customer', address: '3 Hill Road', city: 'Mumbai' },
    orderItems: [{ product: product._id, color: 'Olive', size: 'L', qty: held }],
    paymentMethod: 'cod',
  });
  expect(placed.status).toBe(201);
  return product.variants[0]!.sizes[0]!.sku;
}

const stockRegion = (page: Page) => page.getByRole('region', { name: 'Stock' });
const rowOf = (page: Page, sku: string) => stockRegion(page).locator('.MuiDataGrid-row[data-id]', { hasText: sku });

async function openStock(page: Page, sku: string) {
  await app.signIn(page, { at: '/catalog/stock' });
  await stockRegion(page).getByRole('textbox', { name: 'Search SKUs' }).fill(sku);
  await expect.poll(() => stockRegion(page).locator('.MuiDataGrid-row[data-id]').count()).toBe(1);
}

describe('Stock', () => {
  it('shows a SKU’s units on hand, reserved and available, adjusts them to a count, and lists their movements', async () => {
    const admin = await signInApi(ADMIN);
    const sku = await skuWithOrder(admin, 10, 3);
    const page = await app.newPage();
    await openStock(page, sku);
    const row = rowOf(page, sku);
    expect(await row.innerText()).toMatch(/Ledger Tee · Olive \/ L\s+10\s+3\s+7/);

    await row.getByRole('button', { name: `Adjust ${sku}` }).click();
    const dialog = page.getByRole('dialog', { name: `Adjust ${sku}` });
    // Neither a change nor a count: said under the first field.
    await dialog.getByRole('button', { name: 'Save adjustment' }).click();
    await dialog.getByText('give either a change (delta) or a count (counted)').waitFor();
    await dialog.getByRole('textbox', { name: 'Or units counted' }).fill('2');
    await dialog.getByRole('button', { name: 'Save adjustment' }).click();
    // Below what the open order holds: said in the dialog, nothing changed.
    await dialog
      .getByRole('alert')
      .getByText(`${sku}: 3 units are reserved by open orders`, { exact: false })
      .waitFor();
    await dialog.getByRole('textbox', { name: 'Or units counted' }).fill('12');
    await dialog.getByRole('combobox', { name: 'Reason' }).click();
    await page.getByRole('option', { name: 'Stocktake' }).click();
    await dialog.getByRole('textbox', { name: 'Note' }).fill('Shelf count');
    await dialog.getByRole('button', { name: 'Save adjustment' }).click();
    await page.getByText('Stock adjusted').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => row.innerText()).toMatch(/Ledger Tee · Olive \/ L\s+12\s+3\s+9/);

    await row.getByRole('button', { name: `Movements of ${sku}` }).click();
    const movements = page.getByRole('dialog', { name: `Movements of ${sku}` });
    const lines = movements.getByRole('table').locator('tbody tr');
    await expect.poll(() => lines.count()).toBe(3);
    const texts = await lines.allInnerTexts();
    expect(texts[0]).toMatch(/Stocktake[\s\S]*Shelf count[\s\S]*On hand\s+\+2\s+12\s+3/);
    expect(texts[1]).toMatch(/Order placed[\s\S]*Reserved\s+\+3\s+10\s+3/);
    expect(texts[2]).toMatch(/Product form[\s\S]*On hand\s+\+10\s+10\s+0/);
  });

  it('narrows the grid to low and sold-out SKUs, and shows support the movements but no Adjust', async () => {
    const admin = await signInApi(ADMIN);
    await api('POST', '/api/staff', admin, { ...SUPPORT, role: 'support' });
    const page = await app.newPage();
    await app.signIn(page, { as: SUPPORT, at: '/catalog/stock' });
    const region = stockRegion(page);
    const rows = region.locator('.MuiDataGrid-row[data-id]');
    await rows.first().waitFor();
    await region.getByRole('combobox', { name: 'Out of stock' }).click();
    await page.getByRole('option', { name: 'Yes' }).click();
    await expect.poll(() => page.url()).toContain('out');
    await expect.poll(async () => (await rows.allInnerTexts()).every((text) => /\b0\s+Out\b/.test(text))).toBe(true);
    expect(await rows.count()).toBeGreaterThan(0);
    await expect.poll(() => region.getByRole('button', { name: /^Movements of / }).count()).toBeGreaterThan(0);
    expect(await region.getByRole('button', { name: /^Adjust / }).count()).toBe(0);
  });
});
