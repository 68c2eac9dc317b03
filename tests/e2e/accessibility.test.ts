import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN, useConsoleHarness } from './harness';

const app = useConsoleHarness();
// axe-core (WCAG 2.1 A and AA, both themes) on the sign-in screen, every declared screen, the not-found page
// and open dialogs: every-screen.test.ts, which opens each screen once for all the checks a screen gets.

/** Presses `key` (Tab by default) until `target` has the focus: how a keyboard user reaches a control. */
async function pressUntilFocused(page: Page, target: Locator, key = 'Tab', max = 80): Promise<void> {
  // Found once: asking the locator after every key would query the whole page's roles each time.
  const element = await target.elementHandle();
  for (let presses = 0; !(await element.evaluate((node) => node === document.activeElement)); presses++) {
    if (presses === max)
      throw new Error(`${max} × ${key} never reached ${String(target)}; the focus is on ${await focusedElement(page)}`);
    await page.keyboard.press(key);
  }
  await element.dispose();
}

const isFocused = (target: Locator) => target.evaluate((element) => element === document.activeElement);
const focusedElement = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    return element
      ? `<${element.tagName.toLowerCase()}> ${element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 60) ?? ''}`
      : 'nothing';
  });
/** Waits for the focus to be on `target` (a closing dialog hands it back in the render after). */
const expectFocused = (page: Page, target: Locator, what: string) =>
  expect
    .poll(() => isFocused(target), { message: `${what}; the focus is on ${String(target)}` })
    .toBe(true)
    .catch(async (error: Error) => {
      throw new Error(`${error.message} (the focus is on ${await focusedElement(page)})`);
    });

/** Picks `option` in a select that has the focus: arrows open its list and walk it, Enter chooses. */
async function chooseWithKeys(page: Page, option: string): Promise<void> {
  await page.keyboard.press('ArrowDown');
  await pressUntilFocused(
    page,
    page.getByRole('listbox').getByRole('option', { name: option, exact: true }),
    'ArrowDown',
    20,
  );
  await page.keyboard.press('Enter');
  await page.getByRole('listbox').waitFor({ state: 'detached' });
}

