import { formatLargeNumber } from '@/lib/large-number';
import { screen, within } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { fixtureReport } from '@/features/insights/insights-fixture';
import { SummaryTab } from './summary-tab';

// The key figures' size is the server's estimate figure: labelled as Murmur's estimate, with its
// 95 % interval, as on every other screen (docs/decisions/006-sampling-model.md).
const figure = fixtureReport.estimate.figure;
const part = (scope: HTMLElement, name: string) =>
  scope.querySelector(`[data-figure-part="${name}"]`)?.textContent;

describe('insights summary: the size says what it is and carries its interval', { timeout: 20_000 }, () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it.each([
    [
      'en',
      'Audience (estimate)',
      'Accounts matched in the index',
      '–',
      'Median followers on X',
      'Followers on X: ',
    ],
    [
      'ja',
      'オーディエンス（推定）',
      'インデックス内で一致したアカウント数',
      '〜',
      'Xのフォロワー数の中央値',
      'Xのフォロワー: ',
    ],
  ])('in %s', async (lang, label, countLabel, dash, median, followers) => {
    await i18n.changeLanguage(lang);
    renderWithProviders(<SummaryTab report={fixtureReport} />);
    const size = screen.getByTestId('insights-size');
    expect(size.querySelector('[data-figure-kind]')?.getAttribute('data-figure-kind')).toBe('estimate');
    expect(part(size, 'label')).toBe(label);
    expect(part(size, 'value')).toBe(formatLargeNumber(figure.value));
    expect(part(size, 'interval')).toBe(
      `${formatLargeNumber(figure.low)}${dash}${formatLargeNumber(figure.high)}`,
    );
    expect(figure.low).toBeLessThan(figure.value);
    expect(figure.high).toBeGreaterThan(figure.value);
    // The matched accounts are a count in the index, named so, never beside an unlabelled estimate.
    const count = screen.getByText(countLabel).parentElement!;
    expect(within(count).getByText(formatLargeNumber(figure.sample))).toBeTruthy();
    expect(screen.queryByText('Population estimate')).toBeNull();
    // The median of the members' follower counts is of X's figures, and says so.
    expect(screen.getByText(median)).toBeTruthy();
    const sample = fixtureReport.sampleAccounts![0]!;
    expect(screen.getByText(new RegExp(`${followers}${formatLargeNumber(sample.followers)}$`))).toBeTruthy();
  });
});
