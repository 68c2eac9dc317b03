import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN, QUIET_SCREEN, useConsoleHarness } from './harness';

const app = useConsoleHarness();

const MANAGER = { fullname: 'Mina Manager', email: 'mina.manager@example.com', password: 'mina-secret-2026' };
const SUPPORT = { fullname: 'Sam Support', email: 'sam.support@example.com', password: 'sam-secret-2026' };

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

const { api, signInApi } = app;

describe('Activity', () => {
  it("an admin filters the store's activity by a staff member and opens a change's before and after", async () => {
    const admin = await signInApi(ADMIN);
    await api('POST', '/api/staff', admin, { ...MANAGER, role: 'manager' });
    const manager = await signInApi(MANAGER);
    const coupons = (await api('GET', '/api/coupon/allcoupons?_start=0&_end=1', manager)).body.coupons;
    const coupon = coupons[0];
    const edited = await api('PUT', `/api/coupon/coupon/${coupon._id}`, manager, { ...coupon, minOrderAmount: 4321 });
    expect(edited.status).toBe(200);

    const page = await app.newPage();
    await app.signIn(page, { at: QUIET_SCREEN });
    await nav(page).getByRole('link', { name: 'Activity' }).click();
    await page.waitForURL((url) => url.pathname === '/activity');
    const activity = page.getByRole('region', { name: 'Activity' });
    await activity.locator('.MuiDataGrid-row[data-id]').first().waitFor();

    await activity.getByRole('combobox', { name: 'Staff member' }).click();
    await page.getByRole('option', { name: MANAGER.fullname }).click();
    const rows = activity.locator('.MuiDataGrid-row[data-id]');
    await expect.poll(() => rows.count()).toBe(2);
    await expect
      .poll(() => rows.allInnerTexts())
      .toEqual([expect.stringContaining('Updated'), expect.stringContaining('Signed in')]);
    const update = rows.filter({ hasText: 'Updated' });
    expect(await update.innerText()).toContain(coupon.code);
    await update.getByRole('button', { name: /^1 field: minOrderAmount/ }).click();
    await update.getByText(`minOrderAmount: ${coupon.minOrderAmount} → 4321`).waitFor();
    await activity.getByRole('button', { name: /Export/ }).waitFor();
  });

  it("shows a product's History in its edit dialog and restores an earlier price", async () => {
    const admin = await signInApi(ADMIN);
    const manager = await signInApi(MANAGER);
    const body = (price: number) => ({
      name: 'History Tee',
      status: 'active',
      categories: ['Oversized'],
      variants: [{ color: 'Black', isMain: true, sizes: [{ size: 'M', price, mrp: 999, countInStock: 12 }] }],
    });
    const product = (await api('POST', '/api/product/add-product', admin, body(499))).body.product;
    const update = `/api/product/update-product/${product._id}`;
    expect((await api('PUT', update, manager, body(599))).status).toBe(200);
    expect((await api('PUT', update, admin, body(649))).status).toBe(200);

    const page = await app.newPage();
    await app.signIn(page, { at: '/catalog/products' });
    // The search answered before the row is opened: a row opened while the typed search waits drops the search.
    const searched = page.waitForResponse((r) => r.url().includes('get-all-products') && r.url().includes('q=History'));
    await page.getByRole('textbox', { name: 'Search products' }).fill('History Tee');
    await searched;
    const row = page.locator('.MuiDataGrid-row[data-id]').filter({ hasText: 'History Tee' });
    await row.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Update Product' });
    await edit.getByRole('button', { name: 'History' }).click();
    const history = edit.getByRole('list', { name: 'History' });
    const entries = history.locator(':scope > li');
    await expect.poll(() => entries.count()).toBe(3);
    expect(await entries.nth(0).innerText()).toMatch(/^Updated by Store Admin/);
    expect(await entries.nth(1).innerText()).toMatch(/^Updated by Mina Manager/);
    expect(await entries.nth(1).innerText()).toContain('"price":599');
    // Clicked once the History has finished opening (its last re-render done), as a user sees it settle.
    await edit.locator('.MuiCollapse-entered', { has: page.getByRole('list', { name: 'History' }) }).waitFor();
    // The restore's own answer first, so a failure says which step failed: no call, a refusal, or no toast.
    const restoring = page.waitForResponse((r) => r.url().includes('/restore') && r.request().method() === 'POST');
    await entries
      .nth(1)
      .getByRole('button', { name: /^Restore this version/ })
      .click();
    expect((await restoring).status()).toBe(200);
    await page.getByText('Version restored').waitFor();
    await edit.waitFor({ state: 'detached' });
    const restored = (await api('GET', `/api/product/get-product-details/${product._id}`, admin)).body.product;
    expect(restored.variants[0].sizes[0].price).toBe(599);
  });

  it('brings a deleted coupon back from the Trash, and deletes another forever after a question', async () => {
    const admin = await signInApi(ADMIN);
    const coupon = (code: string) =>
      api('POST', '/api/coupon/add', admin, { code, discountType: 'percentage', discountValue: 15, isActive: true });
    await coupon('TRASHED15');
    const gone = (await coupon('GONE15')).body.coupon;
    expect((await api('DELETE', `/api/coupon/coupon/${gone._id}`, admin)).status).toBe(200);

    const page = await app.newPage();
    await app.signIn(page, { at: '/catalog/coupons' });
    const row = page.locator('.MuiDataGrid-row[data-id]').filter({ hasText: 'TRASHED15' });
    await row.getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('dialog', { name: 'Delete coupon TRASHED15?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page.getByText('Coupon deleted successfully').waitFor();
    await row.waitFor({ state: 'detached' });

    await nav(page).getByRole('link', { name: 'Trash' }).click();
    await page.waitForURL((url) => url.pathname === '/trash');
    const trash = page.getByRole('region', { name: 'Trash' });
    const trashed = trash.locator('.MuiDataGrid-row[data-id]').filter({ hasText: 'TRASHED15' });
    await trashed.getByRole('button', { name: 'Restore TRASHED15' }).click();
    await page.getByText('TRASHED15 restored').waitFor();
    await trashed.waitFor({ state: 'detached' });

    await trash.getByRole('button', { name: 'Delete GONE15 forever' }).click();
    const question = page.getByRole('dialog', { name: 'Delete GONE15 forever?' });
    await question.getByRole('button', { name: 'Delete forever' }).click();
    await page.getByText('Deleted forever').waitFor();
    await trash.locator('.MuiDataGrid-row[data-id]').filter({ hasText: 'GONE15' }).waitFor({ state: 'detached' });

    await nav(page).getByRole('link', { name: 'Coupons' }).click();
    await page.waitForURL((url) => url.pathname === '/catalog/coupons');
    await page.locator('.MuiDataGrid-row[data-id]').filter({ hasText: 'TRASHED15' }).waitFor();
  });

  it("shows an order's History in its details: who moved it, from what to what", async () => {
    const admin = await signInApi(ADMIN);
    const manager = await signInApi(MANAGER);
    const [order] = (await api('GET', '/api/order/all-orders?_start=0&_end=1&status=processing', admin)).body.orders;
    expect((await api('PUT', `/api/order/update-status/${order._id}`, manager, { status: 'shipped' })).status).toBe(
      200,
    );

    const page = await app.newPage();
    await app.signIn(page, { at: '/orders' });
    const searched = page.waitForResponse((r) => r.url().includes('all-orders') && r.url().includes(`q=${order._id}`));
    await page.getByLabel('Search orders').fill(order._id);
    await searched;
    const row = page.locator(`.MuiDataGrid-row[data-id="${order._id}"]`);
    await row.getByRole('button', { name: /^Actions for order / }).click();
    await page.getByRole('menuitem', { name: 'View Details' }).click();
    const details = page.getByRole('dialog', { name: /^Order Details / });
    await details.getByRole('button', { name: 'History' }).click();
    const entry = details.getByRole('list', { name: 'History' }).locator(':scope > li').first();
    await entry.getByText(/^Status changed by Mina Manager/).waitFor();
    expect(await entry.innerText()).toContain('status: processing → shipped');
    expect(await entry.getByRole('button', { name: /^Restore/ }).count()).toBe(0);
  });

  it('is not there for support: no Activity entry, and 403 from /api/audit', async () => {
    const admin = await signInApi(ADMIN);
    await api('POST', '/api/staff', admin, { ...SUPPORT, role: 'support' });
    const support = await signInApi(SUPPORT);
    expect((await api('GET', '/api/audit', support)).status).toBe(403);

    const page = await app.newPage();
    await app.signIn(page, { as: SUPPORT, at: QUIET_SCREEN });
    await nav(page).getByRole('link', { name: 'Customers' }).waitFor();
    expect(await nav(page).getByRole('link', { name: 'Activity' }).count()).toBe(0);
    expect(await nav(page).getByRole('link', { name: 'Trash' }).count()).toBe(0);
  });
});