describe('the keyboard alone (Tab, Shift+Tab, arrows, Enter, Space, typing; no pointer)', () => {
  it('signs in', async () => {
    const page = await app.newPage();
    await page.goto('/login');
    await expectFocused(page, page.getByRole('textbox', { name: 'Email' }), 'the email field has the focus on arrival');
    await page.keyboard.type(ADMIN.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(ADMIN.password);
    // Show password, then Sign In.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    expect(await page.getByLabel(/^Password/).getAttribute('type')).toBe('text');
    await pressUntilFocused(page, page.getByRole('button', { name: 'Sign In' }));
    await page.keyboard.press('Enter');
    await page.getByText('Welcome back!').waitFor();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  });

  it("changes an order's status from its row's menu and opens its details, the focus back on the menu's button each time", async () => {
    const page = await app.newPage();
    await app.signIn(page, { at: '/orders' });
    const actions = page.getByRole('button', { name: /^Actions for order #/ }).first();
    await pressUntilFocused(page, actions);
    const name = (await actions.getAttribute('aria-label'))!;
    const button = page.getByRole('button', { name, exact: true });
    const status = page.locator('.MuiDataGrid-row[data-id]').filter({ has: button }).locator('[data-field="status"]');
    const target = (await status.textContent()) === 'Delivered' ? 'Shipped' : 'Delivered';

    await page.keyboard.press('Enter');
    await pressUntilFocused(page, page.getByRole('menu').getByRole('menuitemradio', { name: target }), 'ArrowDown', 12);
    await page.keyboard.press('Enter');
    await page.getByText('Order status updated successfully!').waitFor();
    await status.filter({ hasText: target }).waitFor();
    await expectFocused(page, button, 'the menu closed');

    // View Details from the same menu; closing the details hands the focus back to the menu's button too.
    await page.keyboard.press('Enter');
    await pressUntilFocused(
      page,
      page.getByRole('menu').getByRole('menuitem', { name: 'View Details' }),
      'ArrowDown',
      12,
    );
    await page.keyboard.press('Enter');
    const details = page.getByRole('dialog', { name: `Order Details ${name.replace('Actions for order ', '')}` });
    await details.getByRole('heading', { name: 'Order', exact: true }).waitFor();
    await page.keyboard.press('Escape');
    await details.waitFor({ state: 'detached' });
    await expectFocused(page, button, 'the details closed');
  });

  it("adds a coupon, the focus back on Add New Coupon whenever its dialog closes and on a row's Delete when its confirmation is cancelled", async () => {
    const page = await app.newPage();
    await app.signIn(page, { at: '/catalog/coupons' });
    const add = page.getByRole('button', { name: 'Add New Coupon' });
    const dialog = page.getByRole('dialog', { name: 'Add New Coupon' });
    await pressUntilFocused(page, add);

    // Escape, then Cancel, close the dialog.
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expectFocused(page, add, 'Escape closed the dialog');
    await page.keyboard.press('Space');
    await pressUntilFocused(page, dialog.getByRole('button', { name: 'Cancel' }), 'Shift+Tab');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await expectFocused(page, add, 'Cancel closed the dialog');

    await page.keyboard.press('Enter');
    await pressUntilFocused(page, dialog.getByRole('textbox', { name: 'Code' }));
    await page.keyboard.type('KEYS15');
    await pressUntilFocused(page, dialog.getByRole('combobox', { name: 'Discount Type' }));
    await chooseWithKeys(page, 'Percentage');
    await pressUntilFocused(page, dialog.getByRole('textbox', { name: 'Discount Value' }));
    await page.keyboard.type('15');
    await pressUntilFocused(page, dialog.getByRole('switch', { name: 'No expiry' }));
    await page.keyboard.press('Space');
    await pressUntilFocused(page, dialog.getByRole('button', { name: 'Add Coupon' }));
    await page.keyboard.press('Enter');
    await page.getByText('Coupon added successfully').waitFor();
    await dialog.waitFor({ state: 'detached' });
    const row = page.locator('.MuiDataGrid-row[data-id]').filter({ has: page.getByText('KEYS15', { exact: true }) });
    expect(await row.locator('[data-field="discountValue"]').textContent()).toBe('15%');
    expect(await row.locator('[data-field="expiresAt"]').textContent()).toBe('Never');
    await expectFocused(page, add, 'the coupon was added');

    // A row's Delete asks first, with Cancel focused so Enter is the safe key; cancelling hands the focus back.
    const remove = page
      .locator('.MuiDataGrid-row[data-id]')
      .first()
      .getByRole('button', { name: /^Delete / });
    await pressUntilFocused(page, remove);
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: /^Delete coupon / });
    await expectFocused(page, confirm.getByRole('button', { name: 'Cancel' }), 'the confirmation opened');
    await page.keyboard.press('Enter');
    await confirm.waitFor({ state: 'detached' });
    await expectFocused(page, remove, 'the confirmation was cancelled');
  });

  it('adds a product with a colour variant and a size', async () => {
    const page = await app.newPage();
    await app.signIn(page, { at: '/catalog/products' });
    const add = page.getByRole('button', { name: 'Add Product' });
    const dialog = page.getByRole('dialog', { name: 'Add New Product' });
    await pressUntilFocused(page, add);
    await page.keyboard.press('Enter');

    // In the form's order: name, the variant builder, status.
    await pressUntilFocused(page, dialog.getByRole('textbox', { name: 'Name' }));
    await page.keyboard.type('Keyboard Kestrel Tee');
    await pressUntilFocused(page, dialog.getByRole('textbox', { name: 'Colour' }));
    await page.keyboard.type('Rust');
    await pressUntilFocused(page, dialog.getByRole('combobox', { name: 'Size' }));
    await chooseWithKeys(page, 'M');
    for (const [field, value] of [
      ['Price', '649'],
      ['MRP', '899'],
      ['Stock', '12'],
    ] as const) {
      await page.keyboard.press('Tab');
      await expectFocused(page, dialog.getByRole('spinbutton', { name: field }), `Tab moves to ${field}`);
      await page.keyboard.type(value);
    }
    // Enter in a size field adds the size.
    await page.keyboard.press('Enter');
    await dialog
      .getByRole('table', { name: 'Sizes in this variant' })
      .getByRole('cell', { name: 'M', exact: true })
      .waitFor();
    await pressUntilFocused(page, dialog.getByRole('button', { name: 'Save Variant' }));
    await page.keyboard.press('Enter');
    await dialog.getByRole('listitem', { name: 'Variant Rust' }).waitFor();
    await pressUntilFocused(page, dialog.getByRole('combobox', { name: 'Status' }));
    await chooseWithKeys(page, 'Active');
    await pressUntilFocused(page, dialog.getByRole('button', { name: 'Add Product' }));
    await page.keyboard.press('Enter');
    await page.getByText('Product added successfully').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await page.locator('.MuiDataGrid-row[data-id]').filter({ hasText: 'Keyboard Kestrel Tee' }).waitFor();
    await expectFocused(page, add, 'the product was added');
  });
});
