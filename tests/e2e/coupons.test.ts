import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { QUIET_SCREEN, expectSingleDeleteQuestion, fieldShows, useConsoleHarness } from './harness';

const app = useConsoleHarness();

async function openCoupons(page: Page): Promise<void> {
  await app.signIn(page, { at: '/catalog/coupons' });
  await page.locator('.MuiDataGrid-row[data-id]').first().waitFor();
}

const row = (page: Page, code: string) =>
  page.locator('.MuiDataGrid-row[data-id]').filter({ has: page.getByText(code, { exact: true }) });
const cell = (scope: Locator, field: string) => scope.locator(`[data-field="${field}"]`);

async function chooseType(page: Page, dialog: Locator, type: 'Percentage' | 'Flat'): Promise<void> {
  await dialog.getByRole('combobox', { name: 'Discount Type' }).click();
  await page.getByRole('option', { name: type }).click();
}

describe('coupons', () => {
  it('creates, edits, deactivates and deletes a coupon', async () => {
    const page = await app.newPage();
    await openCoupons(page);

    await page.getByRole('button', { name: 'Add New Coupon' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Coupon' });
    expect(await dialog.getByRole('switch', { name: 'Active' }).isChecked()).toBe(true);
    await dialog.getByRole('textbox', { name: 'Code' }).fill('E2ESAVE20');
    await chooseType(page, dialog, 'Percentage');
    await dialog.getByRole('textbox', { name: 'Discount Value' }).fill('20');
    await dialog.getByRole('textbox', { name: 'Min Order Amount' }).fill('999');
    await dialog.getByRole('textbox', { name: 'Max Discount' }).fill('300');
    await dialog.getByRole('textbox', { name: 'Categories' }).fill(' Oversized, ,Men T-Shirts ,');
    await dialog.getByLabel('Expiry Date').fill('2031-12-31');
    await dialog.getByRole('button', { name: 'Add Coupon' }).click();
    await page.getByText('Coupon added successfully').waitFor();
    await dialog.waitFor({ state: 'detached' });

    const created = row(page, 'E2ESAVE20');
    await created.waitFor();
    expect(await cell(created, 'discountType').textContent()).toBe('Percentage');
    expect(await cell(created, 'discountValue').textContent()).toBe('20%');
    expect(await cell(created, 'minOrderAmount').textContent()).toBe('₹999');
    expect(await cell(created, 'maxDiscount').textContent()).toBe('₹300');
    expect(await cell(created, 'applicableCategories').textContent()).toBe('Oversized, Men T-Shirts');
    expect(await cell(created, 'applicableCollections').textContent()).toBe('—');
    expect(await cell(created, 'expiresAt').textContent()).toBe('31 Dec 2031');
    expect(await cell(created, 'isActive').textContent()).toBe('Active');

    // Edit: a flat ₹250 off with no cap.
    await created.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Update Coupon' });
    await fieldShows(edit.getByRole('textbox', { name: 'Categories' }), 'Oversized, Men T-Shirts');
    expect(await edit.getByLabel('Expiry Date').inputValue()).toBe('2031-12-31');
    await chooseType(page, edit, 'Flat');
    await edit.getByRole('textbox', { name: 'Discount Value' }).fill('250');
    await edit.getByRole('textbox', { name: 'Max Discount' }).fill('');
    await edit.getByRole('button', { name: 'Update Coupon' }).click();
    await page.getByText('Coupon updated successfully').waitFor();
    await cell(created, 'discountValue').filter({ hasText: '₹250' }).waitFor();
    expect(await cell(created, 'maxDiscount').textContent()).toBe('—');

    // Deactivate.
    await created.getByRole('button', { name: 'Edit' }).click();
    await edit.getByRole('switch', { name: 'Active' }).uncheck();
    await edit.getByRole('button', { name: 'Update Coupon' }).click();
    await cell(created, 'isActive').filter({ hasText: 'Inactive' }).waitFor();

    // Delete asks first.
    await created.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete coupon E2ESAVE20?' });
    await confirm.getByText('Are you sure you want to delete this coupon?').waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Coupon deleted successfully').waitFor();
    await created.waitFor({ state: 'detached' });
    const stored = await page.evaluate(async () => {
      const response = await fetch('/api/coupon/allcoupons', {
        headers: { Authorization: `Bearer ${localStorage.getItem('auth_token')}` },
      });
      return ((await response.json()) as { coupons: { code: string }[] }).coupons.map((c) => c.code);
    });
    expect(stored).not.toContain('E2ESAVE20');
  });

  it('checks the fields in the dialog and shows the server message for a code already taken', async () => {
    const page = await app.newPage();
    await openCoupons(page);
    await page.getByRole('button', { name: 'Add New Coupon' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Coupon' });

    await dialog.getByRole('button', { name: 'Add Coupon' }).click();
    await dialog.getByText('Code is required').waitFor();
    await dialog.getByText('Discount type is required').waitFor();
    await dialog.getByText('Discount value is required').waitFor();

    await dialog.getByRole('textbox', { name: 'Code' }).fill('welcome10');
    await chooseType(page, dialog, 'Percentage');
    await dialog.getByRole('textbox', { name: 'Discount Value' }).fill('ten');
    await dialog.getByLabel('Expiry Date').fill('2030-06-30');
    await dialog.getByRole('button', { name: 'Add Coupon' }).click();
    await dialog.getByText('Discount value must be a number').waitFor();
    await dialog.getByRole('textbox', { name: 'Discount Value' }).fill('150');
    await dialog.getByRole('button', { name: 'Add Coupon' }).click();
    await dialog.getByText('A percentage discount must be at most 100').waitFor();
    await dialog.getByRole('textbox', { name: 'Discount Value' }).fill('10');
    await dialog.getByRole('textbox', { name: 'Min Order Amount' }).fill('-5');
    await dialog.getByRole('button', { name: 'Add Coupon' }).click();
    await dialog.getByText('Min order amount must not be negative').waitFor();
    await dialog.getByRole('textbox', { name: 'Min Order Amount' }).fill('');

    await dialog.getByRole('button', { name: 'Add Coupon' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'A coupon with this code already exists' }).waitFor();
    expect(await dialog.isVisible()).toBe(true);
  });

  it('saves a coupon whose expiry date is left blank as one that never expires', async () => {
    const page = await app.newPage();
    await openCoupons(page);
    await page.getByRole('button', { name: 'Add New Coupon' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Coupon' });
    const expiry = dialog.getByLabel('Expiry Date');
    expect(await expiry.evaluate((input: HTMLInputElement) => input.required)).toBe(false);
    expect(await dialog.getByText('Expiry Date *').count()).toBe(0);
    await dialog.getByRole('textbox', { name: 'Code' }).fill('E2EFOREVER');
    await chooseType(page, dialog, 'Flat');
    await dialog.getByRole('textbox', { name: 'Discount Value' }).fill('50');
    expect(await expiry.inputValue()).toBe('');
    await dialog.getByRole('button', { name: 'Add Coupon' }).click();
    await page.getByText('Coupon added successfully').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await cell(row(page, 'E2EFOREVER'), 'expiresAt')
      .filter({ hasText: /^Never$/ })
      .waitFor();
    const stored = await page.evaluate(async () => {
      const response = await fetch('/api/coupon/allcoupons?q=E2EFOREVER', {
        headers: { Authorization: `Bearer ${localStorage.getItem('auth_token')}` },
      });
      return ((await response.json()) as { coupons: { code: string; expiresAt: string | null }[] }).coupons.map(
        ({ code, expiresAt }) => ({
          code,
          expiresAt,
        }),
      );
    });
    expect(stored).toEqual([{ code: 'E2EFOREVER', expiresAt: null }]);
  });

  it("asks the single delete's question when one coupon is selected for bulk delete", async () => {
    const page = await app.newPage();
    await openCoupons(page);
    await expectSingleDeleteQuestion(page, 'coupon');
  });

  it('opens the add dialog from Quick Add (Create Coupon)', async () => {
    const page = await app.newPage();
    await app.signIn(page, { at: QUIET_SCREEN });
    await page.getByRole('button', { name: 'Quick Add' }).click();
    await page.getByRole('menuitem', { name: 'Create Coupon' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Coupon' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL((url) => url.pathname === '/catalog/coupons' && !url.searchParams.has('action'));
  });
});
