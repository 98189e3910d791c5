import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { unzipSync } from 'fflate';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { blobBytes } from '@/lib/export-png';
import { encodePackage } from '@/lib/insights-link';
import { notificationStore } from '@/lib/notifications';
import { fakeFetch, jsonBody, renderWithProviders, type FakeRoute } from '@/test/render';
import { historyFixture } from '../history-fixture';
import { fixtureReport } from '../insights-fixture';
import { InsightsScreen } from './insights-screen';

vi.mock('html-to-image', () => ({
  toBlob: vi.fn((node: HTMLElement) =>
    Promise.resolve(new Blob([`png:${node.dataset.exportName ?? ''}`], { type: 'image/png' })),
  ),
}));

const job = (patch: Record<string, unknown>) => ({
  id: 'job-1',
  kind: 'insights',
  state: 'running',
  progress: 0,
  stage: 'Queued',
  result: null,
  error: null,
  created: '2026-03-04T10:00:00.000Z',
  updated: '2026-03-04T10:00:01.000Z',
  ...patch,
});

const config = { id: 5, name: 'Anime lovers' };
const lastToast = () => notificationStore.list().at(-1);

/** by_config without a stored report, then a job that runs at 40 % once and is done after. */
const computingRoutes = (): Record<string, FakeRoute> => {
  let polls = 0;
  return {
    'GET /api/audience-insights/5/by_config/': {
      body: { audience_config: config, insights: null, computed: null },
    },
    'POST /api/audience-configs/insights/': { status: 202, body: { job: job({ state: 'queued' }) } },
    'GET /api/jobs/job-1/': () =>
      ++polls < 2
        ? { body: job({ progress: 40, stage: 'Computing communities' }) }
        : { body: job({ state: 'done', progress: 100, stage: 'Done', result: fixtureReport }) },
  };
};

const storedRoutes = (): Record<string, FakeRoute> => ({
  'GET /api/audience-insights/5/by_config/': {
    body: { audience_config: config, insights: fixtureReport, computed: '2026-03-04T10:00:00.000Z' },
  },
});

const renderScreen = (routes: Record<string, FakeRoute>, route = '/acme/insights?config=5') => {
  const fetchMock = vi.spyOn(window, 'fetch').mockImplementation(
    fakeFetch({
      'GET /api/audience-configs/5/history/': { body: historyFixture(5, 1) },
      'GET /api/audience-configs/5/alerts/': { body: { results: [] } },
      ...routes,
    }),
  );
  renderWithProviders(<InsightsScreen teamSlug="acme" />, { route });
  return fetchMock;
};

const openTab = async (name: string) => {
  await userEvent.click(await screen.findByRole('tab', { name }));
  return screen.findByRole('tabpanel', { name });
};

