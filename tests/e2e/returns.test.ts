import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './axe';
import { ADMIN, useConsoleHarness } from './harness';

const app = useConsoleHarness();
const { api, signInApi } = app;

type Order = { _id: string; updatedAt: string; orderItems: { _id: string; qty: number }[]; totalPrice: number };

/** A product on sale in Navy, `units` of each size, and an order of `qty` of its M moved to `status`. */
async function orderOf(token: string, name: string, qty: number, status: string) {
  const added = await api('POST', '/api/product/add-product', token, {
    name,
    status: 'active',
    categories: ['Oversized'],
    variants: [
      {
        color: 'Navy',
        isMain: true,
        sizes: ['M', 'L'].map((size) => ({ size, price: 600, mrp: 900, countInStock: 5 })),
      },
    ],
  });
  expect(added.status).toBe(201);
  const product = added.body.product as { _id: string; variants: { sizes: { size: string; sku: string }[] }[] };
  const placed = await api('POST', '/api/order/create', token, {
    customer: { fullname: 'Kiran Rao', email: `kiran.${name.replace(/\W/g, '').toLowerCase()}@example.com` },
    shippingAddress: { name: 'Kiran Rao', address: '4 Park Street', city: 'Kolkata' },
    orderItems: [{ product: product._id, color: 'Navy', size: 'M', qty }],
    paymentMethod: 'online',
    paymentStatus: 'paid',
  });
  expect(placed.status).toBe(201);
  const order = placed.body.order as Order;
  if (status !== 'pending')
    expect((await api('PUT', `/api/order/update-status/${order._id}`, token, { status })).status).toBe(200);
  const skus = Object.fromEntries(product.variants[0]!.sizes.map(({ size, sku }) => [size, sku]));
  return { order, skus };
}

const stockOf = async (token: string, sku: string) =>
  ((await api('GET', `/api/stock?sku=${sku}`, token)).body.skus as { countInStock: number; reserved: number }[])[0]!;

/** The orders grid narrowed to one order, by its short id. */
async function findOrder(page: Page, id: string) {
  const grid = page.getByRole('region', { name: 'Orders' });
  await grid.getByRole('textbox', { name: 'Search orders' }).fill(id.slice(-6));
  await expect.poll(() => grid.locator('.MuiDataGrid-row[data-id]').count()).toBe(1);
}

