import { describe, expect, it } from 'vitest';
import { formatDate, type SessionUser } from '../../src/domain';
import { useConsoleHarness } from './harness';

const app = useConsoleHarness({ readOnly: true });

describe('customers', () => {
  it("lists customers with avatar initial, phone or dash, role, cart items in the spec's format and created date", async () => {
    const page = await app.newPage();
    await app.signIn(page, { at: '/customers' });
    const rows = page.getByRole('region', { name: 'Customers' }).locator('.MuiDataGrid-row[data-id]');
    await rows.first().waitFor();

    const users: SessionUser[] = await page.evaluate(async () => {
      const response = await fetch('/api/auth/users', {
        headers: { Authorization: `Bearer ${localStorage.getItem('auth_token')}` },
      });
      return (await response.json()).users;
    });
    const shown = await rows.evaluateAll((trs) =>
      trs.map((tr) => ({
        id: tr.getAttribute('data-id'),
        initial: tr.querySelector('[data-field="fullname"] .MuiAvatar-root')?.textContent,
        phone: tr.querySelector('[data-field="phone"]')?.textContent,
        role: tr.querySelector('[data-field="role"]')?.textContent,
        cart: Array.from(tr.querySelectorAll('[data-field="cartData"] li')).map((li) => li.textContent),
        cartText: tr.querySelector('[data-field="cartData"]')?.textContent,
        created: tr.querySelector('[data-field="createdAt"]')?.textContent,
      })),
    );
    expect(shown).toHaveLength(10);
    for (const row of shown) {
      const user = users.find((u) => u._id === row.id)!;
      expect(row.initial).toBe(user.fullname.charAt(0).toUpperCase());
      expect(row.phone).toBe(user.phone || '-');
      expect(row.role).toBe(user.role);
      expect(row.created).toBe(formatDate(user.createdAt));
      if (user.cartData.length === 0) expect(row.cartText).toBe('No items');
      else expect(row.cart).toEqual(user.cartData.map((item) => `${item.size} / ${item.color} – ${item.quantity} pcs`));
    }
    // The demo page holds both kinds of cart.
    expect(shown.some((row) => row.cartText === 'No items')).toBe(true);
    expect(shown.some((row) => row.cart.length > 1)).toBe(true);
  });
});
