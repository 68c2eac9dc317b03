import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { BLOG_EDIT_REDIRECT_MS, formatDate } from '../../src/domain';
import { gradientImage } from '../../src/server/seed/images';
import { QUIET_SCREEN, fieldShows, holdRequests, useConsoleHarness } from './harness';

const app = useConsoleHarness();

const png = (name: string, from: string, to: string) => ({
  name,
  mimeType: 'image/png',
  buffer: gradientImage(from, to, 64, 48),
});

const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

const authHeaders = async (page: Page) => ({
  Authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('auth_token'))}`,
});

/** A blog added through the API, with a stored featured image; its id. */
async function addBlog(page: Page, title: string): Promise<string> {
  const added = await page.request.post('/api/blog/add-blog', {
    headers: await authHeaders(page),
    data: {
      title,
      author: 'E2E Writer',
      featuredImage: '/uploads/kept.png',
      shortDescription: 'Kept.',
      content: '<p>Body</p>',
    },
  });
  expect(added.status()).toBe(201);
  return ((await added.json()) as { blog: { _id: string } }).blog._id;
}

/** Every image on the page has arrived and decoded (a broken URL has no natural width). */
const imagesLoaded = (page: Page, selector: string) =>
  page.waitForFunction(
    (css) => [...document.querySelectorAll<HTMLImageElement>(css)].every((img) => img.complete && img.naturalWidth > 0),
    selector,
  );

describe('blogs', () => {
  it('names every missing field of a new blog and sends nothing', async () => {
    const page = await app.newPage();
    await app.signIn(page, { at: '/admin/add-blog' });
    let calls = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/blog/add-blog') || request.url().includes('/api/uploads')) calls += 1;
    });
    await page.getByRole('button', { name: 'Add Blog' }).click();
    for (const message of [
      'Title is required',
      'Author is required',
      'Featured image is required',
      'Short description is required',
      'Content is required',
    ]) {
      await page.getByText(message).waitFor();
    }
    expect(calls).toBe(0);
  });

  it('adds, lists, shows, edits and deletes a blog', async () => {
    const page = await app.newPage();
    await app.signIn(page, { at: QUIET_SCREEN });
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Blogs' }).click();
    await page.getByRole('heading', { name: 'Manage Blogs' }).waitFor();
    await page.getByRole('link', { name: 'Add Blog' }).click();
    await page.waitForURL('**/admin/add-blog');

    const title = 'Monsoon prints are here';
    await field(page, 'Title').fill(title);
    await field(page, 'Author').fill('E2E Writer');
    await page.locator('input[name=featuredImage]').setInputFiles(png('featured.png', '#0ea5e9', '#1e3a8a'));
    // Three files chosen: only the first two are kept.
    await page
      .locator('input[name=subImages]')
      .setInputFiles([
        png('one.png', '#f59e0b', '#ef4444'),
        png('two.png', '#22c55e', '#15803d'),
        png('three.png', '#a855f7', '#ec4899'),
      ]);
    expect(await page.getByRole('img', { name: /^Sub Images \(max 2\) \d$/ }).count()).toBe(2);
    await field(page, 'Short Description').fill('Rain-ready tees in five new prints.');
    const editor = page.getByRole('textbox', { name: 'Content *' });
    await editor.click();
    await page.keyboard.type('Our monsoon drop has ');
    await page.keyboard.press('Control+b');
    await page.keyboard.type('five prints');
    await page.keyboard.press('Control+b');
    await page.keyboard.type(' inspired by the rains.');
    await field(page, 'Tags').fill(' monsoon , new drop ,, ');
    await field(page, 'Category').fill('News');
    await field(page, 'Meta Title').fill('Monsoon prints | Apparel');
    await field(page, 'Meta Description').fill('Five new rain-ready prints.');

    const release = await holdRequests(page, '**/api/uploads');
    await page.getByRole('button', { name: 'Add Blog' }).click();
    await page.getByText('Uploading image...').waitFor();
    expect(await page.getByRole('button', { name: 'Saving...' }).isDisabled()).toBe(true);
    release();
    await page.getByText('Blog Added Successfully!').waitFor();
    await page
      .getByRole('region', { name: 'Add New Blog' })
      .getByRole('alert')
      .filter({ hasText: /^Blog added successfully$/ })
      .waitFor();
    // The form starts over for the next blog.
    await fieldShows(field(page, 'Title'), '');
    await fieldShows(field(page, 'Tags'), '');
    expect(await editor.textContent()).toBe('');

    await page.getByRole('link', { name: 'Back to blogs' }).click();
    const row = page.getByRole('row').filter({ hasText: title });
    await row.waitFor();
    expect(await row.textContent()).toContain('E2E Writer');
    expect(await row.textContent()).toContain(formatDate(new Date()));

    // View opens the blog in a new tab, signed in from storage.
    const [view] = await Promise.all([
      page.waitForEvent('popup'),
      row.getByRole('link', { name: `View ${title}` }).click(),
    ]);
    const viewErrors: string[] = [];
    view.on('pageerror', (error) => viewErrors.push(error.message));
    await view.getByRole('heading', { name: title }).waitFor();
    expect(new URL(view.url()).pathname).toMatch(/^\/admin\/view-blog\/[a-f0-9]{24}$/);
    await view.getByText('By E2E Writer').waitFor();
    // Published today, in the browser's own date format.
    await view.getByText(await view.evaluate(() => new Date().toLocaleDateString())).waitFor();
    await view.getByText('Rain-ready tees in five new prints.').waitFor();
    expect(await view.getByTestId('blog-content').innerHTML()).toContain('<strong>five prints</strong>');
    expect(await view.getByRole('img', { name: /^Sub image \d of / }).count()).toBe(2);
    await imagesLoaded(view, 'article img');
    expect(await view.getByLabel('Tags').locator('.MuiChip-label').allTextContents()).toEqual(['monsoon', 'new drop']);
    for (const text of ['News', 'Monsoon prints | Apparel', 'Five new rain-ready prints.'])
      await view.getByText(text, { exact: true }).waitFor();
    expect(viewErrors).toEqual([]);
    await view.close();

    // Edit: prefilled; a new sub image replaces both old ones; the list follows after the delay.
    await row.getByRole('link', { name: `Edit ${title}` }).click();
    await page.waitForURL(/\/admin\/edit-blog\/[a-f0-9]{24}$/);
    const id = new URL(page.url()).pathname.split('/').pop();
    await fieldShows(field(page, 'Title'), title);
    expect(await field(page, 'Tags').inputValue()).toBe('monsoon, new drop');
    expect(await field(page, 'Meta Title').inputValue()).toBe('Monsoon prints | Apparel');
    const newTitle = 'Monsoon prints, restocked';
    await field(page, 'Title').fill(newTitle);
    await page.locator('input[name=subImages]').setInputFiles(png('four.png', '#111827', '#6b7280'));
    // The page's own clock times the save's answer and the move to /blog: the test may notice either
    // late on a busy machine, and the toast may render late too.
    await page.evaluate(() => {
      const marks: Record<string, number> = {};
      (window as unknown as { blogMarks: Record<string, number> }).blogMarks = marks;
      const fetch = window.fetch.bind(window);
      window.fetch = async (...args: Parameters<typeof window.fetch>) => {
        const response = await fetch(...args);
        if (args[1]?.method === 'PUT') marks.saved ??= performance.now();
        return response;
      };
      const pushState = history.pushState.bind(history);
      history.pushState = (...args: Parameters<History['pushState']>) => {
        marks.navigated ??= performance.now();
        pushState(...args);
      };
    });
    await page.getByRole('button', { name: 'Update Blog' }).click();
    await page.getByText('Blog Updated Successfully!').waitFor();
    await page.waitForURL((url) => url.pathname === '/blog');
    const marks = await page.evaluate(() => (window as unknown as { blogMarks: Record<string, number> }).blogMarks);
    expect(marks.navigated! - marks.saved!, `edit-blog/${id} moved to /blog this long after the save`).toBeGreaterThan(
      BLOG_EDIT_REDIRECT_MS - 5,
    );

    const edited = page.getByRole('row').filter({ hasText: newTitle });
    await edited.waitFor();
    await page.goto(`/admin/view-blog/${id}`);
    await page.getByRole('heading', { name: newTitle }).waitFor();
    expect(await page.getByRole('img', { name: /^Sub image \d of / }).count()).toBe(1);
    await imagesLoaded(page, 'article img');

    // Delete, after the spec's question.
    await page.goto('/blog');
    await page
      .getByRole('row')
      .filter({ hasText: newTitle })
      .getByRole('button', { name: `Delete ${newTitle}` })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Are you sure you want to delete this blog?').waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Blog deleted successfully').waitFor();
    // While a dialog is open the page behind it is hidden from the role tree: look at the rows once it has gone.
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('row').filter({ hasText: newTitle }).waitFor({ state: 'detached' });
    await page.goto(`/admin/view-blog/${id}`);
    await page.getByText('Blog not found.').waitFor();
  });

  it('runs no script from a blog whose content carries one', async () => {
    const page = await app.newPage();
    await app.signIn(page, { at: null });
    const token = await page.evaluate(() => localStorage.getItem('auth_token'));
    const response = await page.request.post('/api/blog/add-blog', {
      headers: { Authorization: `Bearer ${token}` },
      data: {
        title: 'Hostile markup',
        author: 'Mallory',
        featuredImage: '/uploads/none.png',
        shortDescription: 'Tries to run script.',
        content:
          '<p>Harmless words</p><img src=x onerror="window.__pwned = 1"><script>window.__pwned = 2</script>' +
          '<a href="javascript:window.__pwned = 3">a link</a><svg><animate onbegin="window.__pwned = 4"></animate></svg>',
      },
    });
    expect(response.status()).toBe(201);
    const { blog } = await response.json();

    await page.goto(`/admin/view-blog/${blog._id}`);
    const content = page.getByTestId('blog-content');
    await content.getByText('Harmless words').waitFor();
    await content.getByText('a link').click();
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await content.locator('script, svg, [onerror], [onbegin], a[href^="javascript:" i]').count()).toBe(0);
  });

  it('stays where the admin went during the pause after an edit, rather than returning to the list', async () => {
    const page = await app.newPage();
    // The dashboard's code is held back past the pause, so the edit page is still on screen when it ends.
    const release = await holdRequests(page, /\/assets\/DashboardPage-[\w-]+\.js$/);
    await page.clock.install();
    await app.signIn(page, { at: '/blog' });
    await page
      .getByRole('row')
      .getByRole('link', { name: /^Edit / })
      .first()
      .click();
    await field(page, 'Title').fill('Saved before going to the dashboard');
    await page.getByRole('button', { name: 'Update Blog' }).click();
    await page.getByText('Blog Updated Successfully!').waitFor();
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Dashboard' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.clock.runFor(BLOG_EDIT_REDIRECT_MS + 500);
    release();

    await page.getByRole('region', { name: 'Dashboard' }).getByRole('heading', { name: 'Dashboard' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('groups Meta Title and Meta Description under SEO Settings', async () => {
    const page = await app.newPage();
    await app.signIn(page, { at: '/admin/add-blog' });
    const seo = page.getByRole('group', { name: 'SEO Settings' });
    await seo.getByRole('heading', { name: 'SEO Settings' }).waitFor();
    expect(await seo.getByRole('textbox').evaluateAll((boxes) => boxes.map((box) => box.getAttribute('name')))).toEqual(
      ['seo.metaTitle', 'seo.metaDescription'],
    );
  });

  it("says 'Failed to fetch blogs' when the list fails, whatever the server says", async () => {
    const page = await app.newPage();
    await page.route(/\/api\/blog\/get-blogs(\?|$)/, (route) =>
      route.fulfill({ status: 429, json: { message: 'Too many requests: try again in a moment' } }),
    );
    await app.signIn(page, { at: '/blog' });
    await page
      .getByRole('region', { name: 'Manage Blogs' })
      .getByText('Failed to fetch blogs', { exact: true })
      .waitFor();
    expect(await page.getByText('Too many requests').count()).toBe(0);
  });

  it('keeps the featured image when a new one fails to upload, and saves the rest', async () => {
    const page = await app.newPage();
    await app.signIn(page, { at: null });
    const headers = await authHeaders(page);
    const id = await addBlog(page, 'Skipped picture');
    await page.route('**/api/uploads', (route) =>
      route.fulfill({ status: 500, json: { message: 'The image store is full' } }),
    );
    await page.goto(`/admin/edit-blog/${id}`);
    await fieldShows(field(page, 'Title'), 'Skipped picture');
    await field(page, 'Author').fill('E2E Editor');
    await page.locator('input[name=featuredImage]').setInputFiles(png('new-featured.png', '#0ea5e9', '#1e3a8a'));
    await page.getByRole('button', { name: 'Update Blog' }).click();
    await page.getByText('Featured Image: new-featured.png could not be uploaded and was skipped').waitFor();
    await page.getByText('Blog Updated Successfully!').waitFor();
    const stored = await page.request.get(`/api/blog/blog-details/${id}`, { headers });
    expect(((await stored.json()) as { blog: { author: string; featuredImage: string } }).blog).toMatchObject({
      author: 'E2E Editor',
      featuredImage: '/uploads/kept.png',
    });
  });

  it("toasts the server's own words after a delete", async () => {
    const page = await app.newPage();
    await app.signIn(page, { at: null });
    const title = 'Deleted in the server’s words';
    const id = await addBlog(page, title);
    await page.route('**/api/blog/blogs/*', async (route) => {
      const response = await route.fetch();
      await route.fulfill({
        response,
        json: { ...((await response.json()) as object), message: 'The blog is no longer published' },
      });
    });
    await page.goto('/blog');
    await page
      .getByRole('row')
      .filter({ hasText: title })
      .getByRole('button', { name: `Delete ${title}` })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('The blog is no longer published').waitFor();
    expect(await page.getByText('Blog deleted successfully').count()).toBe(0);
    expect(
      (await page.request.get(`/api/blog/blog-details/${id}`, { headers: await authHeaders(page) })).status(),
    ).toBe(404);
  });

  // Last in this file: it empties the store's blogs.
  it("says 'No blogs found.' once every blog is gone", async () => {
    const page = await app.newPage();
    await app.signIn(page, { at: null });
    const headers = { Authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('auth_token'))}` };
    const list = await page.request.get('/api/blog/get-blogs', { headers });
    for (const { _id } of (await list.json()).blogs as { _id: string }[]) {
      expect((await page.request.delete(`/api/blog/blogs/${_id}`, { headers })).status()).toBe(200);
    }
    await page.goto('/blog');
    await page.getByRole('heading', { name: 'Manage Blogs' }).waitFor();
    await page.getByText('No blogs found.').waitFor();
  });
});
