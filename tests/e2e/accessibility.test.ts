import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, RunOptions } from 'axe-core';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../src/domain';
import { ADMIN, declaredScreens, loadDeclarations, screenAddresses, useConsoleHarness, waitForScreen, type ScreenAddress } from './harness';

const app = useConsoleHarness();
const declarations = await loadDeclarations();
// Every declared screen (src/app/resources.ts): pages, placeholders, each list, alias, add, edit and detail page.
const SCREENS = declaredScreens(declarations.entries);

/** axe-core's browser build, evaluated in the page over CDP: the console's CSP would refuse it as a script tag. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** WCAG 2.1 A and AA; only violations are collected (no passes or incomplete), which keeps each run short. */
const AXE_OPTIONS: RunOptions = { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, resultTypes: ['violations'] };
const THEMES = ['light', 'dark'] as const;
type Theme = (typeof THEMES)[number];
/** The body's background in each theme (src/app/theme.tsx), to know the switch has rendered. */
const BODY_BACKGROUND: Record<Theme, string> = { light: 'rgb(248, 250, 252)', dark: 'rgb(11, 17, 32)' };

/** Serious and critical violations on the page as it is now, one readable line per offending element. */
async function seriousViolations(page: Page): Promise<string[]> {
  // Injected once per document: moving between screens, a dialog opening or the theme switching keeps it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  // Nothing is measured mid-transition (a dialog fading in, colours easing to the new theme).
  await page.waitForFunction(() => document.getAnimations().every((animation) => !(animation instanceof CSSTransition) || animation.playState !== 'running'));
  const violations = await page.evaluate(async (options) => {
    const { axe } = window as unknown as { axe: { run: (context: Document, options: RunOptions) => Promise<AxeResults> } };
    return (await axe.run(document, options)).violations.map(({ id, impact, help, nodes }) => ({
      id,
      impact,
      help,
      nodes: nodes.map((node) => ({ target: node.target.join(' > '), html: node.html.slice(0, 160), summary: node.failureSummary ?? '' })),
    }));
  }, AXE_OPTIONS);
  return violations
    .filter(({ impact }) => impact === 'serious' || impact === 'critical')
    .flatMap(({ id, impact, help, nodes }) => nodes.map((node) => `${id} (${impact}, ${help}): ${node.target}\n    ${node.html}\n    ${node.summary.replace(/\n\s*/g, ' ')}`));
}

/** Switches the console's theme as the header's toggle would (MUI follows the key's storage event), and waits for it to paint. */
async function useTheme(page: Page, theme: Theme): Promise<void> {
  await page.evaluate(
    ({ key, theme }) => {
      localStorage.setItem(key, theme);
      window.dispatchEvent(new StorageEvent('storage', { key, newValue: theme, storageArea: localStorage }));
    },
    { key: STORAGE_KEYS.theme, theme },
  );
  await page.waitForFunction((background) => getComputedStyle(document.body).backgroundColor === background, BODY_BACKGROUND[theme]);
}

/** Checks the screen as it stands in both themes, ending in the theme it did not start in (the next screen starts there). */
async function checkBothThemes(page: Page, screen: string, found: Map<string, string[]>): Promise<void> {
  const current = (await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.theme)) === 'dark' ? 'dark' : 'light';
  for (const theme of current === 'dark' ? [...THEMES].reverse() : THEMES) {
    if (theme !== current) await useTheme(page, theme);
    const violations = await seriousViolations(page);
    if (violations.length > 0) found.set(`${screen} (${theme})`, violations);
  }
}

/**
 * Opens `path` in the running console as its links do (the router follows history's popstate), so the page
 * keeps its session and axe; waits until the screen shown before has been replaced (its h1 gone).
 */
async function openInConsole(page: Page, path: string): Promise<void> {
  await page.evaluate((path) => {
    document.querySelectorAll('main h1').forEach((heading) => heading.setAttribute('data-shown-before', ''));
    history.pushState(null, '', path);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForFunction(() => [...document.querySelectorAll('main h1')].some((heading) => !heading.hasAttribute('data-shown-before')));
}

const report = (found: Map<string, string[]>) => [...found].map(([screen, violations]) => `${screen}:\n  ${violations.join('\n  ')}`).join('\n');

/** Presses `key` (Tab by default) until `target` has the focus: how a keyboard user reaches a control. */
async function pressUntilFocused(page: Page, target: Locator, key = 'Tab', max = 80): Promise<void> {
  // Found once: asking the locator after every key would query the whole page's roles each time.
  const element = await target.elementHandle();
  for (let presses = 0; !(await element.evaluate((node) => node === document.activeElement)); presses++) {
    if (presses === max) throw new Error(`${max} × ${key} never reached ${String(target)}; the focus is on ${await focusedElement(page)}`);
    await page.keyboard.press(key);
  }
  await element.dispose();
}

const isFocused = (target: Locator) => target.evaluate((element) => element === document.activeElement);
const focusedElement = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    return element ? `<${element.tagName.toLowerCase()}> ${element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 60) ?? ''}` : 'nothing';
  });
/** Waits for the focus to be on `target` (a closing dialog hands it back in the render after). */
const expectFocused = (page: Page, target: Locator, what: string) =>
  expect.poll(() => isFocused(target), { message: `${what}; the focus is on ${String(target)}` }).toBe(true).catch(async (error: Error) => {
    throw new Error(`${error.message} (the focus is on ${await focusedElement(page)})`);
  });

