import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_ADMIN_PASSWORD, STORAGE_KEYS, shortOrderId } from '../../src/domain';
import { ADMIN, QUIET_SCREEN, fieldShows, useConsoleHarness } from './harness';

const app = useConsoleHarness();

/** The colleague the admin adds, and the password they choose for themselves on their profile. */
const SUPPORT = { fullname: 'Ravi Support', email: 'ravi.support@example.com', password: 'first-secret-2024' };
const SUPPORT_NEW_PASSWORD = 'ravi-own-secret-2025';
const ADMIN_NEW_PASSWORD = 'no-longer-the-demo-one';

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
const banner = (page: Page) =>
  page
    .getByRole('main')
    .getByRole('status')
    .filter({ hasText: `An admin account still uses the demo password ${DEMO_ADMIN_PASSWORD}.` });
const storedToken = (page: Page) => page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.token);

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await page.waitForURL((url) => url.pathname === '/login');
  await page.getByRole('heading', { name: 'Sign In' }).waitFor();
}

/** What GET /api/auth/me answers a token: 200 while its session lasts, 401 once it is revoked. */
async function meStatus(token: string): Promise<number> {
  return (await fetch(`${app.baseURL}/api/auth/me`, { headers: { Authorization: `Bearer ${token}` } })).status;
}

async function openProfile(page: Page) {
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await page.waitForURL((url) => url.pathname === '/profile');
  const profile = page.getByRole('region', { name: 'Profile' });
  await profile.getByRole('heading', { name: 'Profile', level: 1 }).waitFor();
  return profile;
}

/** Fills the change-password form and submits it from the keyboard (Enter in the last field). */
async function changePassword(page: Page, current: string, next: string, confirmation = next) {
  const form = page.getByRole('form', { name: 'Change password' });
  await form.getByLabel(/^Current password/).fill(current);
  await form.getByLabel(/^New password/).fill(next);
  await form.getByLabel(/^Confirm new password/).fill(confirmation);
  await page.keyboard.press('Enter');
}

