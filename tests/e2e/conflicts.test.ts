import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { staleEditMessage, STORAGE_KEYS } from '../../src/domain';
import { fieldShows, useConsoleHarness } from './harness';

/**
 * Lost updates in the console: one admin, two tabs of the same signed-in browser, both editing the same
 * record. Tab 1 saves first; tab 2's save is refused with the conflict message instead of overwriting
 * tab 1's change, tab 2 keeps its typing until the admin clicks Reload, and then shows tab 1's change.
 */

const app = useConsoleHarness();

/** A signed-in tab and a second tab of the same browser (same storage, same session). */
async function twoTabs(): Promise<[Page, Page]> {
  const first = await app.newPage();
  await app.signIn(first, { at: null });
  const second = await first.context().newPage();
  return [first, second];
}

/** The first record of a list, read through the API with the tab's own session. */
async function firstRecord(page: Page, path: string, pick: (body: any) => { _id: string }[]): Promise<{ _id: string }> {
  const token = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.token);
  const response = await page.request.get(path, { headers: { Authorization: `Bearer ${token}` } });
  return pick(await response.json())[0]!;
}

const textbox = (scope: Page | Locator, name: string | RegExp) =>
  scope.getByRole('textbox', { name, exact: typeof name === 'string' });

describe('an edit saved in one tab and then in a stale second tab', () => {
  it("blog edit page: shows the conflict, keeps the typing until Reload, then shows the first tab's change", async () => {
    const [tab1, tab2] = await twoTabs();
    const blog = await firstRecord(tab1, '/api/blog/get-blogs', (body) => body.blogs);
    for (const tab of [tab1, tab2]) {
      await tab.goto(`/admin/edit-blog/${blog._id}`);
      await textbox(tab, 'Title').waitFor();
    }

    await textbox(tab1, 'Title').fill('Title saved in tab one');
    await tab1.getByRole('button', { name: 'Update Blog' }).click();
    await tab1.getByText('Blog Updated Successfully!').waitFor();

    await textbox(tab2, 'Title').fill('Title typed in tab two');
    await tab2.getByRole('button', { name: 'Update Blog' }).click();
    const conflict = tab2.getByRole('alert').filter({ hasText: staleEditMessage('blog') });
    await conflict.waitFor();
    expect(await textbox(tab2, 'Title').inputValue()).toBe('Title typed in tab two');
    expect(new URL(tab2.url()).pathname).toBe(`/admin/edit-blog/${blog._id}`);

    await conflict.getByRole('button', { name: 'Reload' }).click();
    await fieldShows(textbox(tab2, 'Title'), 'Title saved in tab one');
    await conflict.waitFor({ state: 'detached' });

    // The reloaded copy is current: saving it now goes through.
    await textbox(tab2, 'Title').fill('Title saved in tab two after reloading');
    await tab2.getByRole('button', { name: 'Update Blog' }).click();
    await tab2.getByText('Blog Updated Successfully!').waitFor();
    await tab2.waitForURL((url) => url.pathname === '/blog');
    await tab2.getByRole('row').filter({ hasText: 'Title saved in tab two after reloading' }).waitFor();
  });

  it("product dialog: stays open with the conflict and no overwrite, and Reload brings the first tab's change", async () => {
    const [tab1, tab2] = await twoTabs();
    const product = (await firstRecord(
      tab1,
      '/api/product/get-all-products?_start=0&_end=1',
      (body) => body.products,
    )) as {
      _id: string;
      name: string;
    };
    const dialogs: Locator[] = [];
    for (const tab of [tab1, tab2]) {
      await tab.goto('/catalog/products');
      const row = tab.locator('.MuiDataGrid-row[data-id]').filter({ hasText: product.name });
      await row.getByRole('button', { name: 'Edit' }).click();
      const dialog = tab.getByRole('dialog', { name: 'Update Product' });
      await textbox(dialog, /^Name/).waitFor();
      dialogs.push(dialog);
    }
    const [dialog1, dialog2] = dialogs as [Locator, Locator];

    await textbox(dialog1, /^Name/).fill('Tee renamed in tab one');
    await dialog1.getByRole('button', { name: 'Update Product' }).click();
    await tab1.getByText('Product updated successfully').waitFor();
    await dialog1.waitFor({ state: 'detached' });

    await textbox(dialog2, /^Description/).fill('Description typed in tab two');
    await dialog2.getByRole('button', { name: 'Update Product' }).click();
    const conflict = dialog2.getByRole('alert').filter({ hasText: staleEditMessage('product') });
    await conflict.waitFor();
    expect(await textbox(dialog2, /^Name/).inputValue()).toBe(product.name);
    expect(await textbox(dialog2, /^Description/).inputValue()).toBe('Description typed in tab two');
    // Told in the dialog, not also as a generic failure toast.
    expect(await tab2.getByText('Failed to update product').count()).toBe(0);

    await conflict.getByRole('button', { name: 'Reload' }).click();
    await fieldShows(textbox(dialog2, /^Name/), 'Tee renamed in tab one');
    await conflict.waitFor({ state: 'detached' });
    expect(await textbox(dialog2, /^Description/).inputValue()).not.toBe('Description typed in tab two');
    // The catalogue behind the dialog follows too.
    await tab2.locator('.MuiDataGrid-row[data-id]').filter({ hasText: 'Tee renamed in tab one' }).waitFor();

    await dialog2.getByRole('button', { name: 'Update Product' }).click();
    await tab2.getByText('Product updated successfully').waitFor();
    await dialog2.waitFor({ state: 'detached' });
  });

  it('coupon dialog and banner edit page: the second save is refused and Reload shows the first', async () => {
    const [tab1, tab2] = await twoTabs();

    const coupon = (await firstRecord(tab1, '/api/coupon/allcoupons?_start=0&_end=1', (body) => body.coupons)) as {
      _id: string;
      code: string;
    };
    const couponDialogs: Locator[] = [];
    for (const tab of [tab1, tab2]) {
      await tab.goto('/catalog/coupons');
      await tab
        .locator('.MuiDataGrid-row[data-id]')
        .filter({ hasText: coupon.code })
        .getByRole('button', { name: 'Edit' })
        .click();
      const dialog = tab.getByRole('dialog', { name: 'Update Coupon' });
      await textbox(dialog, 'Discount Value').waitFor();
      couponDialogs.push(dialog);
    }
    const [coupon1, coupon2] = couponDialogs as [Locator, Locator];
    await textbox(coupon1, 'Discount Value').fill('17');
    await coupon1.getByRole('button', { name: 'Update Coupon' }).click();
    await coupon1.waitFor({ state: 'detached' });
    await textbox(coupon2, 'Discount Value').fill('42');
    await coupon2.getByRole('button', { name: 'Update Coupon' }).click();
    const couponConflict = coupon2.getByRole('alert').filter({ hasText: staleEditMessage('coupon') });
    await couponConflict.getByRole('button', { name: 'Reload' }).click();
    await fieldShows(textbox(coupon2, 'Discount Value'), '17');

    const banner = await firstRecord(tab1, '/api/banners', (body) => body);
    for (const tab of [tab1, tab2]) {
      await tab.goto(`/admin/edit-banner/${banner._id}`);
      await textbox(tab, 'Banner Title').waitFor();
    }
    await textbox(tab1, 'Banner Title').fill('Banner title from tab one');
    await tab1.getByRole('button', { name: 'Update Banner' }).click();
    await tab1.waitForURL((url) => url.pathname === '/banners');
    await textbox(tab2, 'Banner Title').fill('Banner title from tab two');
    await tab2.getByRole('button', { name: 'Update Banner' }).click();
    const bannerConflict = tab2.getByRole('alert').filter({ hasText: staleEditMessage('banner') });
    await bannerConflict.getByRole('button', { name: 'Reload' }).click();
    await fieldShows(textbox(tab2, 'Banner Title'), 'Banner title from tab one');
    expect(new URL(tab2.url()).pathname).toBe(`/admin/edit-banner/${banner._id}`);
  });
});
