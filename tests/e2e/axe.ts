import { expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';
import { STORAGE_KEYS } from '../../src/domain';

/**
 * axe-core (WCAG 2.1 A and AA) over what a page shows, in the light and the dark theme: every declared screen
 * (every-screen.test.ts) and the dialogs the feature tests open.
 */

/** axe-core's browser build, evaluated in the page over CDP: the console's CSP would refuse it as a script tag. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** WCAG 2.1 A and AA. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const THEMES = ['light', 'dark'] as const;
type Theme = (typeof THEMES)[number];
/** The body's background in each theme (src/app/theme.tsx), to know the switch has rendered. */
const BODY_BACKGROUND: Record<Theme, string> = { light: 'rgb(248, 250, 252)', dark: 'rgb(11, 17, 32)' };

/**
 * Serious and critical violations on the page as it is now, one readable line per offending element.
 * `colourOnly`: only the rules that read colours (axe's `cat.color` category among the WCAG ones), for a
 * theme switched over a page the whole set has just checked: a theme changes the palette, not the roles,
 * names or structure the other rules read. Only violations are collected (no passes or incomplete),
 * which keeps each run short.
 */
async function seriousViolations(page: Page, colourOnly: boolean): Promise<string[]> {
  // Injected once per document: moving between screens, a dialog opening or the theme switching keeps it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  // Nothing is measured mid-transition (a dialog fading in, colours easing to the new theme).
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => !(animation instanceof CSSTransition) || animation.playState !== 'running'),
  );
  const violations = await page.evaluate(
    async ({ tags, colourOnly }) => {
      const { axe } = window as unknown as {
        axe: {
          run: (context: Document, options: RunOptions) => Promise<AxeResults>;
          getRules: (tags: string[]) => { ruleId: string; tags: string[] }[];
        };
      };
      const colourRules = axe
        .getRules(tags)
        .filter((rule) => rule.tags.includes('cat.color') && !rule.tags.includes('experimental'))
        .map((rule) => rule.ruleId);
      const options: RunOptions = {
        runOnly: colourOnly ? { type: 'rule', values: colourRules } : { type: 'tag', values: tags },
        resultTypes: ['violations'],
      };
      return (await axe.run(document, options)).violations.map(({ id, impact, help, nodes }) => ({
        id,
        impact,
        help,
        nodes: nodes.map((node) => ({
          target: node.target.join(' > '),
          html: node.html.slice(0, 160),
          summary: node.failureSummary ?? '',
        })),
      }));
    },
    { tags: WCAG_TAGS, colourOnly },
  );
  return violations
    .filter(({ impact }) => impact === 'serious' || impact === 'critical')
    .flatMap(({ id, impact, help, nodes }) =>
      nodes.map(
        (node) =>
          `${id} (${impact}, ${help}): ${node.target}\n    ${node.html}\n    ${node.summary.replace(/\n\s*/g, ' ')}`,
      ),
    );
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
  await page.waitForFunction(
    (background) => getComputedStyle(document.body).backgroundColor === background,
    BODY_BACKGROUND[theme],
  );
}

/** Checks the screen as it stands in both themes (the whole set in the first, the colour rules in the other), ending in the theme it did not start in (the next screen starts there). */
export async function checkBothThemes(page: Page, screen: string, found: Map<string, string[]>): Promise<void> {
  const current =
    (await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.theme)) === 'dark' ? 'dark' : 'light';
  for (const theme of current === 'dark' ? [...THEMES].reverse() : THEMES) {
    if (theme !== current) await useTheme(page, theme);
    const violations = await seriousViolations(page, theme !== current);
    if (violations.length > 0) found.set(`${screen} (${theme})`, violations);
  }
}

/** axe-core finds nothing serious or critical on the page as it stands (a dialog open), in either theme. */
export async function expectAccessible(page: Page, what: string) {
  const found = new Map<string, string[]>();
  await page.mouse.move(0, 0);
  await checkBothThemes(page, what, found);
  expect([...found].map(([where, problems]) => `${where}:\n  ${problems.join('\n  ')}`)).toEqual([]);
}
