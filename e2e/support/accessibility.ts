import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Locator, type Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';
import { timed } from './timing';

/** axe-core's browser build, put into a page's documents once each (not at every check). */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** WCAG 2.0/2.1 A and AA rules; only violations are listed in full (passes cost time to gather). */
const AXE_OPTIONS: RunOptions = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
  resultTypes: ['violations'],
};

/**
 * Axe-core on the page's document and its frames. @axe-core/playwright's AxeBuilder put axe's
 * 550 kB source into every frame on every call and finished each run in a new blank page: 3–5 s a
 * screen, against 0.6–1.3 s for the rules themselves (insights tabs, 2026-11-28). Here axe goes into
 * a document once (a navigation starts a new one) and runs where it is, reaching same-origin frames
 * through its own messenger, as AxeBuilder's legacy mode does.
 */
async function runAxe(page: Page): Promise<AxeResults> {
  for (const frame of page.frames()) {
    const present = await frame.evaluate(() => 'axe' in window).catch(() => true);
    if (!present) await frame.evaluate(AXE_SOURCE).catch(() => undefined);
  }
  return page.evaluate(
    (options) =>
      (window as unknown as { axe: { run(c: Document, o: RunOptions): Promise<AxeResults> } }).axe.run(
        document,
        options,
      ),
    AXE_OPTIONS,
  );
}

/**
 * Axe-core on the screen as it is now (WCAG 2.0/2.1 A and AA rules): no serious or critical
 * violation. Call it where a journey takes a screenshot; the failure lists each rule, its impact and
 * the first elements it found, so the fix can start from the message.
 */
export async function expectAccessible(
  page: Page,
  screen: string,
  { soft = false }: { soft?: boolean } = {},
): Promise<void> {
  await animationsSettled(page);
  const { violations } = await timed('axe', () => runAxe(page));
  const serious = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.impact} ${violation.id}: ${violation.help} — ${violation.nodes
          .slice(0, 8)
          .map(
            (node) =>
              `${node.target.join(' ')}${
                violation.id === 'color-contrast'
                  ? contrastOf(node.any[0]?.data)
                  : ` (${(node.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 160)})`
              }`,
          )
          .join(' | ')}`,
    );
  // Soft: a walk over many screens goes on and lists every screen's violations at the end.
  (soft ? expect.soft : expect)(serious, `axe on ${screen}`).toEqual([]);
}

/** For a contrast finding: the two colours and their ratio, so that the fix knows which shade to pick. */
function contrastOf(data: unknown): string {
  if (typeof data !== 'object' || data === null || !('contrastRatio' in data)) return '';
  const { fgColor, bgColor, contrastRatio } = data as {
    fgColor: string;
    bgColor: string;
    contrastRatio: number;
  };
  return ` (${fgColor} on ${bgColor}: ${contrastRatio})`;
}

/**
 * The focused element, and whether a person sees where it is: an outline or a focus ring (box shadow)
 * on it, or, for a control drawn by its label while the input itself is hidden (a segmented control's
 * radio), on that label.
 */
export async function focusState(page: Page): Promise<{ name: string; ring: boolean } | null> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (element === null || element === document.body) return null;
    const visible = (node: Element) => {
      const box = node.getBoundingClientRect();
      const style = getComputedStyle(node);
      return box.width > 1 && box.height > 1 && style.opacity !== '0' && style.visibility !== 'hidden';
    };
    const ringOn = (node: Element) => {
      const style = getComputedStyle(node);
      return (
        (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none'
      );
    };
    const labels = 'labels' in element ? [...((element as HTMLInputElement).labels ?? [])] : [];
    const shown = visible(element) ? element : labels.find(visible);
    // A date or time field's last Tab stop is its calendar button, inside the field's user-agent shadow
    // root: the field stops matching :focus-visible and Chromium rings the button itself, a ring no
    // computed style of the page shows.
    const picker =
      element instanceof HTMLInputElement &&
      /^(date|datetime-local|month|week|time)$/.test(element.type) &&
      !element.matches(':focus-visible');
    const ring = picker || (shown !== undefined && ringOn(shown));
    const name = (
      element.getAttribute('aria-label') ??
      labels[0]?.textContent ??
      element.getAttribute('placeholder') ??
      element.textContent ??
      ''
    )
      .trim()
      .slice(0, 40);
    const type = element.getAttribute('type') ?? element.getAttribute('role');
    const tag = `${element.tagName.toLowerCase()}${type ? `[${type}]` : ''}`;
    return { name: `${tag} "${name}"${picker ? ' (its calendar button)' : ''}`, ring };
  });
}

/**
 * Presses Tab (from where the focus is) until `isTarget` holds for the focused element; every element
 * the focus passes shows a visible focus indicator. Fails after `limit` presses.
 */
export async function tabUntil(
  page: Page,
  target: string,
  isTarget: () => Promise<boolean>,
  limit = 80,
): Promise<void> {
  const passed: string[] = [];
  for (let presses = 0; presses < limit; presses++) {
    await page.keyboard.press('Tab');
    const state = await focusState(page);
    if (state === null) continue;
    expect(state.ring, `the focus on ${state.name} (after ${passed.join(', ')}) is visible`).toBe(true);
    passed.push(state.name);
    if (await isTarget()) return;
  }
  throw new Error(`${target} not reached by ${limit} Tab presses; the focus passed ${passed.join(', ')}`);
}

/** For tabUntil: whether `locator` is the focused element. */
export const isFocused = (locator: Locator) => (): Promise<boolean> =>
  locator.evaluate((element) => element === document.activeElement).catch(() => false);

/**
 * A keyboard user reaches each of `targets` from the top of the screen by Tab alone, seeing the focus
 * on every element on the way (tabUntil), the focus starting over from the top for each target.
 */
export async function expectReachableByTab(
  page: Page,
  screen: string,
  targets: Record<string, Locator>,
  limit = 120,
): Promise<void> {
  for (const [name, locator] of Object.entries(targets)) {
    await expect(locator, `${name} on ${screen}`).toBeVisible();
    // From the top of the document, as after loading the screen: a focus point before everything.
    await page.evaluate(() => {
      const start = document.createElement('div');
      start.tabIndex = -1;
      start.dataset.tabStart = '';
      document.body.prepend(start);
      start.focus();
    });
    await tabUntil(page, `${name} on ${screen}`, isFocused(locator), limit);
    await page.evaluate(() => document.querySelector('[data-tab-start]')?.remove());
  }
}

/**
 * Waits (up to 5 s) until no finite CSS animation or transition is running: a dialog still fading in
 * shows its colours blended with the page behind, and axe then measures a contrast the settled dialog
 * does not have. Endless animations (loaders) are not waited for.
 */
async function animationsSettled(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
}
