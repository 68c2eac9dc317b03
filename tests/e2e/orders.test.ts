import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatRupeesExact, lineTotal, shortOrderId, type Order } from '../../src/domain';
import { useConsoleHarness } from './harness';

const app = useConsoleHarness();

const grid = (page: Page) => page.getByRole('region', { name: 'Orders' }).locator('.MuiDataGrid-root');
const rows = (page: Page) => grid(page).locator('.MuiDataGrid-row[data-id]');
const shownRange = (page: Page) => grid(page).locator('.MuiTablePagination-displayedRows').innerText();
const totalShown = async (page: Page) => Number((await shownRange(page)).split(' of ')[1]);

/** Waits until the grid's "1–10 of N" reads differently from `before`, i.e. the server answered the new filter. */
async function waitForNewResult(page: Page, before: string) {
  await page.waitForFunction((previous) => {
    const text = document.querySelector('[aria-label="Orders"] .MuiTablePagination-displayedRows')?.textContent;
    return (
      text !== undefined && text !== previous && !document.querySelector('[aria-label="Orders"] [role="progressbar"]')
    );
  }, before);
}

async function waitForTotal(page: Page, total: number) {
  await page.waitForFunction(
    (n) =>
      document
        .querySelector('[aria-label="Orders"] .MuiTablePagination-displayedRows')
        ?.textContent?.endsWith(`of ${n}`),
    total,
  );
}

/** Searches an order by its id and waits until it is the only row. */
async function searchOrder(page: Page, id: string) {
  await page.getByLabel('Search orders').fill(id);
  await waitForTotal(page, 1);
  await rows(page)
    .and(page.locator(`[data-id="${id}"]`))
    .waitFor();
}

/** Opens the orders screen and waits for its first page and the total the server reported (the footer can trail the rows by a render). */
async function openOrders(page: Page) {
  await app.signIn(page, { at: '/orders' });
  await rows(page).first().waitFor();
  await page.waitForFunction(() =>
    /of [1-9]/.test(
      document.querySelector('[aria-label="Orders"] .MuiTablePagination-displayedRows')?.textContent ?? '',
    ),
  );
}

/** The store's orders as the API has them, asked with the signed-in console's token. */
async function ordersFromApi(page: Page, query = ''): Promise<Order[]> {
  return page.evaluate(async (q) => {
    const response = await fetch(`/api/order/all-orders${q}`, {
      headers: { Authorization: `Bearer ${localStorage.getItem('auth_token')}` },
    });
    return (await response.json()).orders;
  }, query);
}

