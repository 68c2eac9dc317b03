import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { shortOrderId } from '../../src/domain';
import { expectAccessible } from './axe';
import { ADMIN, CUSTOMER, QUIET_SCREEN, useConsoleHarness } from './harness';

/*
 * The live console, two staff members on one store: what one changes shows in the other's open screens
 * without a reload, as a notice that asks before the rows move, and who else has a record open.
 */

const app = useConsoleHarness();
const { api, signInApi } = app;

/** The SKU with the most units available, to order one of. */
async function plentifulSku(token: string) {
  const skus = (await api('GET', '/api/stock?onSale=true&low=false&_start=0&_end=1&_sort=available&_order=desc', token))
    .body.skus as { product: { _id: string }; color: string; size: string }[];
  const [{ product, color, size }] = skus as [(typeof skus)[0]];
  return { product: product._id, color, size, qty: 1 };
}

/** A new order taken by staff (through the admin's token): someone else's news to every other console. */
async function newOrder(token: string) {
  const placed = await api('POST', '/api/order/create', token, {
    customer: { fullname: 'Live Customer', email: `live.${Date.now()}@example.com` },
    shippingAddress: { name: 'Live Customer', address: '1 Park Street', city: 'Kolkata' },
    orderItems: [await plentifulSku(token)],
    paymentMethod: 'online',
    paymentStatus: 'paid',
  });
  expect(placed.status).toBe(201);
  return placed;
}

const bell = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Notifications/ });

/** A manager added through the Team API, to sign in as in a second browser. */
async function manager(admin: string, name: string) {
  const email = `${name.toLowerCase().replace(/\W/g, '.')}.${Date.now()}@example.com`;
  const password = 'a-manager-password-2026';
  const added = await api('POST', '/api/staff', admin, { fullname: name, email, role: 'manager', password });
  expect(added.status).toBe(201);
  return { email, password };
}

