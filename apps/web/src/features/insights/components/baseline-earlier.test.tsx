import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLocation } from 'react-router';
import { formatDate } from '@murmur/core/format';
import { fakeFetch, jsonBody, renderWithProviders, urlOf, type FakeRoute } from '@/test/render';
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

// The report against the audience's point of 2026-11-20, three of whose members have left X.
const earlierReport = {
  ...fixtureReport,
  baseline: {
    kind: 'earlier',
    label: 'This audience on 2026-11-20',
    ref: '2026-11-20',
    size: { kind: 'estimate', value: 1000, low: 900, high: 1100, sample: 10, sample_size: 100, rate: 100 },
    dropped: 3,
  },
};

const routes = (days: number): Record<string, FakeRoute> => ({
  'GET /api/audience-insights/5/by_config/': {
    body: { audience_config: { id: 5, name: 'Anime lovers' }, insights: fixtureReport, computed: null },
  },
  'GET /api/targeting-countries/': { body: { countries: [] } },
  'GET /api/audience-configs/': { body: { count: 0, next: null, previous: null, results: [] } },
  'GET /api/audience-configs/5/history/': { body: historyFixture(5, days) },
  'GET /api/audience-configs/5/alerts/': { body: { results: [] } },
  'POST /api/audience-configs/insights/': { status: 202, body: { job: job({}) } },
  'GET /api/jobs/job-1/': { body: job({ state: 'done', progress: 100, result: earlierReport }) },
});

function Address() {
  return <output data-testid="address">{useLocation().search}</output>;
}

const renderAt = (route: string, days = 2) => {
  const fetchMock = vi.spyOn(window, 'fetch').mockImplementation(fakeFetch(routes(days)));
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

const day = (lang: 'en' | 'ja') => formatDate('2026-11-20T00:00:00Z', lang, { timeZone: 'UTC' });

beforeEach(() => {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});
afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('comparing with an earlier point of the same audience', () => {
  it('parses the address value only for a saved audience', () => {
    expect(parseBaseline('earlier:2026-11-20', 5)).toEqual({
      kind: 'earlier',
      audience_config_id: 5,
      day: '2026-11-20',
    });
    expect(parseBaseline('earlier:2026-11-20')).toEqual({ kind: 'network' });
    expect(parseBaseline('earlier:yesterday', 5)).toEqual({ kind: 'network' });
  });

  it.each([
    ['en', 'Compare with', `This audience on ${day('en')}`],
    ['ja', '比較対象', `${day('ja')} 時点のこのオーディエンス`],
  ] as const)(
    'offers the earlier days (not today) and computes against one chosen (%s)',
    async (lang, name, option) => {
      await i18n.changeLanguage(lang);
      const fetchMock = renderAt('/acme/insights?config=5');
      await userEvent.click(await screen.findByRole('textbox', { name }));
      // Two points: the first is earlier, the latest is the audience now and not offered.
      await waitFor(() => expect(screen.getByRole('option', { name: option })).toBeTruthy());
      const latest = formatDate('2026-11-21T00:00:00Z', lang, { timeZone: 'UTC' });
      expect(screen.getAllByRole('option').filter((o) => o.textContent?.includes(latest))).toHaveLength(0);
      const select = screen.getByRole('textbox', { name });
      await userEvent.clear(select);
      await userEvent.type(select, day(lang));
      await userEvent.keyboard('{ArrowDown}{Enter}');
      await waitFor(() =>
        expect(screen.getByTestId('address').textContent).toContain('baseline=earlier%3A2026-11-20'),
      );
      await waitFor(() =>
        expect(posted(fetchMock)).toEqual([
          { audience_config_id: 5, baseline: { kind: 'earlier', audience_config_id: 5, day: '2026-11-20' } },
        ]),
      );
    },
  );

  it.each([
    [
      'en',
      `Shares and affinities are compared with this audience on ${day('en')}. 3 of its members then have since left X and are not counted.`,
    ],
    [
      'ja',
      `割合と親和性は ${day('ja')} 時点のこのオーディエンスとの比較です。当時のメンバーのうち 3 人はその後 X を離れたため含まれていません。`,
    ],
  ] as const)('says what the report is compared with and how many have left (%s)', async (lang, note) => {
    await i18n.changeLanguage(lang);
    renderAt('/acme/insights?config=5&baseline=earlier:2026-11-20');
    await waitFor(() => expect(screen.getByTestId('baseline-note').textContent).toBe(note));
  });

  it.each([
    ['en', 'Compare with', 'No earlier day yet: a point is recorded each day'],
    ['ja', '比較対象', '過去の時点はまだありません（1 日に 1 点記録されます）'],
  ] as const)(
    'with one point only, the option is disabled with the reason (%s)',
    async (lang, name, reason) => {
      await i18n.changeLanguage(lang);
      renderAt('/acme/insights?config=5', 1);
      await userEvent.click(await screen.findByRole('textbox', { name }));
      const option = await screen.findByRole('option', { name: reason });
      expect(option.hasAttribute('data-combobox-disabled')).toBe(true);
    },
  );

  it.each([
    ['en', 'Compare with', 'Loading earlier days…'],
    ['ja', '比較対象', '過去の時点を読み込み中…'],
  ] as const)(
    'while the history loads, the option is disabled and says so (%s)',
    async (lang, name, text) => {
      await i18n.changeLanguage(lang);
      const answer = fakeFetch(routes(2));
      vi.spyOn(window, 'fetch').mockImplementation((input, init) =>
        urlOf(input).includes('/history/') ? new Promise<Response>(() => undefined) : answer(input, init),
      );
      renderWithProviders(<InsightsScreen teamSlug="acme" />, { route: '/acme/insights?config=5' });
      await userEvent.click(await screen.findByRole('textbox', { name }));
      const option = await screen.findByRole('option', { name: text });
      expect(option.hasAttribute('data-combobox-disabled')).toBe(true);
    },
  );
});