async function chooseFilter(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('orders', () => {
  it('narrows the grid by order status, payment status and search, on the server', async () => {
    const page = await app.newPage();
    await openOrders(page);
    const everything = await totalShown(page);
    expect(everything).toBeGreaterThan(100);

    let before = await shownRange(page);
    await chooseFilter(page, 'Order status', 'Cancelled');
    await waitForNewResult(page, before);
    const cancelled = await totalShown(page);
    expect(cancelled).toBeGreaterThan(0);
    expect(cancelled).toBeLessThan(everything);
    expect(
      new Set(
        await rows(page)
          .locator('[data-field="status"] [data-status]')
          .evaluateAll((els) => els.map((e) => e.getAttribute('data-status'))),
      ),
    ).toEqual(new Set(['cancelled']));

    before = await shownRange(page);
    await chooseFilter(page, 'Payment status', 'Refunded');
    await waitForNewResult(page, before);
    const refundedCancelled = await totalShown(page);
    expect(refundedCancelled).toBeGreaterThan(0);
    expect(refundedCancelled).toBeLessThan(cancelled);
    expect(
      new Set(
        await rows(page)
          .locator('[data-field="paymentStatus"] [data-status]')
          .evaluateAll((els) => els.map((e) => e.getAttribute('data-status'))),
      ),
    ).toEqual(new Set(['refunded']));

    // Back to every order, then search one customer's email.
    await chooseFilter(page, 'Order status', 'All statuses');
    await chooseFilter(page, 'Payment status', 'All payments');
    await waitForTotal(page, everything);
    const email = (await rows(page).first().locator('[data-field="user"]').innerText()).split('\n').at(-1)!.trim();
    before = await shownRange(page);
    await page.getByLabel('Search orders').fill(email);
    await waitForNewResult(page, before);
    const expected = (await ordersFromApi(page)).filter((o) => o.user?.email === email).length;
    expect(await totalShown(page)).toBe(expected);
    const customerCells = await rows(page).locator('[data-field="user"]').allInnerTexts();
    expect(customerCells.length).toBeGreaterThan(0);
    expect(customerCells.every((text) => text.includes(email))).toBe(true);

    before = await shownRange(page);
    await page.getByLabel('Search orders').fill('no-such-order-anywhere');
    await waitForNewResult(page, before);
    await grid(page).getByText('No orders found').waitFor();
  });

  it("changes an order's status in place, and the badge keeps it after a reload", async () => {
    const page = await app.newPage();
    await openOrders(page);
    const row = rows(page).first();
    const id = (await row.getAttribute('data-id'))!;
    const badge = row.locator('[data-field="status"] [data-status]');
    const next = (await badge.getAttribute('data-status')) === 'delivered' ? 'Shipped' : 'Delivered';

    const listCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/order/all-orders')) listCalls.push(request.url());
    });
    await row.getByRole('button', { name: `Actions for order #${shortOrderId(id)}` }).click();
    await page.getByRole('menuitemradio', { name: next }).click();
    await page.getByText('Order status updated successfully!').waitFor();
    expect(await badge.innerText()).toBe(next);
    expect(listCalls, 'the list is not fetched again').toEqual([]);

    await page.reload();
    const reloaded = grid(page).locator(`.MuiDataGrid-row[data-id="${id}"] [data-field="status"] [data-status]`);
    await reloaded.waitFor();
    expect(await reloaded.innerText()).toBe(next);
  });

  it('shows line totals and, for a cod order, the advance paid and the amount due on delivery', async () => {
    const page = await app.newPage();
    await openOrders(page);
    const orders = await ordersFromApi(page);
    const cod = orders.find((o) => o.paymentMethod === 'cod' && o.orderItems.some((item) => item.qty > 1))!;
    expect(cod).toBeDefined();

    await searchOrder(page, cod._id);
    await page.getByRole('button', { name: `Actions for order #${shortOrderId(cod._id)}` }).click();
    await page.getByRole('menuitem', { name: 'View Details' }).click();
    const dialog = page.getByRole('dialog', { name: `Order Details #${shortOrderId(cod._id)}` });
    await dialog.getByText(cod._id, { exact: true }).waitFor();
    const items = dialog.getByRole('table', { name: 'Order items' });

    const lines = await items
      .locator('tbody tr')
      .evaluateAll((trs) => trs.map((tr) => Array.from(tr.querySelectorAll('td')).map((td) => td.textContent?.trim())));
    expect(lines.map((cells) => cells.slice(1))).toEqual(
      cod.orderItems.map((item) => [
        item.color,
        item.size,
        String(item.qty),
        formatRupeesExact(item.price),
        formatRupeesExact(lineTotal(item.qty, item.price)),
      ]),
    );
    const totals = dialog.getByRole('region', { name: 'Totals' });
    expect(await totals.getByText('Advance paid').locator('xpath=following-sibling::dd[1]').innerText()).toBe(
      formatRupeesExact(cod.advancePaid!),
    );
    expect(await totals.getByText('Remaining (COD)').locator('xpath=following-sibling::dd[1]').innerText()).toBe(
      formatRupeesExact(cod.remainingCOD!),
    );
    expect(await totals.getByText('Total', { exact: true }).locator('xpath=following-sibling::dd[1]').innerText()).toBe(
      formatRupeesExact(cod.totalPrice),
    );
    await dialog.getByText('Cash on delivery').waitFor();

    // An order paid online has no cash to collect.
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    const online = orders.find((o) => o.paymentMethod !== 'cod')!;
    await searchOrder(page, online._id);
    await page.getByRole('button', { name: `Actions for order #${shortOrderId(online._id)}` }).click();
    await page.getByRole('menuitem', { name: 'View Details' }).click();
    const onlineDialog = page.getByRole('dialog', { name: `Order Details #${shortOrderId(online._id)}` });
    await onlineDialog.getByText(online._id, { exact: true }).waitFor();
    await onlineDialog.getByText('Online', { exact: true }).waitFor();
    expect(await onlineDialog.getByText('Advance paid').count()).toBe(0);
  });
});
