import { describe, expect, it } from 'vitest';
import { useConsoleHarness } from './harness';

const app = useConsoleHarness();

/** Every screen that loads a different part of the bundle (charts, grids, the blog editor, dialogs). */
const SCREENS: [string, string | RegExp][] = [
  ['/', 'Dashboard'],
  ['/catalog/products', /Product/],
  ['/orders', /Orders/],
  ['/customers', /Customers/],
  ['/catalog/coupons', /Coupons/],
  ['/blog', /Manage Blogs/],
  ['/admin/add-blog', /Add New Blog/],
  ['/banners', /Banners/],
];

describe('the content security policy', () => {
  it('lets every screen of the console load and run with no violation', async () => {
    const page = await app.newPage();
    const violations: string[] = [];
    // Reported by the browser itself, whatever the page's own code does.
    page.on('console', (message) => {
      if (/content security policy|refused to (load|execute|apply|connect|frame)/i.test(message.text())) violations.push(message.text());
    });
    await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation(`${event.violatedDirective} blocked ${event.blockedURI}`);
      });
    });

    const first = await page.goto('/login');
    expect(first?.headers()['content-security-policy']).toContain("script-src 'self'");
    expect(first?.headers()['x-frame-options']).toBe('DENY');
    await app.signIn(page);
    for (const [path, heading] of SCREENS) {
      await page.goto(path);
      await page.getByRole('heading', { name: heading }).first().waitFor();
    }
    expect(violations).toEqual([]);
  });

  it('refuses to let the console be framed by another page', async () => {
    const page = await app.newPage();
    await page.goto('/login');
    const header = await page.evaluate(async () => (await fetch('/login')).headers.get('content-security-policy'));
    expect(header).toContain("frame-ancestors 'none'");
  });
});
