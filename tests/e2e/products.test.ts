import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { teeImage } from '../../src/server/seed/images';
import { QUIET_SCREEN, expectSingleDeleteQuestion, fieldShows, useConsoleHarness } from './harness';

const app = useConsoleHarness();

async function openCatalog(page: Page): Promise<void> {
  await app.signIn(page, { at: '/catalog/products' });
  await page.locator('.MuiDataGrid-row[data-id]').first().waitFor();
  await page.getByTestId('count-total').filter({ hasText: /\d/ }).waitFor();
}

const count = async (page: Page, key: 'total' | 'active' | 'lowStock' | 'outOfStock') =>
  Number((await page.getByTestId(`count-${key}`).textContent())!.replace(/\D/g, ''));

/** Waits until a count card shows `expected`. */
const countBecomes = (page: Page, key: string, expected: number) =>
  page.waitForFunction(
    ([testId, want]) => document.querySelector(`[data-testid="${testId}"]`)?.textContent?.replace(/\D/g, '') === want,
    [`count-${key}`, String(expected)] as const,
  );

async function choose(scope: Locator | Page, label: string, option: string, page: Page): Promise<void> {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function addSize(
  page: Page,
  dialog: Locator,
  size: string,
  price: number,
  mrp: number,
  stock: number,
): Promise<void> {
  await choose(dialog, 'Size', size, page);
  await dialog.getByRole('spinbutton', { name: 'Price' }).fill(String(price));
  await dialog.getByRole('spinbutton', { name: 'MRP' }).fill(String(mrp));
  await dialog.getByRole('spinbutton', { name: 'Stock' }).fill(String(stock));
  await dialog.getByRole('button', { name: /^(Add|Update) Size$/ }).click();
  await dialog
    .getByRole('table', { name: 'Sizes in this variant' })
    .getByRole('cell', { name: size, exact: true })
    .waitFor();
}

const row = (page: Page, name: string) => page.locator('.MuiDataGrid-row[data-id]').filter({ hasText: name });

async function search(page: Page, text: string): Promise<void> {
  const answered = page.waitForResponse(
    (r) =>
      r.url().includes('/api/product/get-all-products') &&
      r.url().includes(`q=${encodeURIComponent(text).replace(/%20/g, '+')}`),
  );
  await page.getByRole('textbox', { name: 'Search products' }).fill(text);
  await answered;
}

const gridNames = async (page: Page) => page.locator('.MuiDataGrid-row [data-field="name"]').allTextContents();

/** Waits until the grid shows some rows and every row's `field` cell contains `text` (the filter has rendered). */
const everyRowHas = (page: Page, field: string, text: string) =>
  page.waitForFunction(
    ([f, t]) => {
      const cells = [...document.querySelectorAll(`.MuiDataGrid-row [data-field="${f}"]`)];
      return cells.length > 0 && cells.every((cell) => cell.textContent?.includes(t));
    },
    [field, text] as const,
  );

describe('product catalog', () => {
  it('creates a product with two colour variants, edits a size so Low Stock changes, shows and deletes it', async () => {
    const page = await app.newPage();
    await openCatalog(page);
    const total = await count(page, 'total');
    const lowStock = await count(page, 'lowStock');

    await page.getByRole('button', { name: 'Add Product' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Product' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('E2E Kingfisher Tee');
    await choose(dialog, 'Status', 'Active', page);
    const categories = dialog.getByRole('textbox', { name: 'Categories' });
    await categories.fill(' oversized , ,Men T-Shirts, ');
    await categories.blur();
    await fieldShows(categories, 'oversized, Men T-Shirts');
    await dialog.getByRole('button', { name: 'Add collections Wild life collection' }).click();
    await fieldShows(dialog.getByRole('textbox', { name: 'Collections' }), 'Wild life collection');
    await dialog.getByRole('textbox', { name: 'Description' }).fill('A kingfisher mid-dive.');

    // First variant: teal, main, with its own uploaded image and two sizes (S is low stock).
    await dialog.getByRole('textbox', { name: 'Colour' }).fill('Teal');
    await dialog
      .locator('input[name="variantImage"]')
      .setInputFiles({ name: 'teal.png', mimeType: 'image/png', buffer: teeImage('#0d9488', 64) });
    expect(await dialog.getByRole('checkbox', { name: 'Main variant' }).isChecked()).toBe(true);
    await addSize(page, dialog, 'S', 599, 899, 10);
    await addSize(page, dialog, 'M', 599, 899, 60);
    await dialog.getByRole('button', { name: 'Save Variant' }).click();
    await dialog.getByRole('listitem', { name: 'Variant Teal' }).waitFor();

    // Second variant: sand, one size.
    await dialog.getByRole('textbox', { name: 'Colour' }).fill('Sand');
    expect(await dialog.getByRole('checkbox', { name: 'Main variant' }).isChecked()).toBe(false);
    await addSize(page, dialog, 'L', 649, 949, 70);
    await addSize(page, dialog, 'XL', 649, 949, 80);
    await dialog.getByRole('button', { name: 'Save Variant' }).click();
    await dialog.getByRole('listitem', { name: 'Variant Sand' }).waitFor();

    await dialog.getByRole('button', { name: 'Add Product' }).click();
    await page.getByText('Product added successfully').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await countBecomes(page, 'total', total + 1);
    await countBecomes(page, 'lowStock', lowStock + 1);

    await search(page, 'E2E Kingfisher');
    const created = row(page, 'E2E Kingfisher Tee');
    await created.waitFor();
    expect(await created.locator('[data-field="totalStock"] .MuiChip-root').textContent()).toBe('220');
    expect(await created.locator('[data-stock-colour]').getAttribute('data-stock-colour')).toBe('success');
    expect(await created.locator('[data-status]').textContent()).toBe('Active');
    expect(await created.locator('[data-status]').getAttribute('class')).toContain('colorSuccess');
    expect(
      await created.getByRole('listitem').evaluateAll((items) => items.map((i) => i.getAttribute('aria-label'))),
    ).toEqual(['Teal (main)', 'Sand']);
    expect(await created.locator('[data-field="categories"]').textContent()).toBe('OversizedMen T-Shirts');
    // The product has no main image of its own, so the grid shows the main variant's uploaded one.
    expect(await created.locator('[data-field="image"] img').getAttribute('src')).toMatch(/^\/uploads\/.+\.png$/);

    // Edit: raise S to 60, so no size is low any more.
    await created.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Update Product' });
    await fieldShows(edit.getByRole('textbox', { name: 'Name' }), 'E2E Kingfisher Tee');
    await edit.getByRole('button', { name: 'Edit variant Teal' }).click();
    await edit.getByRole('button', { name: 'Edit size S' }).click();
    await fieldShows(edit.getByRole('spinbutton', { name: 'Price' }), '599');
    await edit.getByRole('spinbutton', { name: 'Stock' }).fill('60');
    await edit.getByRole('button', { name: 'Update Size' }).click();
    await edit.getByRole('button', { name: 'Update Variant' }).click();
    await edit.getByText('S ₹599 (60)').waitFor();
    await edit.getByRole('button', { name: 'Update Product' }).click();
    await page.getByText('Product updated successfully').waitFor();
    await countBecomes(page, 'lowStock', lowStock);
    await created.locator('[data-field="totalStock"]').filter({ hasText: '270' }).waitFor();

    // View Details shows the variants, sizes and prices and the empty review list.
    await created.getByRole('button', { name: 'View Details' }).click();
    const details = page.getByRole('dialog', { name: 'Product Details' });
    await details.getByRole('heading', { name: 'E2E Kingfisher Tee' }).waitFor();
    const teal = details.getByRole('group', { name: 'Variant Teal' });
    expect(await teal.getByRole('row').allTextContents()).toEqual(['SizePriceMRPStock', 'S₹599₹89960', 'M₹599₹89960']);
    expect(await details.getByRole('group', { name: 'Variant Sand' }).getByRole('row').count()).toBe(3);
    await details.getByText('No reviews yet.').waitFor();
    await details.getByText('A kingfisher mid-dive.').waitFor();
    await details.getByRole('button', { name: 'Close' }).click();
    await details.waitFor({ state: 'detached' });

    // Delete asks first; Cancel keeps it, Delete removes it.
    await created.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete product E2E Kingfisher Tee?' });
    await confirm.getByText('Are you sure you want to delete this product?').waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    await created.getByRole('button', { name: 'Delete' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Product deleted successfully ✅').waitFor();
    await created.waitFor({ state: 'detached' });
    await countBecomes(page, 'total', total);
  });

  it('shows each validation message of the dialog and the variant builder', async () => {
    const page = await app.newPage();
    await openCatalog(page);
    await page.getByRole('button', { name: 'Add Product' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Product' });

    await dialog.getByRole('button', { name: 'Add Product' }).click();
    await dialog.getByText('Name is required').waitFor();
    await dialog.getByText('Status is required').waitFor();

    await dialog.getByRole('button', { name: 'Add Size' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Please fill all size fields' }).waitFor();
    await choose(dialog, 'Size', 'M', page);
    await dialog.getByRole('spinbutton', { name: 'Price' }).fill('499');
    await dialog.getByRole('button', { name: 'Add Size' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Please fill all size fields' }).waitFor();

    await dialog.getByRole('button', { name: 'Save Variant' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Variant must have a color and at least one size' }).waitFor();
    await dialog.getByRole('spinbutton', { name: 'MRP' }).fill('699');
    await dialog.getByRole('spinbutton', { name: 'Stock' }).fill('5');
    // Enter in a size field adds the size rather than submitting the product.
    await dialog.getByRole('spinbutton', { name: 'Stock' }).press('Enter');
    await dialog.getByRole('table', { name: 'Sizes in this variant' }).waitFor();
    await dialog.getByRole('button', { name: 'Save Variant' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Variant must have a color and at least one size' }).waitFor();

    // A file that claims to be an image but is not: the upload fails and the variant is not saved.
    await dialog.getByRole('textbox', { name: 'Colour' }).fill('Red');
    await dialog
      .locator('input[name="variantImage"]')
      .setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not an image') });
    await dialog.getByRole('button', { name: 'Save Variant' }).click();
    await page.getByText('Error uploading variant image').waitFor();
    expect(await dialog.getByRole('list', { name: 'Saved variants' }).count()).toBe(0);

    // A half-built variant is not silently dropped by saving the product.
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Half built');
    await choose(dialog, 'Status', 'Coming Soon', page);
    await dialog.getByRole('button', { name: 'Add Product' }).click();
    await dialog.getByText('Save the variant you are building, or clear it, before saving the product.').waitFor();

    await dialog.getByRole('textbox', { name: 'Categories' }).fill('Polo');
    await dialog.getByRole('button', { name: 'Clear' }).click();
    await dialog.getByRole('button', { name: 'Add Product' }).click();
    await dialog
      .getByText("Unknown category 'Polo': choose from Oversized, Regular fit, Men T-Shirts, Women T-Shirts")
      .waitFor();
    expect(await dialog.isVisible()).toBe(true);
  });

  it('narrows the grid by name, category and status on the server, counts staying whole', async () => {
    const page = await app.newPage();
    await openCatalog(page);
    const total = await count(page, 'total');
    const [firstName] = await gridNames(page);
    const word = firstName!.split(' ')[0]!;

    await search(page, word);
    await everyRowHas(page, 'name', word);
    const named = await gridNames(page);
    expect(named.length).toBeGreaterThan(0);
    expect(named.every((name) => name.includes(word))).toBe(true);
    const unfiltered = page.waitForResponse(
      (r) => r.url().includes('/api/product/get-all-products') && !r.url().includes('q='),
    );
    await page.getByRole('textbox', { name: 'Search products' }).fill('');
    await unfiltered;

    const filtered = page.waitForResponse((r) => r.url().includes('category=Women+T-Shirts'));
    await choose(page, 'Category', 'Women T-Shirts', page);
    await filtered;
    await everyRowHas(page, 'categories', 'Women T-Shirts');
    const footer = page.locator('.MuiTablePagination-displayedRows');
    await footer.filter({ hasNotText: ` of ${total}` }).waitFor();
    const categoryCells = await page.locator('.MuiDataGrid-row [data-field="categories"]').allTextContents();
    expect(categoryCells.length).toBeGreaterThan(0);
    expect(categoryCells.every((cell) => cell.includes('Women T-Shirts'))).toBe(true);

    const allCategories = page.waitForResponse(
      (r) => r.url().includes('/api/product/get-all-products') && !r.url().includes('category='),
    );
    await choose(page, 'Category', 'All', page);
    await allCategories;
    const inactive = page.waitForResponse((r) => r.url().includes('status=inactive'));
    await choose(page, 'Status', 'Inactive', page);
    await inactive;
    await everyRowHas(page, 'status', 'Inactive');
    const statuses = await page
      .locator('.MuiDataGrid-row [data-status]')
      .evaluateAll((chips) => chips.map((c) => c.getAttribute('data-status')));
    expect(statuses.length).toBeGreaterThan(0);
    expect(new Set(statuses)).toEqual(new Set(['inactive']));
    expect(await page.locator('.MuiDataGrid-row [data-status]').first().getAttribute('class')).toContain('colorError');
    expect(await count(page, 'total')).toBe(total);

    await search(page, 'no product is called this');
    await page.getByText('No products match these filters.').waitFor();
  });

  it('colours stock by the spec: out of stock first when sorted by stock', async () => {
    const page = await app.newPage();
    await openCatalog(page);
    expect(await count(page, 'outOfStock')).toBeGreaterThan(0);
    const sorted = page.waitForResponse((r) => r.url().includes('_sort=totalStock'));
    await page.getByRole('columnheader', { name: 'Stock' }).click();
    await sorted;
    const first = page.locator('.MuiDataGrid-row[data-id]').first();
    await first.locator('[data-field="totalStock"]').filter({ hasText: /^0$/ }).waitFor();
    expect(await first.locator('[data-stock-colour]').getAttribute('data-stock-colour')).toBe('error');
  });

  it('opens Add Product from Quick Add and drops the request from the URL on close', async () => {
    const page = await app.newPage();
    await app.signIn(page, { at: QUIET_SCREEN });
    await page.getByRole('button', { name: 'Quick Add' }).click();
    await page.getByRole('menuitem', { name: 'Add Product' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Product' });
    await dialog.waitFor();
    expect(new URL(page.url()).searchParams.get('action')).toBe('create');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.waitForURL((url) => url.pathname === '/catalog/products' && !url.searchParams.has('action'));
  });

  it("says 'Product not found' for a product deleted since the grid loaded", async () => {
    const page = await app.newPage();
    await openCatalog(page);
    const target = page.locator('.MuiDataGrid-row[data-id]').first();
    const id = await target.getAttribute('data-id');
    const status = await page.evaluate(async (productId) => {
      const token = localStorage.getItem('auth_token');
      const response = await fetch(`/api/product/delete-product/${productId}`, {
        method: 'DELETE',
        headers: { Authorization: `Bearer ${token}` },
      });
      return response.status;
    }, id);
    expect(status).toBe(200);
    await target.getByRole('button', { name: 'View Details' }).click();
    await page.getByRole('dialog', { name: 'Product Details' }).getByText('Product not found').waitFor();
  });
});

describe('product catalog failures and confirmations', () => {
  it("says 'Failed to delete product ❌' for a failed delete, not the server's words", async () => {
    const page = await app.newPage();
    await openCatalog(page);
    const target = page.locator('.MuiDataGrid-row[data-id]').first();
    const id = await target.getAttribute('data-id');
    // Another admin deletes it meanwhile: the store answers 'Product not found'.
    const status = await page.evaluate(async (productId) => {
      const token = localStorage.getItem('auth_token');
      return (
        await fetch(`/api/product/delete-product/${productId}`, {
          method: 'DELETE',
          headers: { Authorization: `Bearer ${token}` },
        })
      ).status;
    }, id);
    expect(status).toBe(200);
    await target.getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('dialog', { name: /^Delete product / })
      .getByRole('button', { name: 'Delete' })
      .click();
    const toast = page.locator('.notistack-MuiContent').filter({ hasText: 'Failed to delete product ❌' });
    await toast.waitFor();
    expect(await toast.textContent()).toBe('Failed to delete product ❌');
  });

  it("toasts a failed add in the server's words, else 'Failed to add product', with no alert in the dialog", async () => {
    const page = await app.newPage();
    await openCatalog(page);
    const answers = [
      { status: 500, json: { success: false, message: 'The catalogue is locked for the stock count' } },
      { status: 500, body: '' },
    ];
    await page.route('**/api/product/add-product', (route) => {
      const answer = answers.shift()!;
      return 'json' in answer
        ? route.fulfill({ status: answer.status, json: answer.json })
        : route.fulfill({ status: answer.status, body: answer.body });
    });
    await page.getByRole('button', { name: 'Add Product' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Product' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('E2E Refused Tee');
    await choose(dialog, 'Status', 'Active', page);

    await dialog.getByRole('button', { name: 'Add Product' }).click();
    await page
      .locator('.notistack-MuiContent')
      .filter({ hasText: 'The catalogue is locked for the stock count' })
      .waitFor();
    // Again, from the keyboard: the toast now covers the dialog's button.
    await dialog.getByRole('textbox', { name: 'Name' }).press('Enter');
    await page
      .locator('.notistack-MuiContent')
      .filter({ hasText: /^Failed to add product$/ })
      .waitFor();
    expect(await dialog.getByRole('alert').count()).toBe(0);
    expect(await dialog.isVisible()).toBe(true);
  });

  it('adds the product without its main image when the image fails to upload, saying it was skipped', async () => {
    const page = await app.newPage();
    await openCatalog(page);
    await page.route('**/api/uploads', (route) =>
      route.fulfill({ status: 500, json: { message: 'The image store is full' } }),
    );
    await page.getByRole('button', { name: 'Add Product' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Product' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('E2E Imageless Tee');
    await choose(dialog, 'Status', 'Active', page);
    await dialog
      .locator('input[name="image"]')
      .setInputFiles({ name: 'main.png', mimeType: 'image/png', buffer: teeImage('#be123c', 64) });
    await dialog.getByRole('button', { name: 'Add Product' }).click();
    await page.getByText('Main image: main.png could not be uploaded and was skipped').waitFor();
    await page.getByText('Product added successfully').waitFor();
    await dialog.waitFor({ state: 'detached' });
    const stored = await page.evaluate(async () => {
      const response = await fetch('/api/product/get-all-products?q=E2E+Imageless', {
        headers: { Authorization: `Bearer ${localStorage.getItem('auth_token')}` },
      });
      return ((await response.json()) as { products: { name: string; image?: string }[] }).products;
    });
    expect(stored.map(({ name, image }) => ({ name, image: image ?? '' }))).toEqual([
      { name: 'E2E Imageless Tee', image: '' },
    ]);
  });

  it("asks the single delete's question when one product is selected for bulk delete", async () => {
    const page = await app.newPage();
    await openCatalog(page);
    await expectSingleDeleteQuestion(page, 'product');
  });
});
