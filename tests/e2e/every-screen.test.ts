import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { GroupDeclaration, ResourceDeclaration } from '../../src/app/declaration';
import {
  declaredScreens,
  loadDeclarations,
  screenAddresses,
  useConsoleHarness,
  waitForScreen,
  type ScreenAddress,
  type ScreenKind,
} from './harness';
import { checkBothThemes } from './axe';

/**
 * One walk of every declared screen (src/app/resources.ts): each page, each resource's list, aliases, add,
 * edit and detail page (record screens with a real record), so a new resource's screens are visited too and
 * every part of the bundle (charts, grids, the blog editor) runs. Each screen is opened once on a desktop and
 * checked for everything the console promises of any screen:
 * - it shows inside the console frame with its sidebar entry active;
 * - nothing broke the content security policy and no exception went uncaught while it loaded and ran;
 * - axe-core (WCAG 2.1 A and AA) finds no serious or critical violation in the light and the dark theme;
 * then once more at a phone's size (390 × 844), where it must not scroll sideways.
 * Opening a screen costs the 2-core test machine most of its time, so the screens are opened the way the
 * console's links open them (the router follows history), and a full page load only where it is needed.
 */

const app = useConsoleHarness({ readOnly: true });
const declarations = await loadDeclarations();
const { entries } = declarations;
const SCREENS = declaredScreens(entries);
const groupLabel = (name: string) =>
  entries.find((entry): entry is GroupDeclaration => entry.kind === 'group' && entry.name === name)?.menu.label;
