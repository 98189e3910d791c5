import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import ja from '@/locales/ja.json';
import { reviewSummary } from './review-summary';

beforeAll(() => {
  if (!i18next.hasResourceBundle('ja', 'translation'))
    i18next.addResourceBundle('ja', 'translation', ja, true, true);
});

describe('reviewSummary', () => {
  it('uses each count’s plural form in English', () => {
    const t = i18next.getFixedT('en');
    expect(reviewSummary(t, 1, 1)).toBe('1 ad set, 1 ad');
    expect(reviewSummary(t, 2, 0)).toBe('2 ad sets, 0 ads');
  });

  it('counts with 件 in Japanese', () => {
    const t = i18next.getFixedT('ja');
    expect(reviewSummary(t, 1, 2)).toBe('広告グループ 1 件、広告 2 件');
  });
});
