import type { DtUser } from '@murmur/core/api';
import { screen } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage } from '@/lib/i18n';
import { formatLargeNumber } from '@/lib/large-number';
import { renderWithProviders } from '@/test/render';
import { UsersTable } from './users-table';
import { CountryFollowers } from './xstats';

/** Every X figure inside `root`: its label (from the column header or its own) and its value. */
const xValues = (root: HTMLElement): string[] =>
  [...root.querySelectorAll('[data-figure-kind="x"] [data-figure-part="value"]')].map(
    (e) => e.textContent ?? '',
  );

const user: DtUser = {
  id: '1',
  username: 'nectarbeaches',
  name: 'Nectar Beaches',
  description: '',
  location: 'Tokyo',
  profile_image_url: '',
  verified: false,
  protected: false,
  created_at: null,
  followers_count: 12_300_000,
  following_count: 2_150,
  tweet_count: 48_200,
  spam_score: 0,
  spam_reasons: [],
};

describe("Deep Thought's figures from X are labelled as X's (docs/decisions/006-sampling-model.md)", () => {
  afterEach(async () => {
    await applyLanguage('en');
  });

  for (const lang of ['en', 'ja'] as const) {
    it(`shows the followers per country as X's figure (${lang})`, async () => {
      await applyLanguage(lang);
      const { container } = renderWithProviders(
        <CountryFollowers
          countries={[
            { country: 'JP', followers: 2_200 },
            { country: 'US', followers: 14 },
          ]}
          chosen={null}
        />,
        { route: '/premium-suite/xstats' },
      );
      expect(screen.getByRole('columnheader', { name: i18n.t('figures.xFollowers') })).toBeTruthy();
      expect(xValues(container)).toEqual([formatLargeNumber(2_200), formatLargeNumber(14)]);
    });

    it(`shows a listed account's followers, following and posts as X's figures (${lang})`, async () => {
      await applyLanguage(lang);
      const { container } = renderWithProviders(<UsersTable users={[user]} />, { route: '/premium-suite' });
      for (const key of ['figures.xFollowers', 'figures.xFollowing', 'figures.xPosts'] as const) {
        expect(screen.getAllByText(i18n.t(key)).length).toBeGreaterThan(0);
      }
      expect(xValues(container)).toEqual([
        formatLargeNumber(12_300_000),
        formatLargeNumber(2_150),
        formatLargeNumber(48_200),
      ]);
    });
  }
});
