import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, jsonBody, renderWithProviders, type FakeRoute } from '@/test/render';
import type { AudiencePoint } from '@murmur/core/api';
import { changesFixture, historyFixture } from '../../history-fixture';
import { HistoryCard } from './history-card';

const HISTORY = 'GET /api/audience-configs/5/history/';
/** The addresses fetched, as text. */
const urls = (fetchMock: ReturnType<typeof renderCard>) =>
  fetchMock.mock.calls.map(([input]) => (input instanceof Request ? input.url : input.toString()));
const CHANGES = 'GET /api/audience-configs/5/history/changes/';

const ALERTS = 'GET /api/audience-configs/5/alerts/';
const renderCard = (routes: Record<string, FakeRoute>) => {
  const fetchMock = vi
    .spyOn(window, 'fetch')
    .mockImplementation(fakeFetch({ [ALERTS]: { body: { results: [] } }, ...routes }));
  renderWithProviders(<HistoryCard configId={5} />);
  return fetchMock;
};
afterEach(() => vi.restoreAllMocks());

describe('the audience over time', () => {
  it('draws the size with its interval and lists what changed beyond noise', async () => {
    const fetchMock = renderCard({
      [HISTORY]: { body: historyFixture() },
      [CHANGES]: { body: changesFixture() },
    });
    const chart = await screen.findByRole('img', {
      name: /Audience estimate from Nov 20, 2026 to Nov 21, 2026/,
    });
    expect(chart).toBeTruthy();
    // The latest point's figure is labelled as an estimate, with its interval.
    const card = screen.getByTestId('history-card');
    expect(within(card).getAllByText('Audience (estimate)').length).toBeGreaterThan(0);
    const table = await screen.findByTestId('history-changes');
    expect(within(table).getByText('Japan')).toBeTruthy();
    expect(within(table).getByText('Countries')).toBeTruthy();
    expect(within(table).getByText('−10.44 pt')).toBeTruthy();
    expect(screen.getByTestId('history-size-change').textContent).toMatch(
      /180K → 158K \(-12\.22%\)\. Beyond the sampling noise\./,
    );
    const asked = urls(fetchMock).find((u) => u.includes('/changes/'));
    expect(asked).toContain('from=2026-11-20');
    expect(asked).toContain('to=2026-11-21');
  });

  it('places the points by date: days without a point leave their gap', async () => {
    const [a, b] = historyFixture().points as [AudiencePoint, AudiencePoint];
    // Nov 20, Nov 21, then nothing until Dec 1 (simulated days passed at once, or a server down).
    const c = { ...b, day: '2026-12-01' };
    renderCard({
      [HISTORY]: { body: { ...historyFixture(), points: [a, b, c] } },
      [CHANGES]: { body: changesFixture() },
    });
    const chart = await screen.findByRole('img', { name: /from Nov 20, 2026 to Dec 1, 2026/ });
    const xs = [...chart.querySelectorAll('g > line:first-of-type')].map((l) => Number(l.getAttribute('x1')));
    expect(xs).toHaveLength(3);
    // One day, then ten: the gaps are in that ratio.
    expect((xs[2]! - xs[1]!) / (xs[1]! - xs[0]!)).toBeCloseTo(10);
  });

  it('a new point refreshes the alert rules (evaluated on it)', async () => {
    const [a, b] = historyFixture().points as [AudiencePoint, AudiencePoint];
    let points = [a, b];
    const fetchMock = vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({
        [ALERTS]: { body: { results: [] } },
        [HISTORY]: () => ({ body: { ...historyFixture(), points } }),
        [CHANGES]: { body: changesFixture() },
      }),
    );
    const { queryClient } = renderWithProviders(<HistoryCard configId={5} />);
    const alertCalls = () => urls(fetchMock).filter((u) => u.endsWith('/alerts/')).length;
    await screen.findByRole('img', { name: /to Nov 21, 2026/ });
    await screen.findByText('No alert yet.');
    // The first point may have been measured while the rules were fetched: they are asked again.
    await vi.waitFor(() => expect(alertCalls()).toBe(2));
    // The history asked again (a minute later, or on focus) has the next day's point.
    points = [a, b, { ...b, day: '2026-11-22' }];
    await queryClient.invalidateQueries({ queryKey: ['audience-history', 5], exact: true });
    await screen.findByRole('img', { name: /to Nov 22, 2026/ });
    await vi.waitFor(() => expect(alertCalls()).toBe(3));
  });

  it('with one point says the history grows a point a day, and asks for no comparison', async () => {
    const fetchMock = renderCard({ [HISTORY]: { body: historyFixture(5, 1) } });
    expect(await screen.findByText(/This is the first point/)).toBeTruthy();
    expect(urls(fetchMock).some((u) => u.includes('/changes/'))).toBe(false);
  });

  it('choosing the same day twice asks for two days', async () => {
    renderCard({ [HISTORY]: { body: historyFixture() }, [CHANGES]: { body: changesFixture() } });
    await screen.findByTestId('history-changes');
    await userEvent.click(screen.getByRole('textbox', { name: 'From' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Nov 21, 2026' }));
    expect(await screen.findByText('Choose two different days.')).toBeTruthy();
  });

  it('a failed load says so and tries again', async () => {
    let calls = 0;
    renderCard({
      [HISTORY]: () =>
        ++calls === 1 ? { status: 500, body: { detail: 'Server error' } } : { body: historyFixture() },
      [CHANGES]: { body: changesFixture() },
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The history could not be loaded');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('history-chart')).toBeTruthy();
  });

  it('adds an alert with a webhook, sends a test event and shows the log', async () => {
    const rule = {
      id: 9,
      audience_config_id: 5,
      kind: 'panel',
      threshold: 5,
      email: true,
      webhook_url: 'https://example.com/hook',
      webhook_secret: 'whsec_abc',
      last_fired_day: null,
      created: '2026-11-21T06:00:00.000Z',
    };
    let rules: unknown[] = [];
    let posted: unknown;
    const delivery = {
      id: 1,
      channel: 'webhook',
      type: 'test',
      state: 'sent',
      attempts: 1,
      response_status: 200,
      last_error: null,
      next_attempt_at: null,
      created: '2026-11-21T06:00:00.000Z',
      delivered: '2026-11-21T06:00:00.000Z',
    };
    renderCard({
      [HISTORY]: { body: historyFixture() },
      [CHANGES]: { body: changesFixture() },
      [ALERTS]: () => ({ body: { results: rules } }),
      'POST /api/audience-configs/5/alerts/': (init) => {
        posted = jsonBody(init);
        rules = [rule];
        return { status: 201, body: rule };
      },
      'POST /api/audience-alerts/9/test/': { body: { results: [delivery] } },
      'GET /api/audience-alerts/9/deliveries/': { body: { results: [delivery] } },
    });
    expect(await screen.findByText('No alert yet.')).toBeTruthy();
    await userEvent.click(screen.getByRole('radio', { name: 'A panel value' }));
    const threshold = screen.getByRole('textbox', { name: 'Change of at least (points)' });
    await userEvent.clear(threshold);
    await userEvent.type(threshold, '5');
    await userEvent.type(
      screen.getByRole('textbox', { name: /Webhook address/ }),
      'https://example.com/hook',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Add alert' }));
    expect(posted).toEqual({
      kind: 'panel',
      threshold: 5,
      email: true,
      webhook_url: 'https://example.com/hook',
    });
    const shown = await screen.findByTestId('alert-rule');
    expect(within(shown).getByText('A panel value moves by 5 points or more')).toBeTruthy();
    expect(within(shown).getByText('whsec_abc')).toBeTruthy();
    await userEvent.click(within(shown).getByRole('button', { name: 'Send test event' }));
    const log = await screen.findByTestId('alert-deliveries');
    expect(within(log).getByText('Delivered')).toBeTruthy();
    expect(within(log).getByText('Webhook')).toBeTruthy();
  });
});