/** Picks `option` in a select that has the focus: arrows open its list and walk it, Enter chooses. */
async function chooseWithKeys(page: Page, option: string): Promise<void> {
  await page.keyboard.press('ArrowDown');
  await pressUntilFocused(page, page.getByRole('listbox').getByRole('option', { name: option, exact: true }), 'ArrowDown', 20);
  await page.keyboard.press('Enter');
  await page.getByRole('listbox').waitFor({ state: 'detached' });
}

describe('accessibility (axe-core, WCAG 2.1 A and AA): no serious or critical violation in the light and the dark theme', () => {
  it(
    'on the sign-in screen, every declared screen, the not-found page, an open form dialog and an open order details dialog',
    async ({ annotate }) => {
      const page = await app.newPage();
      const found = new Map<string, string[]>();
      const checked: string[] = [];
      const check = async (screen: string) => {
        checked.push(screen);
        await checkBothThemes(page, screen, found);
      };

      await page.goto('/login');
      await page.getByRole('button', { name: 'Sign In' }).waitFor();
      await check('sign-in /login');

      await app.signIn(page, { at: null });
      let previous: ScreenAddress | undefined;
      for (const screen of await screenAddresses(app, page, declarations, SCREENS)) {
        if (screen.path === undefined) {
          await annotate(`skipped ${screen.route}: ${screen.skipped}`);
          continue;
        }
        // A list's alias is the list's own component, which the router keeps mounted: it loads afresh.
        if (previous === undefined || (screen.kind === 'alias' && previous.entry === screen.entry)) await page.goto(screen.path);
        else await openInConsole(page, screen.path);
        previous = screen;
        await waitForScreen(page, screen);
        await check(`${screen.entry.name} ${screen.kind} ${screen.path}`);
        // The dialogs, opened over their lists while these are shown.
        if (screen.kind === 'list' && screen.entry.name === 'coupons') {
          await page.getByRole('button', { name: 'Add New Coupon' }).click();
          const dialog = page.getByRole('dialog', { name: 'Add New Coupon' });
          await dialog.getByRole('textbox', { name: 'Code' }).waitFor();
          // The pointer rests nowhere: what is checked is what every visitor sees, not a hover.
          await page.mouse.move(0, 0);
          await check('coupon add dialog');
        }
        if (screen.kind === 'list' && screen.entry.name === 'orders') {
          await page.getByRole('button', { name: /^Actions for order/ }).first().click();
          await page.getByRole('menuitem', { name: 'View Details' }).click();
          await page.getByRole('dialog', { name: /^Order Details/ }).getByRole('heading', { name: 'Order', exact: true }).waitFor();
          await page.mouse.move(0, 0);
          await check('order details dialog');
        }
      }

      await page.goto('/no/such/page');
      await page.getByText('Oops! Page not found').waitFor();
      await check('not found /no/such/page');

      await annotate(`checked in both themes: ${checked.join(', ')}`);
      expect(found.size, `serious or critical violations:\n${report(found)}`).toBe(0);
    },
    60_000 + SCREENS.length * 5_000,
  );
});

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
    const status = page.locator('.MuiDataGrid-row').filter({ has: button }).locator('[data-field="status"]');
    const target = (await status.textContent()) === 'Delivered' ? 'Shipped' : 'Delivered';

    await page.keyboard.press('Enter');
    await pressUntilFocused(page, page.getByRole('menu').getByRole('menuitemradio', { name: target }), 'ArrowDown', 12);
    await page.keyboard.press('Enter');
    await page.getByText('Order status updated successfully!').waitFor();
    await status.filter({ hasText: target }).waitFor();
    await expectFocused(page, button, 'the menu closed');

    // View Details from the same menu; closing the details hands the focus back to the menu's button too.
    await page.keyboard.press('Enter');
    await pressUntilFocused(page, page.getByRole('menu').getByRole('menuitem', { name: 'View Details' }), 'ArrowDown', 12);
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
    const row = page.locator('.MuiDataGrid-row').filter({ has: page.getByText('KEYS15', { exact: true }) });
    expect(await row.locator('[data-field="discountValue"]').textContent()).toBe('15%');
    expect(await row.locator('[data-field="expiresAt"]').textContent()).toBe('Never');
    await expectFocused(page, add, 'the coupon was added');

    // A row's Delete asks first, with Cancel focused so Enter is the safe key; cancelling hands the focus back.
    const remove = page.locator('.MuiDataGrid-row').first().getByRole('button', { name: /^Delete / });
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
    for (const [field, value] of [['Price', '649'], ['MRP', '899'], ['Stock', '12']] as const) {
      await page.keyboard.press('Tab');
      await expectFocused(page, dialog.getByRole('spinbutton', { name: field }), `Tab moves to ${field}`);
      await page.keyboard.type(value);
    }
    // Enter in a size field adds the size.
    await page.keyboard.press('Enter');
    await dialog.getByRole('table', { name: 'Sizes in this variant' }).getByRole('cell', { name: 'M', exact: true }).waitFor();
    await pressUntilFocused(page, dialog.getByRole('button', { name: 'Save Variant' }));
    await page.keyboard.press('Enter');
    await dialog.getByRole('listitem', { name: 'Variant Rust' }).waitFor();
    await pressUntilFocused(page, dialog.getByRole('combobox', { name: 'Status' }));
    await chooseWithKeys(page, 'Active');
    await pressUntilFocused(page, dialog.getByRole('button', { name: 'Add Product' }));
    await page.keyboard.press('Enter');
    await page.getByText('Product added successfully').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await page.locator('.MuiDataGrid-row').filter({ hasText: 'Keyboard Kestrel Tee' }).waitFor();
    await expectFocused(page, add, 'the product was added');
  });
});
