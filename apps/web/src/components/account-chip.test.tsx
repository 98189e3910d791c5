import type { AccountSummary } from '@murmur/core/api';
import { screen } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { AccountChip } from './account-chip';

const account: AccountSummary = {
  id: '1',
  handle: 'NectarBeaches',
  name: 'Nectar Beaches',
  bio: '',
  followers_count: 2200,
  following_count: 10,
  verified: false,
  country: 'JP',
  language: 'ja',
};

// An account's follower count is X's public figure: the chip says so, never a bare number that
// could be read as Murmur's estimate of its followers (docs/decisions/006-sampling-model.md).
describe('AccountChip', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it.each([
    ['en', '@NectarBeaches · 2.2K followers on X'],
    ['ja', '@NectarBeaches · Xのフォロワー 2,200'],
  ])('names the follower count as X’s figure in %s', async (lang, text) => {
    await i18n.changeLanguage(lang);
    renderWithProviders(<AccountChip account={account} />);
    expect(screen.getByText(text)).toBeTruthy();
  });
});
