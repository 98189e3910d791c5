import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useLocation } from 'react-router';
import { fakeFetch, jsonBody, renderWithProviders, type FakeRoute } from '@/test/render';
import { historyFixture } from '../history-fixture';
import { fixtureReport } from '../insights-fixture';
import { parseBaseline } from '../utils/baseline-param';
import { InsightsScreen } from './insights-screen';

const job = (patch: Record<string, unknown>) => ({
  id: 'job-1',
  kind: 'insights',
  state: 'queued',
  progress: 0,
  stage: 'Queued',
  result: null,
  error: null,
  created: '2026-03-04T10:00:00.000Z',
  updated: '2026-03-04T10:00:01.000Z',
  ...patch,
});

const japanReport = {
  ...fixtureReport,
  baseline: {
    kind: 'country',
    label: 'Japan',
    ref: 'JP',
    size: { kind: 'estimate', value: 1000, low: 900, high: 1100, sample: 10, sample_size: 100, rate: 100 },
  },
};

const routes = (): Record<string, FakeRoute> => ({
  'GET /api/audience-insights/5/by_config/': {
    body: { audience_config: { id: 5, name: 'Anime lovers' }, insights: fixtureReport, computed: null },
  },
  'GET /api/targeting-countries/': {
    body: {
      countries: [
        { code: 'JP', name: 'Japan', name_ja: '日本', selectable: true },
        { code: 'KP', name: 'North Korea', name_ja: '北朝鮮', selectable: false },
      ],
    },
  },
  'GET /api/audience-configs/': { body: { count: 0, next: null, previous: null, results: [] } },
  'GET /api/audience-configs/5/history/': { body: historyFixture(5, 1) },
  'GET /api/audience-configs/5/alerts/': { body: { results: [] } },
  'POST /api/audience-configs/insights/': { status: 202, body: { job: job({}) } },
  'GET /api/jobs/job-1/': { body: job({ state: 'done', progress: 100, result: japanReport }) },
});

/** The address the screen is at, to check that the choice is kept in it. */
function Address() {
  return <output data-testid="address">{useLocation().search}</output>;
}

const renderAt = (route: string) => {
  const fetchMock = vi.spyOn(window, 'fetch').mockImplementation(fakeFetch(routes()));
  renderWithProviders(
    <>
      <InsightsScreen teamSlug="acme" />
      <Address />
    </>,
    { route },
  );
  return fetchMock;
};

const posted = (fetchMock: ReturnType<typeof renderAt>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST').map(([, init]) => jsonBody(init));

beforeEach(() => {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});

describe('insights baseline', () => {
  it('parses the address value, falling back to the whole network', () => {
    expect(parseBaseline('country:jp')).toEqual({ kind: 'country', country: 'JP' });
    expect(parseBaseline('audience:12')).toEqual({ kind: 'audience', audience_config_id: 12 });
    expect(parseBaseline('audience:x')).toEqual({ kind: 'network' });
    expect(parseBaseline(null)).toEqual({ kind: 'network' });
  });

  it('a shared link with ?baseline= computes against it and says so', async () => {
    const fetchMock = renderAt('/acme/insights?config=5&baseline=country:JP');
    await waitFor(() =>
      expect(posted(fetchMock)).toEqual([
        { audience_config_id: 5, baseline: { kind: 'country', country: 'JP' } },
      ]),
    );
    expect((await screen.findByTestId('baseline-note')).textContent).toBe(
      'Shares and affinities are relative to: Japan',
    );
  });

  it('choosing a country with the keyboard puts it in the address and the request', async () => {
    const fetchMock = renderAt('/acme/insights?config=5');
    expect((await screen.findByTestId('baseline-note')).textContent).toContain('Whole network');
    expect(posted(fetchMock)).toEqual([]);
    const select = screen.getByRole('textbox', { name: 'Compare with' });
    await userEvent.click(select);
    await userEvent.clear(select);
    await userEvent.type(select, 'Jap');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(screen.getByTestId('address').textContent).toContain('baseline=country%3AJP'));
    await waitFor(() =>
      expect(posted(fetchMock)).toEqual([
        { audience_config_id: 5, baseline: { kind: 'country', country: 'JP' } },
      ]),
    );
  });
});