describe('Returns and edits', () => {
  it('exchanges M for L on a delivered order in a few clicks from its actions, and receiving it restocks the M', async () => {
    const admin = await signInApi(ADMIN);
    const { order, skus } = await orderOf(admin, 'Exchange Tee', 1, 'delivered');
    const page = await app.newPage();
    await app.signIn(page, { at: '/orders' });
    await findOrder(page, order._id);
    const short = `#${order._id.slice(-6)}`;

    let clicks = 0;
    const click = async (name: string) => {
      clicks += 1;
      await page.getByRole('button', { name, exact: true }).click();
    };
    await click(`Return or exchange from ${short}`);
    const dialog = page.getByRole('dialog', { name: `Return or exchange from ${short}` });
    // A one-line order opens as the usual case: one unit, too small, exchanged for the next size up.
    await expect.poll(() => dialog.getByRole('combobox', { name: /^New size for/ }).innerText()).toMatch(/^L/);
    await expect.poll(() => dialog.getByRole('combobox', { name: /^Reason for/ }).innerText()).toBe('Too small');
    await expectAccessible(page, 'the Return / exchange dialog');
    await click('Request return');
    await page.getByText('Return requested').first().waitFor();
    expect(clicks).toBeLessThanOrEqual(6);
    expect(await stockOf(admin, skus.L!)).toMatchObject({ reserved: 1 });

    await app.signIn(page, { at: '/returns' });
    const returns = page.getByRole('region', { name: 'Returns' });
    const row = returns.locator('.MuiDataGrid-row[data-id]').first();
    await expect.poll(() => row.innerText()).toMatch(new RegExp(`${short}[\\s\\S]*Requested[\\s\\S]*Too small`));
    await row.getByRole('button', { name: /^Receive return/ }).click();
    const receive = page.getByRole('dialog', { name: /^Receive return/ });
    await receive.getByRole('button', { name: 'Receive' }).waitFor();
    await expectAccessible(page, 'the Receive dialog');
    await receive.getByRole('button', { name: 'Receive' }).click();
    await page.getByText('Return received').first().waitFor();
    expect(await stockOf(admin, skus.M!)).toMatchObject({ countInStock: 5 });
    await expect.poll(() => row.innerText()).toMatch(/Received/);

    // Its details: the lines, the replacement order, and the next step (Close) beneath them.
    await row.getByRole('button', { name: /^View / }).click();
    const details = page.getByRole('dialog', { name: 'Return Details' });
    await expect.poll(() => details.innerText()).toMatch(/Lines\s+1 × Exchange Tee Navy M → Navy L/);
    await expect.poll(() => details.innerText()).toMatch(/Replacement order\s+#\w{6}/);
    await expectAccessible(page, 'the return details dialog');
    await details.getByRole('button', { name: /^Close return/ }).click();
    await page
      .getByRole('dialog', { name: /^Close return/ })
      .getByRole('button', { name: 'Close' })
      .click();
    await page.getByText('Return closed').first().waitFor();
    await expect.poll(() => details.innerText()).toMatch(/Status\s+Closed/);
    // Its Close button (the Close return button that had the focus is gone with the step).
    await details.getByRole('button', { name: 'Close', exact: true }).last().click();
    await details.waitFor({ state: 'detached' });

    // The product's details: its return rate by size over the last 90 days.
    await app.signIn(page, { at: '/catalog/products' });
    const catalog = page.getByRole('region', { name: 'Product Catalog' });
    // The search answered before the row is opened, as an admin sees the narrowed grid first: clicked while
    // the typed search still waited, the details dialog was once found gone after the search applied.
    const searched = page.waitForResponse(
      (r) => r.url().includes('get-all-products') && r.url().includes('q=Exchange'),
    );
    await catalog.getByRole('textbox', { name: 'Search products' }).fill('Exchange Tee');
    await searched;
    await catalog
      .locator('.MuiDataGrid-row[data-id]')
      .filter({ hasText: 'Exchange Tee' })
      .first()
      .getByRole('button', { name: 'View Details' })
      .click();
    const rates = page
      .getByRole('dialog', { name: 'Product Details' })
      .getByRole('table', { name: 'Return rate by size' });
    await expect.poll(() => rates.getByRole('row').allTextContents()).toEqual(['SizeShippedReturnedRate', 'M11100.0%']);
  });

  it("edits a pending order's quantity with the new totals shown before saving", async () => {
    const admin = await signInApi(ADMIN);
    const { order } = await orderOf(admin, 'Edit Tee', 1, 'pending');
    const page = await app.newPage();
    await app.signIn(page, { at: '/orders' });
    await findOrder(page, order._id);
    const short = `#${order._id.slice(-6)}`;
    await page.getByRole('button', { name: `Edit items of ${short}` }).click();
    const dialog = page.getByRole('dialog', { name: `Edit items of ${short}` });
    const quantity = dialog.getByRole('textbox', { name: /^Quantity of / });
    await quantity.fill('3');
    // The server's preview: each figure before and after (3 × ₹600 of items), before anything is saved.
    const totals = dialog.getByRole('table', { name: 'Totals before and after' });
    await expect.poll(() => totals.innerText()).toMatch(/Items\s+₹600\.00\s+₹1,800\.00/);
    await expect.poll(() => dialog.innerText()).toMatch(/Changes: \+2 Edit Tee Navy M/);
    await expectAccessible(page, 'the Edit items dialog');
    await dialog.getByRole('button', { name: 'Save items' }).click();
    await page.getByText('Order updated').first().waitFor();
    const saved = (await api('GET', `/api/order/order/${order._id}`, admin)).body.order as Order;
    expect(saved.orderItems[0]!.qty).toBe(3);
    expect(await totals.count()).toBe(0);
  });
});
