import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './axe';
import { ADMIN, useConsoleHarness } from './harness';

/*
 * The catalogue import in the console: a file with two changed prices and a bad row, checked and
 * previewed by tab, its valid rows applied, then undone, each seen through the store API.
 */

const app = useConsoleHarness();

/** The catalogue file (one row per SKU) as the store API exports it, by column. */
async function catalogue(token: string): Promise<Record<string, string>[]> {
  const response = await fetch(`${app.baseURL}/api/product/get-all-products?format=csv&rows=sku`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  return parse(await response.text(), { bom: true, columns: true }) as Record<string, string>[];
}

/** The columns the test's file gives (the others are left out, which leaves them as they are). */
const COLUMNS = ['product_id', 'name', 'status', 'color', 'size', 'sku', 'price', 'mrp'] as const;
const cell = (value = '') => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
const csvOf = (rows: Record<string, string>[]) =>
  [COLUMNS.join(','), ...rows.map((row) => COLUMNS.map((column) => cell(row[column])).join(','))].join('\r\n') + '\r\n';

const priceOf = async (token: string, sku: string) =>
  Number((await catalogue(token)).find((row) => row.sku === sku)!.price);

describe('Import products', () => {
  it('previews a file by tab, applies its valid rows, and undoes it', async () => {
    const admin = await app.signInApi(ADMIN);
    const rows = (await catalogue(admin)).filter((row) => Number(row.price) > 0);
    // Two SKUs of different products, their prices up by 50, and a third row as it is.
    const first = rows[0]!;
    const second = rows.find((row) => row.product_id !== first.product_id)!;
    const same = rows.find((row) => row !== first && row !== second)!;
    const changed = [first, second].map((row) => ({ ...row, price: String(Number(row.price) + 50) }));
    const bad = { name: 'Import Broken Tee', status: 'active', color: 'Red', size: 'M', price: '-5', mrp: '900' };
    const file = csvOf([...changed, same, bad]);
    const before = Number(first.price);

    const page = await app.newPage();
    await app.signIn(page, { at: '/catalog/products' });
    const importButton = page.getByRole('button', { name: 'Import', exact: true });
    await importButton.click();
    const dialog = page.getByRole('dialog', { name: 'Import products' });
    await dialog.getByLabel('CSV file').setInputFiles({
      name: 'prices.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(file),
    });

    const tabs = dialog.getByRole('tablist', { name: 'Import preview' });
    await tabs.waitFor();
    expect(await tabs.getByRole('tab').allTextContents()).toEqual([
      'New (0)',
      'Changed (2)',
      'Unchanged (1)',
      'Errors (1)',
    ]);
    const panel = dialog.getByRole('tabpanel');
    await expect.poll(() => panel.innerText()).toContain(`price: ${before} → ${before + 50}`);
    expect(await panel.innerText()).toContain(`Row 2 · ${first.sku} · ${first.name}`);
    await expectAccessible(page, 'the import preview');

    await tabs.getByRole('tab', { name: /^Errors/ }).click();
    const error = panel.getByRole('row').nth(1);
    expect(await error.getByRole('cell').allInnerTexts()).toEqual(['5', 'price', 'must not be negative']);

    await dialog.getByRole('button', { name: 'Apply the 3 valid rows' }).click();
    await dialog.getByText('Imported prices.csv: 0 rows added, 2 rows changed, 1 row with errors skipped.').waitFor();
    expect(await priceOf(admin, first.sku!)).toBe(before + 50);

    await dialog.getByRole('button', { name: 'Undo import' }).click();
    const confirm = page.getByRole('dialog', { name: 'Undo the import of prices.csv?' });
    await confirm.getByRole('button', { name: 'Undo import' }).click();
    await dialog.getByText('The import of prices.csv is undone').waitFor();
    expect(await priceOf(admin, first.sku!)).toBe(before);

    // The past imports list it as undone; closing the dialog hands the focus back to Import.
    await dialog.getByRole('button', { name: 'Past imports' }).click();
    const history = page.getByRole('dialog', { name: 'Past imports' });
    const past = history.getByRole('table', { name: 'Past imports' });
    await expect.poll(() => past.getByRole('row').nth(1).innerText()).toMatch(/prices\.csv[\s\S]*Undone/);
    await page.keyboard.press('Escape');
    await history.waitFor({ state: 'hidden' });
    await expect.poll(() => importButton.evaluate((button) => button === document.activeElement)).toBe(true);
    // Opened again, it starts afresh at the file.
    await importButton.click();
    await dialog.getByLabel('CSV file').waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // Under the list, the same past imports, shown on request.
    const imports = page.getByRole('region', { name: 'Imports', exact: true });
    const show = imports.getByRole('button', { name: 'Show past imports' });
    expect(await show.getAttribute('aria-expanded')).toBe('false');
    await show.click();
    const listed = imports.getByRole('table', { name: 'Past imports' });
    await expect.poll(() => listed.getByRole('row').nth(1).innerText()).toMatch(/prices\.csv[\s\S]*Undone/);
    await expectAccessible(page, 'the past imports under the products');
    await imports.getByRole('button', { name: 'Hide past imports' }).click();
    await listed.waitFor({ state: 'hidden' });
  });

  it("shows the server's refusals in the dialog: a ragged file, and a commit after the rows changed, with a new check; the other import is undone from the list", async () => {
    const admin = await app.signInApi(ADMIN);
    const row = (await catalogue(admin)).find((one) => Number(one.price) > 0)!;
    const page = await app.newPage();
    await app.signIn(page, { at: '/catalog/products' });
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Import products' });
    const input = dialog.getByLabel('CSV file');

    await input.setInputFiles({
      name: 'ragged.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('sku,price\r\nA,1,2\r\n'),
    });
    await dialog.getByText('row 2 has 3 cells where the header has 2').waitFor();

    const file = `sku,price\r\n${row.sku},${Number(row.price) + 10}\r\n`;
    await input.setInputFiles({ name: 'late.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });
    await dialog.getByRole('tab', { name: 'Changed (1)' }).waitFor();
    // Someone else imports a change to the same SKU first.
    const form = new FormData();
    form.append('file', new Blob([`sku,price\r\n${row.sku},${Number(row.price) + 20}\r\n`]), 'first.csv');
    const headers = { authorization: `Bearer ${admin}` };
    const other = (await (
      await fetch(`${app.baseURL}/api/product/import`, { method: 'POST', headers, body: form })
    ).json()) as { importId: string };
    const committed = await fetch(`${app.baseURL}/api/product/import/${other.importId}/commit`, {
      method: 'POST',
      headers,
    });
    expect(committed.status).toBe(200);

    await dialog.getByRole('button', { name: 'Apply', exact: true }).click();
    await dialog.getByText(`Changed since the dry run: ${row.name}`).waitFor();
    await dialog.getByRole('button', { name: 'Check the file again' }).click();
    await expect
      .poll(() => dialog.getByRole('tabpanel').innerText())
      .toContain(`price: ${Number(row.price) + 20} → ${Number(row.price) + 10}`);

    // The other admin's import is undone from the past imports under the list.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    const imports = page.getByRole('region', { name: 'Imports', exact: true });
    await imports.getByRole('button', { name: 'Show past imports' }).click();
    await imports.getByRole('button', { name: /^Undo the import of first\.csv/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Undo the import of first.csv?' });
    await confirm.getByRole('button', { name: 'Undo import' }).click();
    await confirm.waitFor({ state: 'hidden' });
    const listed = imports.getByRole('table', { name: 'Past imports' });
    await expect.poll(() => listed.innerText()).toMatch(/first\.csv[\s\S]*Undone/);
    expect(await priceOf(admin, row.sku!)).toBe(Number(row.price));
  });

  it('is not offered to support staff, who see the past imports under the list without Undo', async () => {
    const admin = await app.signInApi(ADMIN);
    const support = { fullname: 'Sam Support', email: 'sam.import@example.com', password: 'sam-secret-2026' };
    expect((await app.api('POST', '/api/staff', admin, { ...support, role: 'support' })).status).toBe(201);
    const page = await app.newPage();
    await app.signIn(page, { as: support, at: '/catalog/products' });
    await page.getByRole('button', { name: 'Export', exact: true }).waitFor();
    await page.locator('.MuiDataGrid-row[data-id]').first().waitFor();
    expect(await page.getByRole('button', { name: 'Import', exact: true }).count()).toBe(0);

    const imports = page.getByRole('region', { name: 'Imports', exact: true });
    await imports.getByRole('button', { name: 'Show past imports' }).click();
    const listed = imports.getByRole('table', { name: 'Past imports' });
    // The earlier tests' imports.
    await expect.poll(() => listed.innerText()).toMatch(/first\.csv[\s\S]*Undone/);
    expect(await listed.getByRole('columnheader').allInnerTexts()).not.toContain('Actions');
    expect(await imports.getByRole('button', { name: /^Undo/ }).count()).toBe(0);
  });
});
