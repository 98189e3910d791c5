import type { Page } from '@playwright/test';

/** Requests of a page still in flight, counted from the first time the page is watched. */
const inFlight = new WeakMap<Page, { count: number }>();

function watched(page: Page): { count: number } {
  let state = inFlight.get(page);
  if (state) return state;
  const counter = { count: 0 };
  page.on('request', () => counter.count++);
  page.on('requestfinished', () => counter.count--);
  page.on('requestfailed', () => counter.count--);
  inFlight.set(page, counter);
  state = counter;
  return state;
}

/** Starts counting a page's requests (call it before the first navigation the page makes). */
export const watchRequests = (page: Page): void => void watched(page);

/**
 * Until none of the page's requests has been in flight for `quietMs` (a screen's calls answered and
 * what they lead to drawn), at most `timeout` ms: Playwright's 'networkidle' waits 500 ms of silence
 * every time, which over a hundred screens of a walk is a minute of nothing. A request that never ends
 * (an event stream) is given up on at `timeout`, without failing: the checks after this one wait for
 * what they need.
 */
export async function requestsSettled(page: Page, { quietMs = 150, timeout = 5_000 } = {}): Promise<void> {
  const counter = watched(page);
  const started = Date.now();
  let quietSince = counter.count <= 0 ? Date.now() : null;
  while (Date.now() - started < timeout) {
    if (counter.count > 0) quietSince = null;
    else quietSince ??= Date.now();
    if (quietSince !== null && Date.now() - quietSince >= quietMs) return;
    await page.waitForTimeout(25);
  }
}
