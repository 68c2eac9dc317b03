import { describe, expect, it } from 'vitest';
import { useConsoleHarness } from './harness';

const app = useConsoleHarness({ readOnly: true });

// Every declared screen loads and runs under the policy with no violation: every-screen.test.ts, which opens
// each screen once for all the checks a screen gets.
describe('the content security policy', () => {
  it('refuses to let the console be framed by another page, and allows only its own scripts', async () => {
    const page = await app.newPage();
    const first = await page.goto('/login');
    expect(first?.headers()['content-security-policy']).toContain("script-src 'self'");
    expect(first?.headers()['x-frame-options']).toBe('DENY');
    const header = await page.evaluate(async () => (await fetch('/login')).headers.get('content-security-policy'));
    expect(header).toContain("frame-ancestors 'none'");
  });
});
