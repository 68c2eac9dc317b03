import { describe, expect, it } from 'vitest';
import { ADMIN, useConsoleHarness } from './harness';

/*
 * The live console across server processes: two consoles on two processes of one PostgreSQL store, as
 * behind a load balancer. Needs a PostgreSQL server (E2E_DATABASE_URL): it runs in the PostgreSQL pass of .ci/run.
 */
describe.runIf(process.env.E2E_DATABASE_URL)('two server processes on one PostgreSQL', () => {
  const app = useConsoleHarness({ processes: 2 });

  it("shows a change made through one process in the other's open orders grid, and its bell counts a new order", async () => {
    const admin = await app.signInApi(ADMIN);
    // Someone else's console: one's own writes are no news to oneself.
    const colleague = { email: `far.manager.${Date.now()}@example.com`, password: 'a-manager-password-2026' };
    const added = await app.api('POST', '/api/staff', admin, {
      fullname: 'Far Manager',
      role: 'manager',
      ...colleague,
    });
    expect(added.status).toBe(201);
    const page = await app.newPage(1);
    await app.signIn(page, { as: colleague, at: '/orders' });
    const grid = page.getByRole('region', { name: 'Orders' });
    const firstRow = grid.locator('.MuiDataGrid-row[data-id]').first();
    await firstRow.waitFor();
    const id = (await firstRow.getAttribute('data-id'))!;
    const current = (await app.api('GET', `/api/order/order/${id}`, admin)).body.order as { status: string };
    const next = current.status === 'cancelled' ? 'pending' : 'cancelled';
    const bell = page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
    const colleagueToken = await app.signInApi(colleague);
    expect((await app.api('POST', '/api/notifications/read', colleagueToken, { all: true })).status).toBe(200);
    await expect.poll(() => bell.getAttribute('aria-label')).toBe('Notifications');

    // Through the first process (app.api): the row on screen, with nothing selected, refreshes itself.
    expect((await app.api('PUT', `/api/order/update-status/${id}`, admin, { status: next })).status).toBe(200);
    await expect.poll(() => firstRow.innerText()).toMatch(next === 'cancelled' ? /Cancelled/ : /Pending/);

    const sku = (
      await app.api('GET', '/api/stock?onSale=true&low=false&_start=0&_end=1&_sort=available&_order=desc', admin)
    ).body.skus[0] as { product: { _id: string }; color: string; size: string };
    const placed = await app.api('POST', '/api/order/create', admin, {
      customer: { fullname: 'Far Customer', email: `far.${Date.now()}@example.com` },
      shippingAddress: { name: 'Far Customer', address: '1 Park Street', city: 'Kolkata' },
      orderItems: [{ product: sku.product._id, color: sku.color, size: sku.size, qty: 1 }],
      paymentMethod: 'online',
      paymentStatus: 'paid',
    });
    expect(placed.status).toBe(201);
    await expect
      .poll(() =>
        grid
          .getByRole('status')
          .filter({ hasText: /new order/ })
          .innerText(),
      )
      .toMatch(/^1 new order/);
    await expect.poll(() => bell.getAttribute('aria-label')).toBe('Notifications: 1 unread');
  });
});