describe('team and roles', () => {
  it('an admin adds a support colleague, who gets only what support may do and changes their own password', async () => {
    const page = await app.newPage();
    await app.signIn(page, { at: QUIET_SCREEN });

    // The admin adds the colleague through the Team dialog.
    await nav(page).getByRole('link', { name: 'Team', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/team');
    const team = page.getByRole('region', { name: 'Team', exact: true });
    const adminRow = team.locator('.MuiDataGrid-row[data-id]').filter({ hasText: ADMIN.email });
    await adminRow.waitFor();

    // The server's refusals are shown in its words: removing yourself, a second account with one email.
    await adminRow.getByRole('button', { name: /^Delete / }).click();
    await page
      .getByRole('dialog', { name: /^Delete team member / })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page.getByText('You cannot remove your own account').waitFor();
    await team.getByRole('button', { name: 'Add Team Member' }).click();
    const add = page.getByRole('dialog', { name: 'Add Team Member' });
    await add.getByRole('textbox', { name: 'Full name' }).fill(SUPPORT.fullname);
    await add.getByRole('textbox', { name: 'Email' }).fill(ADMIN.email);
    await add.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Support', exact: true }).click();
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await add.getByLabel(/^Password/).fill(SUPPORT.password);
    await add.getByRole('button', { name: 'Add Team Member' }).click();
    await add.getByRole('alert').filter({ hasText: 'An account with this email already exists' }).waitFor();

    await add.getByRole('textbox', { name: 'Email' }).fill(SUPPORT.email);
    await add.getByRole('button', { name: 'Add Team Member' }).click();
    await page.getByText('Team member added successfully').waitFor();
    await add.waitFor({ state: 'detached' });
    const added = team.locator('.MuiDataGrid-row[data-id]').filter({ hasText: SUPPORT.email });
    await added.waitFor();
    expect(await added.locator('[data-field="role"]').innerText()).toBe('Support');

    // Back on the dashboard (the sign-in page returns to the page a session ended on), the admin signs
    // out, which revokes the token on the server, not only in this browser.
    await nav(page).getByRole('link', { name: 'Dashboard', exact: true }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    const adminToken = (await storedToken(page))!;
    expect(await meStatus(adminToken)).toBe(200);
    await signOut(page);
    expect(await meStatus(adminToken)).toBe(401);

    await app.signIn(page, { as: SUPPORT });
    // Orders is listed, so the sidebar has its answers: no Team. Of Quick Add, only the order support may take.
    await nav(page).getByRole('link', { name: 'Orders', exact: true }).waitFor();
    expect(await nav(page).getByRole('link', { name: 'Team' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Quick Add' }).click();
    await page.getByRole('menuitem', { name: 'New Order' }).waitFor();
    expect(await page.getByRole('menu').getByRole('menuitem').allInnerTexts()).toEqual(['New Order']);
    await page.keyboard.press('Escape');
    // The demo-password warning shows, but support cannot change an admin's password.
    await banner(page).getByText('Ask an admin to change it.').waitFor();
    expect(await banner(page).getByRole('link').count()).toBe(0);

    // Products: viewing, but no add, edit or delete.
    await page.goto('/catalog/products');
    const products = page.getByRole('region', { name: 'Product Catalog' });
    await products
      .getByRole('button', { name: /^View Details / })
      .first()
      .waitFor();
    expect(await products.getByRole('button', { name: 'Add Product' }).count()).toBe(0);
    expect(await products.getByRole('button', { name: /^(Edit|Delete) / }).count()).toBe(0);

    // Coupons: the list, without Add New Coupon or any row action.
    await page.goto('/catalog/coupons');
    const coupons = page.getByRole('region', { name: 'Coupons' });
    await coupons.locator('.MuiDataGrid-row[data-id]').first().waitFor();
    expect(await coupons.getByRole('button', { name: 'Add New Coupon' }).count()).toBe(0);
    expect(await coupons.locator('.MuiDataGrid-row[data-id]').getByRole('button').count()).toBe(0);

    // Orders: support changes an order's status.
    await page.goto('/orders');
    // A row with its id: while the page loads, the grid shows skeleton rows that have none.
    const order = page.getByRole('region', { name: 'Orders' }).locator('.MuiDataGrid-row[data-id]').first();
    await order.waitFor();
    const id = (await order.getAttribute('data-id'))!;
    const badge = order.locator('[data-field="status"] [data-status]');
    const next = (await badge.getAttribute('data-status')) === 'delivered' ? 'Shipped' : 'Delivered';
    await order.getByRole('button', { name: `Actions for order #${shortOrderId(id)}` }).click();
    await page.getByRole('menuitemradio', { name: next }).click();
    await page.getByText('Order status updated successfully!').waitFor();
    expect(await badge.innerText()).toBe(next);

    // Addresses of what support may not use show the 403 screen, with the way back.
    for (const path of ['/team', '/catalog/coupons?action=create']) {
      await page.goto(path);
      await page.getByRole('heading', { name: 'You do not have access to this page' }).waitFor();
      expect(await page.getByRole('dialog').count(), path).toBe(0);
    }
    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();

    // The profile: who they are, and their own password.
    const profile = await openProfile(page);
    await profile.getByText(SUPPORT.email).waitFor();
    await profile.getByText('Support', { exact: true }).waitFor();
    const form = page.getByRole('form', { name: 'Change password' });
    // The fields follow one another in the tab order.
    await form.getByLabel(/^Current password/).focus();
    for (const next of [
      form.getByLabel(/^New password/),
      form.getByLabel(/^Confirm new password/),
      form.getByRole('button', { name: 'Change password' }),
    ]) {
      await page.keyboard.press('Tab');
      await expect.poll(() => next.evaluate((element) => element === document.activeElement)).toBe(true);
    }
    await changePassword(page, SUPPORT.password, SUPPORT_NEW_PASSWORD, 'something-else-entirely');
    await form.getByText('The passwords do not match').waitFor();
    await changePassword(page, 'not-my-password', SUPPORT_NEW_PASSWORD);
    await form.getByText('Current password is incorrect').waitFor();
    expect(await form.getByLabel(/^Current password/).getAttribute('aria-invalid')).toBe('true');
    await changePassword(page, SUPPORT.password, SUPPORT_NEW_PASSWORD);
    await page.getByText('Password changed', { exact: true }).waitFor();
    await fieldShows(form.getByLabel(/^Current password/), '');
    await fieldShows(form.getByLabel(/^New password/), '');
    await fieldShows(form.getByLabel(/^Confirm new password/), '');

    // Which news the bell brings: support chooses among the kinds its role receives (no failed sign-ins).
    const kinds = page.getByRole('form', { name: 'Notifications' });
    expect(
      await kinds.getByRole('checkbox').evaluateAll((boxes) => boxes.map((box) => box.closest('label')?.textContent)),
    ).toEqual(['New orders', 'Returns requested', 'Low stock', 'Catalogue imports applied']);
    await kinds.getByRole('checkbox', { name: 'Low stock' }).uncheck();
    await kinds.getByRole('button', { name: 'Save notification settings' }).click();
    await page.getByText('Notification settings saved', { exact: true }).waitFor();
    await page.reload();
    await expect.poll(() => kinds.getByRole('checkbox', { name: 'Low stock' }).isChecked()).toBe(false);
    expect(await kinds.getByRole('checkbox', { name: 'New orders' }).isChecked()).toBe(true);

    // This session stays; the next sign-in takes the new password.
    await nav(page).getByRole('link', { name: 'Orders', exact: true }).click();
    await page.getByRole('region', { name: 'Orders' }).locator('.MuiDataGrid-row[data-id]').first().waitFor();
    await nav(page).getByRole('link', { name: 'Dashboard', exact: true }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await signOut(page);
    await app.signIn(page, { as: { email: SUPPORT.email, password: SUPPORT_NEW_PASSWORD } });
  });

  it('an admin unlocks a colleague whose address failed too often, from the Team list', async () => {
    const signIn = (email: string, password: string) =>
      fetch(`${app.baseURL}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
    const adminToken = ((await (await signIn(ADMIN.email, ADMIN.password)).json()) as { token: string }).token;
    const member = {
      fullname: 'Lena Locked',
      email: 'lena.locked@example.com',
      role: 'manager',
      password: 'lena-first-secret-2026',
    };
    const added = await fetch(`${app.baseURL}/api/staff`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
      body: JSON.stringify(member),
    });
    expect(added.status).toBe(201);
    // Ten wrong passwords from this address: it is refused for her, the right password too.
    for (let i = 0; i < 10; i++) expect((await signIn(member.email, `wrong-${i}`)).status).toBe(401);
    expect((await signIn(member.email, member.password)).status).toBe(429);

    const page = await app.newPage();
    await app.signIn(page, { at: '/team' });
    const row = page
      .getByRole('region', { name: 'Team', exact: true })
      .locator('.MuiDataGrid-row[data-id]')
      .filter({ hasText: member.email });
    await row.getByRole('button', { name: `Unlock ${member.fullname}` }).click();
    await page.getByText(`Sign-in attempts of ${member.email} cleared`).waitFor();
    expect((await signIn(member.email, member.password)).status).toBe(200);
  });

  it('warns while an admin has the demo password, until the admin changes it on the profile', async () => {
    const page = await app.newPage();
    await app.signIn(page);
    await banner(page).waitFor();
    await banner(page).getByRole('link', { name: 'Change it' }).click();
    await page.waitForURL((url) => url.pathname === '/profile');
    await page.getByRole('region', { name: 'Profile' }).getByRole('heading', { name: 'Profile', level: 1 }).waitFor();

    await changePassword(page, ADMIN.password, ADMIN_NEW_PASSWORD);
    await page.getByText('Password changed', { exact: true }).waitFor();
    await banner(page).waitFor({ state: 'detached' });

    await page.reload();
    await page.getByRole('region', { name: 'Profile' }).getByRole('heading', { name: 'Profile' }).waitFor();
    await nav(page).getByRole('link', { name: 'Team', exact: true }).waitFor();
    expect(await banner(page).count()).toBe(0);
  });
});
