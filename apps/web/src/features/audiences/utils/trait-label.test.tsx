import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { renderWithProviders } from '@/test/render';
import { useTraitLabel } from './trait-label';

afterEach(() => i18n.changeLanguage('en'));

const row = (dimension: string, key: string, label: string) => ({
  dimension,
  key,
  label,
  shareA: 0.5,
  shareB: 0.4,
  difference: 0.1,
});

// Compare's "where they differ" rows: the engine names traits in English and by code.
const labels = () => {
  let label: ReturnType<typeof useTraitLabel> | undefined;
  const Probe = (): ReactNode => {
    label = useTraitLabel();
    return null;
  };
  renderWithProviders(<Probe />);
  return label!;
};

describe('Compare trait labels', () => {
  it('names genders in words, never FEMALE or MALE', () => {
    const label = labels();
    expect(label(row('gender', 'FEMALE', 'FEMALE'))).toBe('Women');
    expect(label(row('gender', 'MALE', 'MALE'))).toBe('Men');
  });

  it('names genders, interests and countries in Japanese on Japanese screens', async () => {
    await i18n.changeLanguage('ja');
    const label = labels();
    expect(label(row('gender', 'FEMALE', 'FEMALE'))).toBe('女性');
    expect(label(row('interests', 'Sports/Soccer', 'Sports/Soccer'))).toBe('スポーツ/サッカー');
    expect(label(row('countries', 'JP', 'Japan'))).toBe('日本');
  });
});