/** The Quick Add targets without an add page: their add dialog opens from the address. */
const QUICK_ADD_DIALOGS = entries.filter(
  (entry): entry is ResourceDeclaration & { quickAdd: string } =>
    entry.kind === 'resource' && entry.quickAdd !== undefined && !entry.create,
);
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** Moves the running console to `path` as its links do: the router follows history's popstate. */
const followInConsole = (page: Page, path: string) =>
  page.evaluate((path) => {
    history.pushState(null, '', path);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);

/**
 * Opens `path` in the running console as its links do, so the page keeps its session, its listeners and
 * axe; waits until the screen shown before has been replaced (its h1 gone).
 */
async function openInConsole(page: Page, path: string): Promise<void> {
  await page.evaluate(() =>
    document.querySelectorAll('main h1').forEach((heading) => heading.setAttribute('data-shown-before', '')),
  );
  await followInConsole(page, path);
  await page.waitForFunction(() =>
    [...document.querySelectorAll('main h1')].some((heading) => !heading.hasAttribute('data-shown-before')),
  );
}

const scrollsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
const describeScreen = (screen: ScreenAddress) => `${screen.entry.name} ${screen.kind} ${screen.path}`;
const report = (found: Map<string, string[]>) =>
  [...found].map(([screen, problems]) => `${screen}:\n  ${problems.join('\n  ')}`).join('\n');

describe('every declared screen, opened once', () => {
  it(
    'shows in the console frame with its sidebar entry active, breaks no CSP, throws nothing, passes axe-core in both themes, and scrolls no phone sideways',
    async ({ annotate }) => {
      const page = await app.newPage();
      /** What the page shows now, so a violation or an exception names the screen it happened on. */
      let now = 'sign-in /login';
      const cspViolations = new Map<string, string[]>();
      const uncaught = new Map<string, string[]>();
      const add = (found: Map<string, string[]>, problem: string) =>
        found.set(now, [...(found.get(now) ?? []), problem]);

      // The CSP: reported by the browser itself, whatever the page's own code does, on every document the page loads.
      page.on('console', (message) => {
        if (/content security policy|refused to (load|execute|apply|connect|frame)/i.test(message.text()))
          add(cspViolations, message.text());
      });
      await page.exposeFunction('reportCspViolation', (text: string) => add(cspViolations, text));
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation(
            `${event.violatedDirective} blocked ${event.blockedURI}`,
          );
        });
      });
      // The harness fails the test on any of these too; here they also name the screen.
      page.on('pageerror', (error) => add(uncaught, error.message));

      const axeFound = new Map<string, string[]>();
      const axeChecked: string[] = [];
      const checkAxe = async (what: string) => {
        axeChecked.push(what);
        await checkBothThemes(page, what, axeFound);
      };

      await page.goto('/login');
      await page.getByRole('button', { name: 'Sign In' }).waitFor();
      await checkAxe(now);

      await app.signIn(page, { at: null });
      const nav = page.getByRole('navigation', { name: 'Main navigation' });
      const screens: (ScreenAddress & { path: string })[] = [];
      for (const screen of await screenAddresses(app, page, declarations, SCREENS)) {
        if (screen.path === undefined) await annotate(`skipped ${screen.route}: ${screen.skipped}`);
        else screens.push(screen);
      }

      /**
       * Full page loads: the first screen of each route kind (page, list, alias, add, edit, detail), so the
       * server answers each kind's address with the console and the console starts on it, under the CSP of a
       * fresh document; and a list's alias right after its list, which the router keeps mounted (nothing
       * would load). Every other screen is opened as the console's links open it.
       */
      const fullyLoaded = new Set<ScreenKind>();
      const open = async (
        screen: ScreenAddress & { path: string },
        previous: ScreenAddress | undefined,
        loadEachKind: boolean,
      ) => {
        now = describeScreen(screen);
        const firstOfKind = loadEachKind && !fullyLoaded.has(screen.kind);
        if (previous === undefined || firstOfKind || (screen.kind === 'alias' && previous.entry === screen.entry)) {
          fullyLoaded.add(screen.kind);
          await page.goto(screen.path);
        } else {
          await openInConsole(page, screen.path);
        }
        await waitForScreen(page, screen);
      };

      let previous: ScreenAddress | undefined;
      for (const screen of screens) {
        await open(screen, previous, true);
        previous = screen;

        // The console frame (waitForScreen) and the active sidebar entry.
        const { menu } = screen.entry;
        if (menu) {
          // A group opens on the screens under its path; another child of it is opened by hand.
          const link = nav.getByRole('link', { name: menu.label, exact: true });
          if (menu.parent !== undefined && (await link.count()) === 0) {
            await nav.getByRole('button', { name: groupLabel(menu.parent), exact: true }).click();
            // The pointer rests nowhere: axe checks what every visitor sees, not a hover.
            await page.mouse.move(0, 0);
          }
          await expect
            .poll(() => nav.locator('[aria-current="page"]').allTextContents(), {
              message: `${screen.path}: the active sidebar entry`,
            })
            .toEqual([menu.label]);
        }

        await checkAxe(now);
        // The dialogs, opened over their lists while these are shown.
        if (screen.kind === 'list' && screen.entry.name === 'coupons') {
          now = 'coupon add dialog';
          await page.getByRole('button', { name: 'Add New Coupon' }).click();
          const dialog = page.getByRole('dialog', { name: 'Add New Coupon' });
          await dialog.getByRole('textbox', { name: 'Code' }).waitFor();
          await page.mouse.move(0, 0);
          await checkAxe(now);
          await page.keyboard.press('Escape');
          await dialog.waitFor({ state: 'detached' });
        }
        if (screen.kind === 'list' && screen.entry.name === 'stock') {
          for (const [call, title] of [
            ['Adjust', 'Adjust'],
            ['Movements of', 'Movements of'],
          ] as const) {
            now = `stock ${call.toLowerCase()} dialog`;
            await page
              .getByRole('button', { name: new RegExp(`^${call} `) })
              .first()
              .click();
            const dialog = page.getByRole('dialog', { name: new RegExp(`^${title} `) });
            await dialog.getByRole('button').last().waitFor();
            if (call === 'Movements of') await dialog.getByRole('table').waitFor();
            await page.mouse.move(0, 0);
            await checkAxe(now);
            await page.keyboard.press('Escape');
            await dialog.waitFor({ state: 'detached' });
          }
        }
        if (screen.kind === 'list' && screen.entry.name === 'orders') {
          now = 'order details dialog';
          await page
            .getByRole('button', { name: /^Actions for order/ })
            .first()
            .click();
          await page.getByRole('menuitem', { name: 'View Details' }).click();
          await page
            .getByRole('dialog', { name: /^Order Details/ })
            .getByRole('heading', { name: 'Order', exact: true })
            .waitFor();
          await page.mouse.move(0, 0);
          await checkAxe(now);
        }
      }

      // Each Quick Add target with no add page of its own: its list with the add dialog up, from the address.
      for (const resource of QUICK_ADD_DIALOGS) {
        now = `${resource.name} quick add ${resource.list.path}?action=create`;
        // The list shown already stays mounted: only its dialog opens.
        if (new URL(page.url()).pathname === resource.list.path)
          await followInConsole(page, `${resource.list.path}?action=create`);
        else await openInConsole(page, `${resource.list.path}?action=create`);
        await page.getByRole('dialog').waitFor();
      }

      now = 'not found /no/such/page';
      await page.goto('/no/such/page');
      await page.getByText('Oops! Page not found').waitFor();
      await checkAxe(now);
      await annotate(`axe-core checked in both themes: ${axeChecked.join(', ')}`);

      // On a phone, each screen as it starts at that size (a grid hides its low-priority columns as it mounts).
      await page.setViewportSize(PHONE);
      const wide: string[] = [];
      previous = undefined;
      for (const screen of screens) {
        await open(screen, previous, false);
        previous = screen;
        if (await scrollsSideways(page)) wide.push(screen.path);
        if (screen.kind === 'list' && screen.entry.name === 'coupons') {
          // A form dialog fills the screen.
          now = 'coupon add dialog on a phone';
          await page.getByRole('button', { name: 'Add New Coupon' }).click();
          const dialog = page.getByRole('dialog', { name: 'Add New Coupon' });
          await dialog.waitFor();
          const paper = await page
            .locator('.MuiDialog-paper')
            .first()
            .evaluate((element) => element.getBoundingClientRect().toJSON() as DOMRect);
          expect
            .soft(paper, 'the coupon add dialog fills the phone')
            .toMatchObject({ x: 0, y: 0, width: PHONE.width, height: PHONE.height });
          if (await scrollsSideways(page)) wide.push('the coupon add dialog');
          await page.keyboard.press('Escape');
          await dialog.waitFor({ state: 'detached' });
        }
      }
      await page.setViewportSize(DESKTOP);

      // Each kind of finding is reported, whichever else failed.
      expect.soft(wide, 'screens wider than the phone').toEqual([]);
      expect.soft(cspViolations.size, `content security policy violations:\n${report(cspViolations)}`).toBe(0);
      expect.soft(uncaught.size, `uncaught errors:\n${report(uncaught)}`).toBe(0);
      expect.soft(axeFound.size, `serious or critical axe-core violations:\n${report(axeFound)}`).toBe(0);
    },
    60_000 + SCREENS.length * 10_000,
  );
});
