import type { LookalikeReasonView } from '@murmur/core/api';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { reasonText } from './reason-text';

const reason = (over: Partial<LookalikeReasonView>): LookalikeReasonView => ({
  kind: 'follows',
  value: '1001',
  label: '@coffee',
  seed_share: 0.62,
  population_share: 0.031,
  lift: 19.5,
  ...over,
});

describe('reasonText (the three reasons of a sampled account)', () => {
  const t = i18next.getFixedT('en');

  it('says what the account shares with the seed and how common it is in the seed and everywhere', () => {
    expect(reasonText(reason({}), t)).toEqual({
      text: 'Follows @coffee, like 62% of the seed',
      comparison: '3.1% of everyone',
    });
    expect(reasonText(reason({ kind: 'hashtag', label: '#espresso', seed_share: 0.4 }), t).text).toBe(
      'Writes about #espresso, like 40% of the seed',
    );
    expect(reasonText(reason({ kind: 'interest', label: 'Science/Physics', seed_share: 0.5 }), t).text).toBe(
      'Interested in Science/Physics, like 50% of the seed',
    );
    expect(reasonText(reason({ kind: 'bio_word', label: 'barista', seed_share: 0.25 }), t).text).toBe(
      'Has “barista” in their bio, like 25% of the seed',
    );
  });
});
