import { formatLargeNumber } from '@murmur/core/format';
import { expect, type Page, type Response } from '@playwright/test';

// The API, as the audience journey calls it (with the page's session), and the shapes it reads.

export type Pkg = Record<string, unknown[]>;

export interface Share {
  key: string;
  label: string;
  share: number;
}
export interface Account {
  handle: string;
  name: string;
  share?: number;
}
export interface Job {
  id: string;
  kind: string;
  state: 'queued' | 'running' | 'done' | 'failed';
  result: unknown;
}
export interface Insights {
  estimate: { population_estimate: number; size_bucket: string };
  summary?: { populationEstimate: number; sizeBucket: string };
  interests?: { interests: Share[]; distinctive: Share[] };
  influentialAccounts?: { accounts: Account[]; distinctive: Account[] };
  demographics?: { countries: Share[]; languages: Share[] };
  locations?: { countries: Share[] };
  conversationTopics?: { topics: Share[]; moviesTv: Share[] };
  jobTitles?: { categories: Share[] };
  communities?: { communities: { name: string; interests: Share[]; words: Share[] }[] };
  topicAnalysis?: { hashtags: Share[]; terms: Share[] };
  contentWall?: { posts: { text: string; author: { handle: string } }[] };
}
/** Murmur's population estimate with its 95 % interval (@murmur/core/sampling). */
export interface EstimateFigure {
  kind: 'estimate';
  value: number;
  low: number;
  high: number;
  sample: number;
  sample_size: number | null;
  rate: number;
}
export interface Comparison {
  sizeA: number;
  sizeB: number;
  overlap: number;
  /** The sizes and the overlap as the screens show them: population estimates. */
  figures: { a: EstimateFigure; b: EstimateFigure; overlap: EstimateFigure };
  shareOfAInB: number;
  shareOfBInA: number;
  jaccard: number;
}
export interface AudienceConfig {
  id: number;
  name: string;
  size: number;
  size_figure: EstimateFigure;
  country: string | null;
}

/** The audience engine indexes the sandbox network in the background after start-up. */
export async function waitForEngine(serverUrl: string): Promise<void> {
  await expect
    .poll(
      async () =>
        ((await (await fetch(`${serverUrl}/api/engine/status/`)).json()) as { state: string }).state,
      { timeout: 60_000 },
    )
    .toBe('ready');
}

/** Calls the API as the page's user does (its session cookie and CSRF token); expects a 2xx answer. */
export type Api = <T>(method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown) => Promise<T>;

export function apiFor(page: Page, serverUrl: string): Api {
  return async <T>(method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown): Promise<T> => {
    const csrf = (await page.context().cookies(serverUrl)).find((c) => c.name === 'csrftoken')?.value;
    const response = await page.request.fetch(`${serverUrl}${path}`, {
      method,
      data,
      headers: csrf === undefined ? {} : { 'X-CSRFToken': csrf },
    });
    expect(response.ok(), `${method} ${path} → ${response.status()} ${await response.text()}`).toBe(true);
    return (await response.json()) as T;
  };
}

/** The size the creator should show for a package: the API's own estimate, formatted (SPEC §9). */
export async function expectedSize(api: Api, pkg: Pkg): Promise<string> {
  const estimate = await api<{ population_estimate: number }>('POST', '/api/build-audience/', {
    targeting_package: pkg,
  });
  return formatLargeNumber(estimate.population_estimate);
}

export interface JobWatch {
  /** The latest finished job of that kind the page heard about (forgetting every job heard so far). */
  finished(kind: RegExp): Promise<Job>;
}

/**
 * Keeps every job the page hears about (the POST that starts it and each poll), so that a journey can
 * compare what the screen shows with the job's own result.
 */
export function watchJobs(page: Page): JobWatch {
  const jobs = new Map<string, Job>();
  page.on('response', (response: Response) => {
    const path = new URL(response.url()).pathname;
    if (!/^\/api\/(jobs\/[^/]+|audience-configs\/(insights|perspectives))\/$/.test(path)) return;
    response
      .json()
      .then((body: { job?: Job } & Partial<Job>) => {
        const job = body.job ?? (body as Job);
        if (typeof job.id === 'string') jobs.set(job.id, job);
      })
      .catch(() => undefined);
  });
  return {
    async finished(kind) {
      let found: Job | undefined;
      await expect
        .poll(
          () => {
            found = [...jobs.values()].reverse().find((j) => kind.test(j.kind) && j.state === 'done');
            return found !== undefined;
          },
          { timeout: 60_000, message: `a finished ${String(kind)} job` },
        )
        .toBe(true);
      jobs.clear();
      return found!;
    },
  };
}
