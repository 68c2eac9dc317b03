import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { gradientImage } from '../../src/server/seed/images';
import { QUIET_SCREEN, fieldShows, holdRequests, useConsoleHarness } from './harness';

const app = useConsoleHarness();

const png = (name: string, from: string, to: string) => ({
  name,
  mimeType: 'image/png',
  buffer: gradientImage(from, to, 120, 40),
});

const field = (scope: Page | Locator, name: string) => scope.getByRole('textbox', { name, exact: true });

const bannerImageSrc = (page: Page, name: string) =>
  page.getByRole('img', { name: `${name} banner` }).getAttribute('src');

describe('banners', () => {
  it('adds, views, edits and deletes a banner', async () => {
    const page = await app.newPage();
    await app.signIn(page, { at: QUIET_SCREEN });
    const releaseList = await holdRequests(page, '**/api/banners?*');
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Banners' }).click();
    await page.getByRole('heading', { name: 'All Banners' }).waitFor();
    await page.getByText('Loading banners...').waitFor();
    releaseList();
    const rows = page.getByRole('row');
    await rows.filter({ hasText: 'summer-sale' }).waitFor();
    const before = await rows.count();

    await page.getByRole('button', { name: 'Add Banner' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Banner' });
    await field(dialog, 'Banner Name').fill('monsoon-sale');
    await field(dialog, 'Banner Title').fill('Monsoon Sale: 30% off');
    await field(dialog, 'Link').fill('not a link');
    // Without an image the banner is not sent.
    await dialog.getByRole('button', { name: 'Add' }).click();
    await dialog.getByText('Please select an image').waitFor();
    await dialog.getByText(/must be a URL/).waitFor();
    await field(dialog, 'Link').fill('https://example.com/monsoon');
    await page.locator('input[name=image]').setInputFiles(png('monsoon.png', '#0ea5e9', '#22c55e'));
    expect(await dialog.getByText('Please select an image').count()).toBe(0);

    const release = await holdRequests(page, '**/api/uploads');
    await dialog.getByRole('button', { name: 'Add' }).click();
    expect(await dialog.getByRole('button', { name: 'Uploading...' }).isDisabled()).toBe(true);
    release();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Banner added successfully').waitFor();
    const added = rows.filter({ hasText: 'monsoon-sale' });
    await added.waitFor();
    // Appended: the new banner is the last row.
    expect(await rows.count()).toBe(before + 1);
    expect(await rows.last().textContent()).toContain('Monsoon Sale: 30% off');
    expect(await added.getByRole('link', { name: 'https://example.com/monsoon' }).getAttribute('target')).toBe(
      '_blank',
    );
    const firstImage = await bannerImageSrc(page, 'monsoon-sale');
    expect(firstImage).toMatch(/^\/uploads\/.+\.png$/);

    // The add dialog starts empty next time.
    await page.getByRole('button', { name: 'Add Banner' }).click();
    await fieldShows(field(dialog, 'Banner Name'), '');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    await added.getByRole('link', { name: 'View monsoon-sale' }).click();
    await page.waitForURL(/\/admin\/view-banner\/[a-f0-9]{24}$/);
    await page.getByRole('heading', { name: 'Monsoon Sale: 30% off' }).waitFor();
    await page.getByText('monsoon-sale', { exact: true }).waitFor();
    const link = page.getByRole('link', { name: 'https://example.com/monsoon' });
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await bannerImageSrc(page, 'monsoon-sale')).toBe(firstImage);
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('img[alt="monsoon-sale banner"]');
      return img?.complete && img.naturalWidth > 0;
    });

    await page.getByRole('link', { name: 'Edit' }).click();
    await page.waitForURL(/\/admin\/edit-banner\/[a-f0-9]{24}$/);
    expect(await field(page, 'Banner Title').inputValue()).toBe('Monsoon Sale: 30% off');
    await field(page, 'Banner Title').fill('Monsoon Sale: now 40% off');
    await field(page, 'Banner Name').fill('');
    await page.getByRole('button', { name: 'Update Banner' }).click();
    await page.getByText('Banner name is required').waitFor();
    await field(page, 'Banner Name').fill('monsoon-sale');
    await page.locator('input[name=image]').setInputFiles(png('monsoon-2.png', '#f59e0b', '#ef4444'));
    const releaseEdit = await holdRequests(page, '**/api/uploads');
    await page.getByRole('button', { name: 'Update Banner' }).click();
    expect(await page.getByRole('button', { name: 'Updating...' }).isDisabled()).toBe(true);
    releaseEdit();
    await page.waitForURL((url) => url.pathname === '/banners');
    await page.getByText('Banner updated successfully').waitFor();
    await rows.filter({ hasText: 'Monsoon Sale: now 40% off' }).waitFor();
    const newImage = await bannerImageSrc(page, 'monsoon-sale');
    expect(newImage).toMatch(/^\/uploads\/.+\.png$/);
    expect(newImage).not.toBe(firstImage);

    await rows.filter({ hasText: 'monsoon-sale' }).getByRole('button', { name: 'Delete monsoon-sale' }).click();
    const confirm = page.getByRole('dialog');
    await confirm.getByText('Are you sure you want to delete this banner?').waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Banner deleted successfully').waitFor();
    // While a dialog is open the page behind it is hidden from the role tree: look at the rows once it has gone.
    await confirm.waitFor({ state: 'detached' });
    await rows.filter({ hasText: 'monsoon-sale' }).waitFor({ state: 'detached' });
    expect(await rows.count()).toBe(before);
  });

  it("keeps the banner's image when a new one fails to upload, and saves the rest", async () => {
    const page = await app.newPage();
    await app.signIn(page, { at: null });
    const headers = { Authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('auth_token'))}` };
    const [banner] = (await (await page.request.get('/api/banners', { headers })).json()) as {
      _id: string;
      title: string;
      image: string;
    }[];
    await page.route('**/api/uploads', (route) =>
      route.fulfill({ status: 500, json: { message: 'The image store is full' } }),
    );
    await page.goto(`/admin/edit-banner/${banner!._id}`);
    await fieldShows(field(page, 'Banner Title'), banner!.title);
    await field(page, 'Banner Title').fill('Kept picture, new words');
    await page.locator('input[name=image]').setInputFiles(png('refused.png', '#f59e0b', '#ef4444'));
    await page.getByRole('button', { name: 'Update Banner' }).click();
    await page.getByText('Banner Image: refused.png could not be uploaded and was skipped').waitFor();
    await page.waitForURL((url) => url.pathname === '/banners');
    await page.getByText('Banner updated successfully').waitFor();
    const stored = (await (await page.request.get(`/api/banners/by-id/${banner!._id}`, { headers })).json()) as {
      title: string;
      image: string;
    };
    expect(stored).toMatchObject({ title: 'Kept picture, new words', image: banner!.image });
  });

  it("says 'Banner not found.' for a banner that does not exist", async () => {
    const page = await app.newPage();
    await app.signIn(page, { at: '/admin/edit-banner/ffffffffffffffffffffffff' });
    await page.getByText('Banner not found.').waitFor();
    await page.goto('/admin/view-banner/ffffffffffffffffffffffff');
    await page.getByText('Banner not found.').waitFor();
  });

  // Last in this file: it empties the store's banners.
  it("says 'No banners found.' once every banner is gone", async () => {
    const page = await app.newPage();
    await app.signIn(page, { at: null });
    const headers = { Authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('auth_token'))}` };
    const list = await page.request.get('/api/banners', { headers });
    for (const { _id } of (await list.json()) as { _id: string }[]) {
      expect((await page.request.delete(`/api/banners/${_id}`, { headers })).status()).toBe(200);
    }
    await page.goto('/banners');
    await page.getByRole('heading', { name: 'All Banners' }).waitFor();
    await page.getByText('No banners found.').waitFor();
  });
});
