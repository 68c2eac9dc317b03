import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN, useConsoleHarness } from './harness';

const app = useConsoleHarness();
const { api, signInApi } = app;

/** A product on sale in one colour, `units` of each size: its SKUs by size. */
async function productOf(token: string, name: string, sizes: string[], units: number): Promise<Record<string, string>> {
  const added = await api('POST', '/api/product/add-product', token, {
    name,
    status: 'active',
    categories: ['Oversized'],
    variants: [
      {
        color: 'Teal',
        isMain: true,
        sizes: sizes.map((size) => ({ size, price: 500, mrp: 800, countInStock: units })),
      },
    ],
  });
  expect(added.status).toBe(201);
  const product = added.body.product as { variants: { sizes: { size: string; sku: string }[] }[] };
  return Object.fromEntries(product.variants[0]!.sizes.map(({ size, sku }) => [size, sku]));
}

/** Tab until `target` has the focus, as someone without a mouse moves through the form. */
async function tabTo(page: Page, target: Locator) {
  for (let presses = 0; presses < 40; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${String(target)}`);
}

const form = (page: Page) => page.getByRole('region', { name: 'New Order' });
const linePicker = (page: Page) => form(page).getByRole('combobox', { name: 'Add a line: product name or SKU' });
const firstOrderRow = (page: Page) =>
  page.getByRole('region', { name: 'Orders' }).locator('.MuiDataGrid-row[data-id]').first();

/** Types a SKU's code into the line search and takes its option with the keyboard. */
async function addLine(page: Page, sku: string) {
  await tabTo(page, linePicker(page));
  await page.keyboard.type(sku);
  await page.getByRole('option', { name: new RegExp(`^${sku} ·`) }).waitFor();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await form(page).getByRole('cell', { name: sku, exact: true }).waitFor();
}

describe('New order', () => {
  it('takes a three-line phone order with the keyboard alone, reserving each SKU', async () => {
    const admin = await signInApi(ADMIN);
    const skus = await productOf(admin, 'Phone Order Tee', ['S', 'M', 'L'], 10);
    const coupon = await api('POST', '/api/coupon/add', admin, {
      code: 'PHONE10',
      discountType: 'percentage',
      discountValue: 10,
      expiresAt: '2031-01-01',
    });
    expect(coupon.status).toBe(201);
    const page = await app.newPage();
    await app.signIn(page, { at: '/orders' });
    // From the Orders page's own button, by keyboard.
    await tabTo(page, page.getByRole('link', { name: 'New Order' }));
    await page.keyboard.press('Enter');
    await form(page).waitFor();

    // The customer by search (the field has the focus as the form opens).
    await expect
      .poll(() =>
        form(page)
          .getByRole('combobox', { name: 'Customer' })
          .evaluate((e) => e === document.activeElement),
      )
      .toBe(true);
    await page.keyboard.type('customer@example.com');
    await page.getByRole('option', { name: /customer@example\.com/ }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');

    for (const size of ['S', 'M', 'L']) await addLine(page, skus[size]!);
    await tabTo(page, form(page).getByRole('textbox', { name: `Quantity of ${skus.M}` }));
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('2');
    await form(page).getByText('Items: ₹2,000.00').waitFor();

    for (const [label, text] of [
      ['Name', 'Asha Rao'],
      ['Address', '12 MG Road'],
      ['City', 'Bengaluru'],
      ['Advance paid', '200'],
      ['Coupon code', 'phone10'],
    ]) {
      await tabTo(page, form(page).getByRole('textbox', { name: label, exact: true }));
      await page.keyboard.type(text!);
    }
    await tabTo(page, form(page).getByRole('button', { name: 'Place order' }));
    await page.keyboard.press('Enter');

    await page.getByText('Order placed').first().waitFor();
    await page.waitForURL((url) => url.pathname === '/orders');
    await expect.poll(() => firstOrderRow(page).innerText()).toMatch(/Pending/);
    // ₹2,000 of items, 10 % off, free shipping from ₹999 off, 5 % tax on ₹1,800: ₹1,890.
    expect(await firstOrderRow(page).innerText()).toMatch(/₹1,890\.00/);

    await app.signIn(page, { at: '/catalog/stock' });
    const stock = page.getByRole('region', { name: 'Stock' });
    await stock.getByRole('textbox', { name: 'Search SKUs' }).fill('Phone Order Tee');
    const rows = stock.locator('.MuiDataGrid-row[data-id]');
    await expect.poll(() => rows.count()).toBe(3);
    for (const [size, reserved] of [
      ['S', 1],
      ['M', 2],
      ['L', 1],
    ] as const)
      expect(await rows.filter({ hasText: skus[size]! }).innerText()).toMatch(
        new RegExp(`\\s10\\s+${reserved}\\s+${10 - reserved}\\s`),
      );
  });

  it('marks a line asking more than is available, saves a draft that reserves nothing, and places it later', async () => {
    const admin = await signInApi(ADMIN);
    const skus = await productOf(admin, 'Draft Order Tee', ['M'], 5);
    const page = await app.newPage();
    await app.signIn(page, { at: '/orders/create' });
    await form(page).getByRole('button', { name: 'New customer' }).click();
    await form(page).getByRole('textbox', { name: 'Full name' }).fill('Meera Nair');
    await form(page).getByRole('textbox', { name: 'Email' }).fill('meera.nair@example.com');
    await linePicker(page).fill(skus.M!);
    await page.getByRole('option', { name: new RegExp(`^${skus.M} ·`) }).click();
    const quantity = form(page).getByRole('textbox', { name: `Quantity of ${skus.M}` });
    await quantity.fill('9');
    await form(page).getByText('Only 5 available').waitFor();
    for (const [label, text] of [
      ['Name', 'Meera Nair'],
      ['Address', '4 Beach Road'],
      ['City', 'Kochi'],
    ])
      await form(page).getByRole('textbox', { name: label, exact: true }).fill(text!);

    // Placing it is refused with the SKU named on its line; the form keeps what was typed.
    await form(page).getByRole('button', { name: 'Place order' }).click();
    await form(page)
      .getByRole('table', { name: 'Order lines' })
      .getByText('Only 5 left of Draft Order Tee / Teal / M')
      .waitFor();
    await quantity.fill('2');
    await form(page).getByRole('button', { name: 'Save as draft' }).click();
    await page.getByText('Draft saved').first().waitFor();
    await page.waitForURL((url) => url.pathname === '/orders');
    const row = firstOrderRow(page);
    await expect.poll(() => row.innerText()).toMatch(/Meera Nair[\s\S]*Draft/);
    const stockOf = async () =>
      (await api('GET', `/api/stock?q=${skus.M}&_start=0&_end=1`, admin)).body.skus[0] as { reserved: number };
    expect((await stockOf()).reserved).toBe(0);

    const number = (await row.innerText()).match(/#(\w{6})/)![1]!;
    await row.getByRole('button', { name: `Place order #${number}` }).click();
    await page
      .getByRole('dialog', { name: `Place order #${number}?` })
      .getByRole('button', { name: 'Place order' })
      .click();
    await page.getByText('Order placed').first().waitFor();
    await expect.poll(() => row.innerText()).toMatch(/Pending/);
    expect((await stockOf()).reserved).toBe(2);
  });

  it('starts from a customer’s page with that customer chosen', async () => {
    const admin = await signInApi(ADMIN);
    const found = await api('GET', '/api/auth/users?q=customer%40example.com&_start=0&_end=1', admin);
    const customer = found.body.users[0] as { _id: string; fullname: string };
    const page = await app.newPage();
    await app.signIn(page, { at: `/customers/${customer._id}` });
    await page.getByRole('link', { name: 'New Order' }).click();
    await form(page).waitFor();
    await expect
      .poll(() => form(page).getByRole('combobox', { name: 'Customer' }).inputValue())
      .toBe(`${customer.fullname} · customer@example.com`);
  });
});
