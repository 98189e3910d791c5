import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { tr } from './locales';
import { timed } from './timing';

/** Screenshots of each screen, kept as test artifacts under e2e/artifacts/screens/. */
export const SCREENS_DIR = resolve(import.meta.dirname, '../artifacts/screens');

/**
 * Whether the journeys write their screenshots: `E2E_SCREENSHOTS=on|off`, on by default and off in
 * CI (`CI` set), where nobody looks at them: the 570 captures of a run cost 408 s of its 50 min of
 * test time (2026-11-29, load ~10). Off, `screenshot()` still brings the page to the front and
 * fails on the crash modal; only the picture is left out.
 */
export const KEEP_SCREENSHOTS = (process.env.E2E_SCREENSHOTS ?? (process.env.CI ? 'off' : 'on')) !== 'off';

export async function screenshot(page: Page, name: string): Promise<void> {
  if (!KEEP_SCREENSHOTS) {
    await page.bringToFront();
    await noCrash(page, name);
    return;
  }
  await timed('screenshot', () => capture(page, name));
}

async function capture(page: Page, screen: string): Promise<void> {
  mkdirSync(SCREENS_DIR, { recursive: true });
  // A journey run again on a phone (the phone project) keeps its own pictures beside the laptop's.
  const phone = (page.viewportSize()?.width ?? 1280) <= 480 && !/phone|-390|-1280/.test(screen);
  const name = phone ? `${screen}-phone` : screen;
  // A page behind another of its context (a journey's second tab) draws no frames until it is in
  // front: without a trace's screencast forcing frames, its capture waited 2–7 s for one (0.1 s here).
  await page.bringToFront();
  // Let fonts and transitions settle so that the artifact shows what a person sees: after a change of
  // width the navigation slides out over 200 ms, and a capture in the middle showed a strip of it.
  await page.evaluate(() => document.fonts.ready);
  await settleTransitions(page);
  // A full-page capture stitches fixed headers into the middle of long pages; growing the viewport to
  // the page's height shows the page as one tall window would instead.
  const viewport = page.viewportSize();
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  if (viewport && height > viewport.height) await page.setViewportSize({ width: viewport.width, height });
  await page.screenshot({ path: `${SCREENS_DIR}/${name}.png` });
  if (viewport && height > viewport.height) await page.setViewportSize(viewport);
  await noCrash(page, name);
}

const CRASH_TITLES = [tr('en', 'crash.title'), tr('ja', 'crash.title')];

/**
 * The app's crash modal (an uncaught error on the page) is not up: when it is, the journey fails
 * here with the error the modal shows, not later on a click the modal's overlay intercepts.
 */
async function noCrash(page: Page, name: string): Promise<void> {
  const crash = page
    .getByRole('dialog')
    .filter({ hasText: CRASH_TITLES[0] })
    .or(page.getByRole('dialog').filter({ hasText: CRASH_TITLES[1] }));
  if ((await crash.count()) > 0) {
    throw new Error(`The crash modal is open on screen ${name}: ${await crash.first().innerText()}`);
  }
}

/** Waits two frames (for a transition a resize starts), then for every animation that ends to end. */
const settleTransitions = (page: Page): Promise<void> =>
  page.evaluate(async () => {
    for (let i = 0; i < 2; i++) await new Promise((done) => requestAnimationFrame(() => done(null)));
    const finite = document
      .getAnimations()
      .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime ?? Infinity)));
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
  });

/**
 * The controls of the page's header (banner) that end past the window's right edge, as their
 * accessible names: none, or a person cannot reach them without scrolling a header that does not scroll.
 */
const headerControlsOffScreen = (page: Page): Promise<string[]> =>
  page.evaluate(() =>
    [...document.querySelectorAll('header button, header a')]
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
      .map((element) => element.getAttribute('aria-label') ?? element.textContent ?? ''),
  );

/**
 * What the page's main content cuts off at the window's right edge: each visible element that ends
 * past it (inside a box that scrolls sideways, or clipped), or whose own content is clipped inside it,
 * as the start of its text or its tag. None, or a person on a phone misses it unless they think of
 * scrolling a table sideways.
 */
export const contentCutOff = (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    const all = [...document.querySelectorAll('main *')];
    // Visually hidden for assistive technology (clipped to nothing): neither it nor what it holds (a
    // chart's table for screen readers) is seen, however wide its rows are laid out.
    const unseen = all.filter((element) => getComputedStyle(element).clip === 'rect(0px, 0px, 0px, 0px)');
    return all
      .filter((element) => {
        const box = element.getBoundingClientRect();
        // Nothing to see: empty (or 1 px).
        if (box.width <= 1 || box.height <= 1) return false;
        if (unseen.some((hidden) => hidden.contains(element))) return false;
        const style = getComputedStyle(element);
        if (style.visibility === 'hidden') return false;
        if (box.right > window.innerWidth + 1) return true;
        // Or its own text clipped inside it (a button squeezed to "Paus"), unless it says so with "…"
        // (a box without text, such as a switch's track around its thumb, clips by design).
        const clips = style.overflowX !== 'visible' && style.textOverflow !== 'ellipsis';
        const field = ['INPUT', 'TEXTAREA', 'SELECT'].includes(element.tagName);
        const text = (element.textContent ?? '').trim() !== '';
        return clips && text && !field && element.scrollWidth > element.clientWidth + 1;
      })
      .map(
        (element) =>
          (element.textContent ?? '').trim().slice(0, 40) ||
          `${element.tagName}.${String(element.getAttribute('class') ?? '').slice(0, 80)}`,
      );
  });

/**
 * `screenshot` at the desktop width (as `${name}-1280`) and at a phone's (`${name}-390`), where the
 * header's controls must all be on screen; with `nothingCutOff`, the main content too (`contentCutOff`).
 */
export async function screenshotBothWidths(
  page: Page,
  name: string,
  { nothingCutOff = false }: { nothingCutOff?: boolean } = {},
): Promise<void> {
  await screenshot(page, `${name}-1280`);
  const viewport = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => headerControlsOffScreen(page)).toEqual([]);
  if (nothingCutOff) await expect.poll(() => contentCutOff(page)).toEqual([]);
  await screenshot(page, `${name}-390`);
  await page.setViewportSize(viewport);
}
