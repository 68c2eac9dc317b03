import { describe, expect, it } from 'vitest';
import { formatKpiValue, type Kpi } from '../../src/domain';
import { useConsoleHarness } from './harness';

const app = useConsoleHarness({ readOnly: true });

describe('dashboard on the demo store', () => {
  it('shows four KPI cards, the sales line chart and the category pie labelled in whole percentages', async () => {
    const page = await app.newPage();
    await app.signIn(page);
    const dashboard = page.getByRole('region', { name: 'Dashboard' });
    await dashboard.getByText(/^Welcome back, Store Admin!/).waitFor();

    const cards = dashboard.getByRole('article');
    await cards.first().waitFor();
    const kpis: Kpi[] = await page.evaluate(async () => {
      const response = await fetch('/api/order/dashboard-summary', {
        headers: { Authorization: `Bearer ${localStorage.getItem('auth_token')}` },
      });
      return (await response.json()).kpis;
    });
    expect(await cards.count()).toBe(4);
    for (const [index, kpi] of kpis.entries()) {
      const card = cards.nth(index);
      const text = await card.innerText();
      expect(text).toContain(kpi.title);
      expect(text).toContain(formatKpiValue(kpi.value, kpi.format));
      expect(text).toContain(`${Math.abs(kpi.change).toFixed(1)}%`);
      expect(text).toContain('from last month');
      await card.getByLabel(kpi.changeType === 'decrease' ? 'down' : 'up').waitFor();
      await card.locator('svg .MuiLineElement-root').waitFor();
    }
    expect(await cards.nth(0).innerText()).toMatch(/₹[\d,]+\n/);

    // The open low-stock alerts, as the store API counts them, with the way to the Stock screen.
    const alerts: number = await page.evaluate(async () => {
      const response = await fetch('/api/stock/alerts', {
        headers: { Authorization: `Bearer ${localStorage.getItem('auth_token')}` },
      });
      return (await response.json()).total;
    });
    expect(alerts).toBeGreaterThan(0);
    await dashboard.getByText(`${alerts} low-stock alerts: SKUs at or below their line.`).waitFor();
    expect(await dashboard.getByRole('link', { name: 'View stock' }).getAttribute('href')).toBe('/catalog/stock');

    const overview = page.getByRole('region', { name: 'Sales Overview' });
    await overview.locator('.MuiLineElement-root').first().waitFor();
    expect(await overview.locator('.MuiLineElement-root').count()).toBe(3);
    for (const series of ['Sales', 'Orders', 'Customers']) await overview.getByText(series, { exact: true }).waitFor();

    const pie = page.getByRole('region', { name: 'Sales by Category' });
    await pie.locator('.MuiPieArcLabel-root').first().waitFor();
    const labels = await pie.locator('.MuiPieArcLabel-root').allTextContents();
    expect(labels.length).toBeGreaterThanOrEqual(4);
    for (const label of labels) expect(label).toMatch(/^\d+%$/);
    const sum = labels.reduce((total, label) => total + Number(label.slice(0, -1)), 0);
    expect(Math.abs(sum - 100)).toBeLessThanOrEqual(2);
  });
});
