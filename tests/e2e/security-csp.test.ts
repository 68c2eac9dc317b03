import { describe, expect, it } from 'vitest';
import type { ResourceDeclaration } from '../../src/resources/declaration';
import { declaredScreens, loadDeclarations, screenAddresses, useConsoleHarness, waitForScreen } from './harness';

const app = useConsoleHarness();

/**
 * Every declared screen (src/app/resources.ts): each page, each resource's list, aliases, add, edit and
 * detail page (record screens with a real record), so every part of the bundle (charts, grids, the blog
 * editor) runs, a new resource's included. Plus each Quick Add target, which opens the add dialogs.
 */
const declarations = await loadDeclarations();
const SCREENS = declaredScreens(declarations.entries);
const QUICK_ADD = declarations.entries.filter(
  (entry): entry is ResourceDeclaration & { quickAdd: string } => entry.kind === 'resource' && entry.quickAdd !== undefined,
);

describe('the content security policy', () => {
  it('lets every screen of the console load and run with no violation', async ({ annotate }) => {
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
    for (const screen of await screenAddresses(app, page, declarations, SCREENS)) {
      if (screen.path === undefined) {
        await annotate(`skipped ${screen.route}: ${screen.skipped}`);
        continue;
      }
      await page.goto(screen.path);
      await waitForScreen(page, screen);
    }
    for (const resource of QUICK_ADD) {
      if (resource.create) continue; // its add page is one of the screens above
      await page.goto(`${resource.list.path}?action=create`);
      await page.getByRole('dialog').waitFor();
    }
    expect(violations).toEqual([]);
  }, 30_000 + SCREENS.length * 5_000);

  it('refuses to let the console be framed by another page', async () => {
    const page = await app.newPage();
    await page.goto('/login');
    const header = await page.evaluate(async () => (await fetch('/login')).headers.get('content-security-policy'));
    expect(header).toContain("frame-ancestors 'none'");
  });
});
