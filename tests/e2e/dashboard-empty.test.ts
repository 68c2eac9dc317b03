import { describe, expect, it } from 'vitest';
import { useConsoleHarness } from './harness';

const app = useConsoleHarness({ store: 'empty', readOnly: true });

describe('dashboard on an empty store', () => {
  it("shows zero figures and 'No sales data available' instead of a pie", async () => {
    const page = await app.newPage();
    await app.signIn(page);
    const pie = page.getByRole('region', { name: 'Sales by Category' });
    await pie.getByText('No sales data available').waitFor();
    await page.getByText('No low-stock alerts: every SKU is above its line.').waitFor();
    expect(await pie.locator('.MuiPieArcLabel-root').count()).toBe(0);

    const cards = page.getByRole('region', { name: 'Dashboard' }).getByRole('article');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(4);
    expect(await cards.nth(0).innerText()).toContain('₹0');
    expect((await cards.nth(1).innerText()).split(/\n+/).slice(0, 2)).toEqual(['Orders', '0']);
    expect(await cards.nth(0).innerText()).toContain('0.0%');

    // The lines still span the last 12 months, flat at zero (a flat path has no height, so it counts as hidden).
    const overview = page.getByRole('region', { name: 'Sales Overview' });
    await overview.locator('.MuiLineElement-root').first().waitFor({ state: 'attached' });
    expect(await overview.locator('.MuiLineElement-root').count()).toBe(3);
    expect(await overview.locator('.MuiChartsAxis-directionX .MuiChartsAxis-tickLabel').count()).toBe(12);
  });
});