beforeEach(() => {
  // jsdom has no canvas: the word cloud keeps its list form.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});

afterEach(() => notificationStore.clear());

describe('InsightsScreen', () => {
  it('computes a missing report with a progress bar, then shows the tabs', async () => {
    const fetchMock = renderScreen(computingRoutes());
    const bar = await screen.findByRole('progressbar', { name: 'Report progress' });
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('40'));
    expect(screen.getByText('40% · Computing communities')).toBeTruthy();

    expect((await screen.findByRole('tab', { name: 'Summary' })).getAttribute('aria-selected')).toBe('true');
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Anime lovers' })).toBeTruthy();
    const figures = screen.getByRole('region', { name: 'Audience size' });
    expect(within(figures).getByText('2.3M')).toBeTruthy();
    expect(within(figures).getByText('4.21%')).toBeTruthy();

    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(jsonBody(post?.[1])).toEqual({ audience_config_id: 5, exclusions: undefined });
  });

  it('posts the package of a ?package= link', async () => {
    const routes = computingRoutes();
    const fetchMock = renderScreen(
      routes,
      `/acme/insights?package=${encodePackage({ handles: [{ handle: 'nhk' }] })}`,
    );
    expect(await screen.findByRole('tab', { name: 'Summary' })).toBeTruthy();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    const body = jsonBody(post?.[1]) as { targeting_package: { handles: unknown[] } };
    expect(body.targeting_package.handles).toEqual([{ handle: 'nhk' }]);
    expect(screen.getByRole('heading', { name: 'Unsaved audience' })).toBeTruthy();
  });

  it('shows a stored report without computing, and each tab shows its numbers', async () => {
    const fetchMock = renderScreen(storedRoutes());
    expect(await screen.findByRole('region', { name: 'Influential accounts' })).toBeTruthy();
    expect(screen.getByText('@nhk')).toBeTruthy();
    expect(screen.getByText('@sample_one')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    const demographics = await openTab('Demographics');
    const gender = within(demographics).getByRole('region', { name: 'Gender' });
    expect(within(gender).getByText('62.34%')).toBeTruthy();
    expect(within(gender).getByText('1.3×')).toBeTruthy();
    expect(await within(demographics).findByTestId('world-map', {}, { timeout: 15_000 })).toBeTruthy();
    expect(
      within(within(demographics).getByRole('region', { name: 'Regions' })).getByText('45.67%'),
    ).toBeTruthy();
    expect(within(demographics).getByText('NTT Docomo')).toBeTruthy();
    expect(within(demographics).getByText('18+')).toBeTruthy();

    const conversation = await openTab('Conversation');
    expect(
      within(within(conversation).getByRole('region', { name: 'Interests' })).getByText('34.56%'),
    ).toBeTruthy();
    expect(await within(conversation).findByRole('list', { name: 'Words in bio' })).toBeTruthy();
    expect(within(conversation).getByText('Spirited Away')).toBeTruthy();

    const jobs = await openTab('Job titles');
    expect(within(jobs).getByText('Frontend developer')).toBeTruthy();
    expect(within(jobs).getByText('9.09%')).toBeTruthy();

    const network = await openTab('Network');
    expect(await within(network).findByTestId('network-graph')).toBeTruthy();
    expect(
      within(within(network).getByRole('region', { name: 'Communities' })).getByText('Anime fans'),
    ).toBeTruthy();
    expect(within(network).getByText('@liked_acct')).toBeTruthy();
    expect(within(network).getByText('@reposted_acct')).toBeTruthy();

    const topics = await openTab('Topic analysis');
    expect(within(within(topics).getByRole('region', { name: 'Hashtags' })).getByText('14.14%')).toBeTruthy();

    const wall = await openTab('Content wall');
    expect(within(wall).getByText('The best opening of the season')).toBeTruthy();
    expect(within(wall).getAllByText('Likes: 1.5K').length).toBeGreaterThan(0);
    expect(within(wall).getByText('A reposted post')).toBeTruthy();
  });

  it('recomputes on Refresh', async () => {
    const routes = { ...computingRoutes(), ...storedRoutes() };
    const fetchMock = renderScreen(routes);
    await screen.findByRole('region', { name: 'Audience size' });
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByRole('progressbar', { name: 'Report progress' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(1);
  });

  it('says why a failed report failed and offers to try again', async () => {
    renderScreen({
      ...storedRoutes(),
      'GET /api/audience-insights/5/by_config/': {
        body: { audience_config: config, insights: null, computed: null },
      },
      'POST /api/audience-configs/insights/': { status: 202, body: { job: job({ state: 'queued' }) } },
      'GET /api/jobs/job-1/': { body: job({ state: 'failed', error: 'The audience is empty.' }) },
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The audience is empty.');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('copies a panel with SPEC §5 messages', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderScreen(storedRoutes());
    const demographics = await openTab('Demographics');
    const gender = within(demographics).getByRole('region', { name: 'Gender' });
    await userEvent.click(within(gender).getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(expect.stringContaining('Female\t62.34%\t1.3×'));
    expect(lastToast()).toMatchObject({ text: 'Copied!', level: 'success' });

    // A panel without data has nothing to copy.
    const cities = within(demographics).getByRole('region', { name: 'Cities' });
    expect(within(cities).getByText('32.32%')).toBeTruthy();
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    await userEvent.click(within(cities).getByRole('button', { name: 'Copy' }));
    expect(lastToast()).toMatchObject({ text: 'Failed to copy content. Please try a different browser.' });
  });

  it('says "Nothing selected to copy." for an empty panel', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderScreen({
      'GET /api/audience-insights/5/by_config/': {
        body: {
          audience_config: config,
          insights: { ...fixtureReport, devices: { ...fixtureReport.devices, networkOperators: [] } },
          computed: null,
        },
      },
    });
    const demographics = await openTab('Demographics');
    const operators = within(demographics).getByRole('region', { name: 'Network operators' });
    expect(within(operators).getByText('No data for this audience.')).toBeTruthy();
    await userEvent.click(within(operators).getByRole('button', { name: 'Copy' }));
    expect(writeText).not.toHaveBeenCalled();
    expect(lastToast()).toMatchObject({ text: 'Nothing selected to copy.', level: 'warn' });
  });

  it('exports one panel as a PNG of that panel', async () => {
    const { toBlob } = await import('html-to-image');
    const createObjectURL = vi.fn(() => 'blob:panel');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderScreen(storedRoutes());
    const panel = await screen.findByRole('region', { name: 'Influential accounts' });
    await userEvent.click(within(panel).getByRole('button', { name: 'Export PNG' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    expect(vi.mocked(toBlob).mock.calls.at(-1)?.[0]).toBe(panel);
  });

  it('exports every panel of every tab as a zip of PNGs', async () => {
    let zipped: Blob | undefined;
    Object.assign(URL, {
      createObjectURL: vi.fn((blob: Blob) => {
        zipped = blob;
        return 'blob:zip';
      }),
      revokeObjectURL: vi.fn(),
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderScreen(storedRoutes());
    await screen.findByRole('region', { name: 'Audience size' });
    await userEvent.click(screen.getByRole('button', { name: 'Export all (ZIP)' }));
    await waitFor(() => expect(zipped).toBeDefined(), { timeout: 10_000 });
    expect((click.mock.contexts.at(-1) as HTMLAnchorElement).download).toBe('anime-lovers-insights.zip');

    const files = unzipSync(await blobBytes(zipped!));
    const names = Object.keys(files);
    // 4 summary + 11 demographics + 6 conversation + 2 job titles + 5 network + 4 topic + 3 wall panels.
    expect(names).toHaveLength(35);
    expect(names.every((n) => n.endsWith('.png'))).toBe(true);
    expect(names).toContain('demographics-gender.png');
    expect(new TextDecoder().decode(files['demographics-gender.png'])).toBe('png:Gender');
    // The off-screen copy is gone once the zip is made.
    await waitFor(() => expect(document.querySelector('[data-export-tab]')).toBeNull());
  });
});
