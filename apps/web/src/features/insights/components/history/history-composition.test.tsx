import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import type { AudienceChanges, ChangeItem } from '@murmur/core/api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, jsonBody, renderWithProviders, type FakeRoute } from '@/test/render';
import { changesFixture, historyFixture } from '../../history-fixture';
import { HistoryCard } from './history-card';

const HISTORY = 'GET /api/audience-configs/5/history/';
const CHANGES = 'GET /api/audience-configs/5/history/changes/';
const ALERTS = 'GET /api/audience-configs/5/alerts/';

const item = (field: ChangeItem['field'], value: string, label: string, difference: number): ChangeItem => ({
  field,
  value,
  label,
  from: { count: 40, share: 0.04, low: 0.03, high: 0.05, at_most: difference > 0 },
  to: { count: 40 + difference * 1000, share: 0.04 + difference, low: 0, high: 1, at_most: false },
  difference,
  p: 1e-9,
  q: 1e-8,
});
/** What changed with a row of each composition section. */
const composition = (): AudienceChanges => {
  const base = changesFixture();
  return {
    ...base,
    tested: 30,
    moved: [
      ...base.moved,
      item('influential', '1234567', 'newcomer_ja', 0.31),
      item('community', '999', 'leader_handle', -0.12),
      item('interest', 'Gaming/Mobile gaming', 'Gaming/Mobile gaming', 0.06),
    ],
  };
};

const renderCard = (routes: Record<string, FakeRoute>) => {
  vi.spyOn(window, 'fetch').mockImplementation(fakeFetch({ [ALERTS]: { body: { results: [] } }, ...routes }));
  renderWithProviders(<HistoryCard configId={5} />);
};
afterEach(async () => {
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
});

describe('what changed in the composition', () => {
  it('lists interests, communities and influential accounts by name and handle', async () => {
    renderCard({ [HISTORY]: { body: historyFixture() }, [CHANGES]: { body: composition() } });
    const table = await screen.findByTestId('history-changes');
    const row = (text: string) => within(table).getByText(text).closest('tr')!;
    expect(within(row('@newcomer_ja')).getByText('Influential accounts')).toBeTruthy();
    expect(within(row('@newcomer_ja')).getByText('+31 pt')).toBeTruthy();
    expect(within(row('Community around @leader_handle')).getByText('Communities')).toBeTruthy();
    expect(within(row('Gaming/Mobile gaming')).getByText('Interests')).toBeTruthy();
  });

  it('in Japanese too', async () => {
    await i18n.changeLanguage('ja');
    renderCard({ [HISTORY]: { body: historyFixture() }, [CHANGES]: { body: composition() } });
    const table = await screen.findByTestId('history-changes');
    expect(within(table).getByText('影響力のあるアカウント')).toBeTruthy();
    expect(within(table).getByText('@leader_handle を中心とするコミュニティ')).toBeTruthy();
    expect(within(table).getByText('興味関心')).toBeTruthy();
  });
});

describe('the new alert kinds', () => {
  const rule = (kind: string) => ({
    id: 9,
    audience_config_id: 5,
    kind,
    threshold: 3,
    email: true,
    webhook_url: null,
    webhook_secret: null,
    last_fired_day: null,
    created: '2026-11-21T06:00:00.000Z',
  });

  for (const [kind, option, description] of [
    [
      'influential',
      'New influential account',
      'A new account enters the influential accounts, followed by 3 points more of the audience',
    ],
    ['community', 'Community', 'A community appears, or shrinks by 3 points or more'],
  ] as const) {
    it(`"${option}" adds a ${kind} rule, described in words`, async () => {
      let rules: unknown[] = [];
      let posted: unknown;
      renderCard({
        [HISTORY]: { body: historyFixture() },
        [CHANGES]: { body: changesFixture() },
        [ALERTS]: () => ({ body: { results: rules } }),
        'POST /api/audience-configs/5/alerts/': (init) => {
          posted = jsonBody(init);
          rules = [rule(kind)];
          return { status: 201, body: rule(kind) };
        },
      });
      expect(await screen.findByText('No alert yet.')).toBeTruthy();
      await userEvent.click(screen.getByRole('radio', { name: option }));
      const threshold = screen.getByRole('textbox', { name: 'Change of at least (points)' });
      await userEvent.clear(threshold);
      await userEvent.type(threshold, '3');
      await userEvent.click(screen.getByRole('button', { name: 'Add alert' }));
      expect(posted).toEqual({ kind, threshold: 3, email: true, webhook_url: null });
      const shown = await screen.findByTestId('alert-rule');
      expect(within(shown).getByText(description)).toBeTruthy();
    });
  }

  it('are offered and described in Japanese', async () => {
    await i18n.changeLanguage('ja');
    renderCard({
      [HISTORY]: { body: historyFixture() },
      [CHANGES]: { body: changesFixture() },
      [ALERTS]: { body: { results: [rule('community')] } },
    });
    expect(await screen.findByRole('radio', { name: '新たな影響力のあるアカウント' })).toBeTruthy();
    const shown = await screen.findByTestId('alert-rule');
    expect(
      within(shown).getByText('コミュニティが現れたとき、または 3 ポイント以上縮小したとき'),
    ).toBeTruthy();
  });
});
