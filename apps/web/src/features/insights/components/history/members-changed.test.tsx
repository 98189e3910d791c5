import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { fakeFetch, renderWithProviders, type FakeRoute } from '@/test/render';
import { changesFixture, historyFixture, membersFixture } from '../../history-fixture';
import { HistoryCard } from './history-card';

const MEMBERS = 'GET /api/audience-configs/5/history/members/';
const renderCard = (members: FakeRoute) => {
  const fetchMock = vi.spyOn(window, 'fetch').mockImplementation(
    fakeFetch({
      'GET /api/audience-configs/5/history/': { body: historyFixture() },
      'GET /api/audience-configs/5/history/changes/': { body: changesFixture() },
      'GET /api/audience-configs/5/alerts/': { body: { results: [] } },
      [MEMBERS]: members,
    }),
  );
  renderWithProviders(<HistoryCard configId={5} />);
  return fetchMock;
};
beforeEach(() => i18n.changeLanguage('en'));
afterEach(() => vi.restoreAllMocks());

describe('who joined and who left', () => {
  it('shows both counts as indexed accounts with their estimate on X, and the sampled accounts', async () => {
    const fetchMock = renderCard({ body: membersFixture() });
    const joined = await screen.findByTestId('members-joined');
    expect(within(joined).getByRole('heading', { name: 'Joined' })).toBeTruthy();
    // The count says what it is: accounts of the index, counted; the estimate is labelled as X's people.
    expect(within(joined).getByText('Accounts indexed')).toBeTruthy();
    expect(within(joined).getByTestId('members-joined-count').textContent).toBe('3');
    expect(within(joined).getByText('On X (estimate)')).toBeTruthy();
    expect(within(joined).getByText('300')).toBeTruthy();
    const joinedList = within(joined).getByRole('list', { name: 'Accounts that joined' });
    expect(within(joinedList).getAllByRole('listitem')).toHaveLength(3);
    expect(within(joinedList).getByText('@user100')).toBeTruthy();
    expect(within(joinedList).getByRole('img', { name: 'Verified' })).toBeTruthy();

    const left = screen.getByTestId('members-left');
    expect(within(left).getByTestId('members-left-count').textContent).toBe('25');
    expect(within(left).getByText('20 of 25, spread evenly over them:')).toBeTruthy();
    const leftList = within(left).getByRole('list', { name: 'Accounts that left' });
    expect(within(leftList).getAllByRole('listitem')).toHaveLength(20);
    // An account that has since left X is shown by its id, said so.
    expect(within(leftList).getByText('No longer on X (deleted or suspended) · id 501')).toBeTruthy();
    const asked = fetchMock.mock.calls
      .map(([input]) => (input instanceof Request ? input.url : input.toString()))
      .find((u) => u.includes('/members/'));
    expect(asked).toContain('from=2026-11-20');
    expect(asked).toContain('to=2026-11-21');
  });

  it('nobody joined or left: says so', async () => {
    renderCard({ body: membersFixture(5, 0, 0) });
    expect((await screen.findByTestId('members-none')).textContent).toBe(
      'Nobody joined or left between these two days.',
    );
    expect(screen.queryByTestId('members-joined')).toBeNull();
  });

  it('not available before memberships were kept: says so', async () => {
    renderCard({ body: { ...membersFixture(), unavailable: 'not_recorded', joined: null, left: null } });
    expect((await screen.findByTestId('members-unavailable')).textContent).toMatch(
      /measured before Murmur kept who was in the audience/,
    );
  });

  it('above the cap: names the cap', async () => {
    renderCard({ body: { ...membersFixture(), unavailable: 'over_cap', joined: null, left: null } });
    expect((await screen.findByTestId('members-unavailable')).textContent).toMatch(
      /above 2\.0M indexed accounts/,
    );
  });

  it('an error says so, and "Try again" (from the keyboard) loads it', async () => {
    let calls = 0;
    renderCard(() =>
      ++calls === 1 ? { status: 500, body: { detail: 'Server error' } } : { body: membersFixture() },
    );
    const section = await screen.findByTestId('members-changed');
    const alert = await within(section).findByRole('alert');
    expect(alert.textContent).toContain('Who joined and who left could not be loaded');
    const retry = within(alert).getByRole('button', { name: 'Try again' });
    retry.focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByTestId('members-joined')).toBeTruthy();
  });

  it('in Japanese', async () => {
    await i18n.changeLanguage('ja');
    renderCard({ body: membersFixture() });
    const joined = await screen.findByTestId('members-joined');
    expect(screen.getByRole('heading', { name: '参加したアカウント / 離脱したアカウント' })).toBeTruthy();
    expect(within(joined).getByText('インデックス内のアカウント数')).toBeTruthy();
    expect(within(joined).getByText('X上の推定')).toBeTruthy();
    expect(
      within(screen.getByTestId('members-left')).getByText('25件のうち、偏りなく選んだ20件:'),
    ).toBeTruthy();
  });
});
