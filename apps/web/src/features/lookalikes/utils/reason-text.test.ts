import type { LookalikeReasonView } from '@murmur/core/api';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import ja from '@/locales/ja.json';
import { catalogueNames } from '@/lib/catalogue-names';
import { reasonLabel, reasonText } from './reason-text';

beforeAll(() => {
  if (!i18next.hasResourceBundle('ja', 'translation'))
    i18next.addResourceBundle('ja', 'translation', ja, true, true);
});

const reason = (over: Partial<LookalikeReasonView>): LookalikeReasonView => ({
  kind: 'follows',
  value: '1001',
  label: '@coffee',
  also: [],
  seed_share: 0.62,
  population_share: 0.031,
  lift: 19.5,
  ...over,
});

describe('reasonText (the three reasons of a sampled account)', () => {
  const t = i18next.getFixedT('en');

  it('says what the account shares with the seed and how common it is in the seed and everywhere', () => {
    expect(reasonText(reason({}), t, 'en')).toEqual({
      text: 'Follows @coffee, like 62% of the seed',
      comparison: '3.1% of everyone',
    });
    expect(reasonText(reason({ kind: 'hashtag', label: '#espresso', seed_share: 0.4 }), t, 'en').text).toBe(
      'Writes about #espresso, like 40% of the seed',
    );
    expect(
      reasonText(reason({ kind: 'interest', label: 'Science/Physics', seed_share: 0.5 }), t, 'en').text,
    ).toBe('Interested in Science/Physics, like 50% of the seed');
    expect(reasonText(reason({ kind: 'bio_word', label: 'barista', seed_share: 0.25 }), t, 'en').text).toBe(
      'Has “barista” in their bio, like 25% of the seed',
    );
  });

  it('says two accounts followed together, in either language', () => {
    const together = reason({ also: [{ value: '1002', label: '@beans' }], seed_share: 0.5 });
    expect(reasonText(together, t, 'en').text).toBe('Follows @coffee and @beans, like 50% of the seed');
    const ja = reasonText(together, i18next.getFixedT('ja'), 'ja').text;
    expect(ja).toContain('@coffee、@beans');
  });

  it('names catalogue entries, languages and countries in Japanese on a Japanese screen', () => {
    const tJa = i18next.getFixedT('ja');
    const text = (over: Partial<LookalikeReasonView>) => reasonText(reason(over), tJa, 'ja').text;
    expect(text({ kind: 'country', value: 'JP', label: 'Japan' })).toContain('日本');
    expect(text({ kind: 'country', value: 'JP', label: 'Japan' })).not.toContain('Japan');
    expect(text({ kind: 'language', value: 'en', label: 'English' })).toContain('英語');
    expect(text({ kind: 'language', value: 'en', label: 'English' })).not.toContain('English');
    // A catalogue entry by the catalogue's Japanese name; a handle as written.
    expect(reasonLabel(reason({ kind: 'interest', value: 'x', label: 'Sports/Soccer' }), 'ja')).toBe(
      catalogueNames('ja').name('interests', 'Sports/Soccer'),
    );
    expect(catalogueNames('ja').name('interests', 'Sports/Soccer')).not.toBe('Sports/Soccer');
    expect(text({})).toContain('@coffee');
    // English keeps the engine's own labels.
    expect(reasonText(reason({ kind: 'country', value: 'JP', label: 'Japan' }), t, 'en').text).toContain(
      'Japan',
    );
  });
});