describe('the live console', () => {
  it("shows another member's order changes and new orders in the open grid, waiting for Refresh / Show", async () => {
    const admin = await signInApi(ADMIN);
    const page = await app.newPage();
    await app.signIn(page, { as: await manager(admin, 'Asha Live'), at: '/orders' });
    const grid = page.getByRole('region', { name: 'Orders' });
    const firstRow = grid.locator('.MuiDataGrid-row[data-id]').first();
    await firstRow.waitFor();
    const id = (await firstRow.getAttribute('data-id'))!;
    // A row selected: the grid does not move under the cursor, it says what changed.
    await firstRow.getByRole('checkbox').check();
    const current = (await api('GET', `/api/order/order/${id}`, admin)).body.order as { status: string };
    const next = current.status === 'cancelled' ? 'pending' : 'cancelled';
    expect((await api('PUT', `/api/order/update-status/${id}`, admin, { status: next })).status).toBe(200);
    const notice = page.getByRole('status').filter({ hasText: /order changed/ });
    await expect.poll(() => notice.innerText()).toMatch(/^1 order changed/);
    await expectAccessible(page, 'the orders grid with its live notice');
    await notice.getByRole('button', { name: 'Refresh' }).click();
    await expect.poll(() => firstRow.innerText()).toMatch(next === 'cancelled' ? /Cancelled/ : /Pending/);
    await expect.poll(() => notice.count()).toBe(0);

    // A new order placed by someone else: counted above the grid until Show.
    const placed = await newOrder(admin);
    const created = page.getByRole('status').filter({ hasText: /new order/ });
    await expect.poll(() => created.innerText()).toMatch(/^1 new order/);
    await created.getByRole('button', { name: 'Show' }).click();
    await expect.poll(() => firstRow.getAttribute('data-id')).toBe((placed.body.order as { _id: string })._id);
  });

  it('says "Updated by … · Reload" on an open edit before its save, and who else is editing it', async () => {
    const admin = await signInApi(ADMIN);
    const code = `LIVE${Date.now().toString(36).toUpperCase()}`;
    const added = await api('POST', '/api/coupon/add', admin, {
      code,
      discountType: 'flat',
      discountValue: 5,
      minOrderAmount: 0,
      isActive: true,
    });
    expect(added.status).toBe(201);
    const coupon = added.body.coupon as { _id: string; updatedAt: string };

    const asha = await app.newPage();
    await app.signIn(asha, { as: await manager(admin, 'Asha Editor'), at: '/catalog/coupons' });
    const openEdit = async (page: typeof asha) => {
      // The row is clicked once the search has brought the list back, not while its rows may still change.
      const searched = page.waitForResponse(
        (response) => response.url().includes('/allcoupons') && new URL(response.url()).searchParams.get('q') === code,
      );
      await page
        .getByRole('textbox', { name: /^Search/ })
        .first()
        .fill(code);
      await searched;
      await page.getByRole('button', { name: new RegExp(`^Edit ${code}`) }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('textbox', { name: 'Code' }).waitFor();
      return dialog;
    };
    const ashaDialog = await openEdit(asha);

    // The admin opens it too: each sees the other.
    const adminPage = await app.newPage();
    await app.signIn(adminPage, { at: '/catalog/coupons' });
    const adminDialog = await openEdit(adminPage);
    await expect.poll(() => ashaDialog.getByRole('status').allInnerTexts()).toContain('Store Admin is editing');
    await expect.poll(() => adminDialog.getByRole('status').allInnerTexts()).toContain('Asha Editor is editing');

    // The admin closes it: gone at once from Asha's.
    await adminDialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => ashaDialog.getByRole('status').allInnerTexts()).not.toContain('Store Admin is editing');

    // The admin changes it through the API: Asha is told before she saves, and Reload brings it in.
    const changed = await api('PUT', `/api/coupon/coupon/${coupon._id}`, admin, {
      code,
      discountType: 'flat',
      discountValue: 7,
      minOrderAmount: 0,
      isActive: true,
      updatedAt: coupon.updatedAt,
    });
    expect(changed.status).toBe(200);
    const updated = ashaDialog.getByRole('status').filter({ hasText: /^Updated by Store Admin just now/ });
    await updated.waitFor();
    await expectAccessible(asha, 'an edit dialog saying it was updated');
    await updated.getByRole('button', { name: 'Reload' }).click();
    await expect.poll(() => ashaDialog.getByRole('textbox', { name: 'Discount Value' }).inputValue()).toBe('7');
    // Her save goes over the copy she reloaded, not into the lost-update check.
    await ashaDialog.locator('button[type="submit"]').click();
    await ashaDialog.waitFor({ state: 'detached' });
  });

  it("counts the unread notifications in the bell, lowers it in the same person's other tab, and raises it in every admin's", async () => {
    const admin = await signInApi(ADMIN);
    const email = `second.admin.${Date.now()}@example.com`;
    const password = 'a-second-admin-password-2026';
    expect(
      (await api('POST', '/api/staff', admin, { fullname: 'Second Admin', email, role: 'admin', password })).status,
    ).toBe(201);
    const other = await signInApi({ email, password });
    for (const token of [admin, other])
      expect((await api('POST', '/api/notifications/read', token, { all: true })).status).toBe(200);

    const tabs: Page[] = [];
    for (const as of [ADMIN, ADMIN, { email, password }]) {
      const page = await app.newPage();
      await app.signIn(page, { as, at: QUIET_SCREEN });
      await expect.poll(() => bell(page).getAttribute('aria-label')).toBe('Notifications');
      tabs.push(page);
    }
    const [first, second, otherAdmin] = tabs as [Page, Page, Page];

    // A storefront order: every admin's bell rises, without a reload.
    const placed = await api('POST', '/api/order/place', await signInApi(CUSTOMER), {
      shippingAddress: { name: 'Bell Customer', address: '1 Park Street', city: 'Kolkata' },
      orderItems: [await plentifulSku(admin)],
      paymentMethod: 'cod',
    });
    expect(placed.status).toBe(201);
    for (const page of tabs)
      await expect.poll(() => bell(page).getAttribute('aria-label')).toBe('Notifications: 1 unread');
    const unread = (await api('GET', '/api/notifications', admin)).body as { unread: number };
    expect(unread.unread).toBe(1);

    // Read from the list in one tab: the badge falls in the other tab of the same person, not in the other admin's.
    await bell(first).click();
    const list = first.getByRole('dialog', { name: 'Notifications' });
    const placedId = (placed.body.order as { _id: string })._id;
    await list.getByRole('link', { name: `New order #${shortOrderId(placedId)}` }).click();
    await first.waitForURL((url) => url.pathname === '/orders');
    await expect.poll(() => bell(second).getAttribute('aria-label')).toBe('Notifications');
    await expect.poll(() => bell(first).getAttribute('aria-label')).toBe('Notifications');
    expect(await bell(otherAdmin).getAttribute('aria-label')).toBe('Notifications: 1 unread');
  });

  it('lists the notifications in a panel of links, and marks them all read', async () => {
    const admin = await signInApi(ADMIN);
    expect((await api('POST', '/api/notifications/read', admin, { all: true })).status).toBe(200);
    const page = await app.newPage();
    await app.signIn(page, { at: QUIET_SCREEN });
    const placed = (await newOrder(admin)).body.order as { _id: string };
    await expect.poll(() => bell(page).getAttribute('aria-label')).toBe('Notifications: 1 unread');

    await bell(page).click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    const line = panel.getByRole('link', { name: new RegExp(`^New order #${shortOrderId(placed._id)}.*unread$`) });
    expect(await line.getAttribute('href')).toBe('/orders');
    await expectAccessible(page, "the bell's panel");
    await panel.getByRole('button', { name: 'Mark all read' }).click();
    await expect.poll(() => panel.getByText('unread', { exact: false }).count()).toBe(0);
    // The button it pressed went disabled: the focus stays in the panel, on its title, so Escape still closes it.
    const title = panel.getByRole('heading', { name: 'Notifications' });
    expect(await title.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => bell(page).getAttribute('aria-label')).toBe('Notifications');
  });
});
