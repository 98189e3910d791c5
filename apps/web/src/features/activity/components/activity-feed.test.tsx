import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ActivityEntry } from '@murmur/core/api';
import { applyLanguage } from '@/lib/i18n';
import { renderWithProviders, urlOf } from '@/test/render';
import { ActivityFeed } from './activity-feed';

const entry = (id: number, kind: ActivityEntry['kind'], subject: string): ActivityEntry => ({
  id,
  kind,
  subject,
  created: new Date(Date.now() - id * 60_000).toISOString(),
  user: { id: 1, email: 'ann@example.com', first_name: 'Ann', last_name: 'Lee' },
});

function fakeFeed(total: ActivityEntry[]) {
  const calls: URL[] = [];
  vi.spyOn(window, 'fetch').mockImplementation((input: RequestInfo | URL) => {
    const url = new URL(urlOf(input), 'http://localhost');
    calls.push(url);
    const offset = Number(url.searchParams.get('offset'));
    const limit = Number(url.searchParams.get('limit'));
    const body = { count: total.length, results: total.slice(offset, offset + limit) };
    return Promise.resolve(
      new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }),
    );
  });
  return calls;
}

afterEach(async () => {
  await applyLanguage('en');
});

describe('ActivityFeed', () => {
  it("shows the team's recorded activity and loads more on request", async () => {
    const ui = userEvent.setup();
    const all = Array.from({ length: 30 }, (_, i) =>
      entry(i + 1, i === 0 ? 'audience_saved' : 'signed_in', i === 0 ? 'Soccer fans' : ''),
    );
    const calls = fakeFeed(all);
    renderWithProviders(<ActivityFeed teamSlug="acme" />, { route: '/acme/activity' });
    expect(await screen.findByText('Soccer fans')).toBeTruthy();
    expect(screen.getByRole('table').textContent).toContain('Saved an audience');
    expect(screen.getAllByText('Ann Lee')).toHaveLength(25);
    expect(calls[0]!.pathname).toBe('/api/teams/acme/events/');
    await ui.click(screen.getByRole('button', { name: 'Show more results' }));
    await waitFor(() => expect(screen.getAllByText('Ann Lee')).toHaveLength(30));
    expect(calls[1]!.searchParams.get('offset')).toBe('25');
    expect(screen.queryByRole('button', { name: 'Show more results' })).toBeNull();
  });

  it('says when there is nothing yet', async () => {
    fakeFeed([]);
    renderWithProviders(<ActivityFeed teamSlug="acme" />, { route: '/acme/activity' });
    expect(await screen.findByText('No activity yet.')).toBeTruthy();
  });

  it('names social accounts, grants and campaign changes in English and Japanese', async () => {
    const rows = [
      entry(1, 'social_connected', 'twitter'),
      entry(2, 'social_disconnected', 'google'),
      entry(3, 'account_granted', '18ce54d4x5t'),
      entry(4, 'grant_revoked', '18ce54d4x5u'),
      entry(5, 'campaign_published', 'Spring launch'),
      entry(6, 'campaign_paused', 'Spring pause'),
      entry(7, 'campaign_resumed', 'Spring resume'),
      entry(8, 'campaign_deleted', 'Spring gone'),
    ];
    fakeFeed(rows);
    const first = renderWithProviders(<ActivityFeed teamSlug="acme" />, { route: '/acme/activity' });
    expect(await screen.findByText('Spring launch')).toBeTruthy();
    const english = screen.getByRole('table').textContent;
    for (const label of [
      'Linked a social account',
      'Unlinked a social account',
      'Granted an ad account to the team',
      'Withdrew an ad account from the team',
      'Published a campaign to X',
      'Paused a campaign',
      'Resumed a campaign',
      'Deleted a campaign',
    ])
      expect(english).toContain(label);
    first.unmount();

    await applyLanguage('ja');
    renderWithProviders(<ActivityFeed teamSlug="acme" />, { route: '/acme/activity' });
    expect(await screen.findByText('Spring gone')).toBeTruthy();
    const japanese = screen.getByRole('table').textContent;
    for (const label of [
      'ソーシャルアカウントを連携しました',
      'ソーシャルアカウントの連携を解除しました',
      '広告アカウントをチームに付与しました',
      '広告アカウントの付与を取り消しました',
      'キャンペーンをXに公開しました',
      'キャンペーンを一時停止しました',
      'キャンペーンを再開しました',
      'キャンペーンを削除しました',
    ])
      expect(japanese).toContain(label);
  });
});
