import type { AudienceConfig } from '@murmur/core/api';
import { formatLargeNumber } from '@/lib/large-number';
import { countFigure, populationEstimate } from '@murmur/core/sampling';
import { screen } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { SavedPanel } from './saved-panel';

const figure = populationEstimate(147, { sampleSize: 100_000, rate: 5500 });
const audience = {
  id: 7,
  name: 'Coffee techies Japan',
  size: figure.value,
  size_bucket: '<1M',
  size_figure: figure,
  upload_figure: countFigure(147, 'upload'),
} as unknown as AudienceConfig;

// After saving, the creator shows the saved audience's size as My Audiences does: Murmur's
// estimate, labelled, with its interval — not "About 808K people".
describe("the creator's saved panel", { timeout: 20_000 }, () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it.each([
    ['en', 'Audience (estimate)', '–'],
    ['ja', 'オーディエンス（推定）', '〜'],
  ] as const)('names the size as an estimate with its interval in %s', async (lang, label, dash) => {
    await i18n.changeLanguage(lang);
    renderWithProviders(<SavedPanel audience={audience} teamSlug="team" onBuildAnother={() => undefined} />, {
      route: '/team/creator',
    });
    const size = screen.getByTestId('saved-size');
    const part = (p: string) => size.querySelector(`[data-figure-part="${p}"]`)?.textContent;
    expect(part('label')).toBe(label);
    expect(part('value')).toBe(formatLargeNumber(figure.value));
    expect(part('interval')).toBe(`${formatLargeNumber(figure.low)}${dash}${formatLargeNumber(figure.high)}`);
    expect(screen.getByRole('status').textContent).toContain('<1M');
  });
});
