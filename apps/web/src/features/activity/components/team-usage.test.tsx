import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Metrics } from '@murmur/core/api';
import { applyLanguage } from '@/lib/i18n';
import { renderWithProviders, urlOf } from '@/test/render';
import { TeamUsage } from './team-usage';

afterEach(async () => {
  await applyLanguage('en');
  vi.restoreAllMocks();
});

function fakeMetrics(metrics: Metrics) {
  const calls: URL[] = [];
  vi.spyOn(window, 'fetch').mockImplementation((input: RequestInfo | URL) => {
    calls.push(new URL(urlOf(input), 'http://localhost'));
    return Promise.resolve(
      new Response(JSON.stringify(metrics), { headers: { 'content-type': 'application/json' } }),
    );
  });
  return calls;
}

const METRICS: Metrics = {
  team: 'acme',
  members: 3,
  days: 30,
  counts: [
    { kind: 'signed_in', recent: 2, total: 40 },
    { kind: 'audience_saved', recent: 12, total: 1500 },
    { kind: 'campaign_published', recent: 0, total: 1 },
  ],
};

describe('TeamUsage', () => {
  it("shows the team's members and activity per kind, busiest first, from GET /api/metrics/", async () => {
    const calls = fakeMetrics(METRICS);
    renderWithProviders(<TeamUsage teamSlug="acme" />, { route: '/acme/organisation' });
    const table = await screen.findByRole('table', { name: /last 30 days and in all/ });
    expect(calls[0]!.pathname).toBe('/api/metrics/');
    expect(Object.fromEntries(calls[0]!.searchParams)).toEqual({ team: 'acme', days: '30' });
    expect(screen.getByText('3 members')).toBeTruthy();
    expect(screen.getByText('14 actions in the last 30 days')).toBeTruthy();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'Saved an audience121,500',
      'Signed in240',
      'Published a campaign to X01',
    ]);
    expect(screen.getByRole('link', { name: 'See the activity feed' }).getAttribute('href')).toBe(
      '/acme/activity',
    );
  });

  it('reads in Japanese, and says when nothing was recorded', async () => {
    await applyLanguage('ja');
    fakeMetrics({ ...METRICS, members: 1, counts: [] });
    renderWithProviders(<TeamUsage teamSlug="acme" />, { route: '/acme/organisation' });
    expect(await screen.findByText('まだ記録はありません。')).toBeTruthy();
    expect(screen.getByText('メンバー 1人')).toBeTruthy();
    expect(screen.getByText('過去30日間の操作 0件')).toBeTruthy();
  });
});
