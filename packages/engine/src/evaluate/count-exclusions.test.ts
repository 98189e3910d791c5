import { beforeAll, describe, expect, it } from 'vitest';
import type { TargetingPackage } from '@murmur/core/targeting';
import { AccountSet } from '../bits/account-set';
import type { AudienceIndex } from '../postings/audience-index';
import { fixtureIndex } from '../testing/fixture';
import { pkg } from '../testing/network-a';
import { countAudience, evaluate, type Exclusion } from './evaluate';

// 640 accounts; word k is in the bios of accounts n with n % (33 + k) === k: about 1/33 of them each,
// so each word is a short list, and three or more together go through the blocked count.
let index: AudienceIndex;
beforeAll(async () => {
  const accounts = Array.from({ length: 640 }, (_, n) => ({
    n,
    bio: Array.from({ length: 6 }, (_, k) => (n % (33 + k) === k ? `word${k}` : 'filler')).join(' '),
    lang: n % 3 === 0 ? 'en' : 'ja',
    gender: n % 2 === 0 ? ('female' as const) : ('male' as const),
    follows: n % 7 === 0 ? [1, 2] : [],
  }));
  index = await fixtureIndex({ accounts });
});

const keywords = (...k: number[]) => k.map((i) => ({ label: `word${i}` }));

describe('countAudience with exclusions', () => {
  it('equals the evaluated audience for packages, account sets and numbers excluded, long lists or short', () => {
    const packages: TargetingPackage[] = [
      pkg({ keywords: keywords(0, 1, 2, 3, 4, 5) }),
      pkg({ keywords: keywords(0, 1, 2, 3), gender: ['FEMALE'] }),
      pkg({ keywords: keywords(2), languages: [{ label: 'en' }] }),
      pkg({ handles: [{ handle: 'user1' }], keywords: keywords(1, 3, 5) }),
      pkg({ languages: [{ label: 'ja' }] }),
    ];
    const exclusions: Exclusion[][] = [
      [pkg({ keywords: keywords(1) })],
      [pkg({ gender: ['MALE'] }), pkg({ keywords: keywords(3, 4) })],
      [AccountSet.fromNumbers(640, [0, 2, 29, 30, 31, 60, 62])],
      [Array.from({ length: 100 }, (_, i) => i * 3)],
      [pkg({})],
      // Short lists restricted by the exclusion's own filter: listed accounts outside it stay.
      [pkg({ keywords: keywords(0, 2), languages: [{ label: 'en' }] })],
      // Followers of user2 (every 7th account): a dense posting, restricted by the exclusion's own filter.
      [pkg({ handles: [{ handle: 'user2' }], gender: ['FEMALE'] })],
      // A set sized for another index is taken by its account numbers.
      [AccountSet.fromNumbers(100, [1, 3, 5, 7, 9, 99])],
    ];
    let nonZero = 0;
    for (const p of packages) {
      for (const ex of exclusions) {
        const { accounts: _accounts, ...full } = evaluate(index, p, { exclusions: ex });
        expect(countAudience(index, p, { exclusions: ex }), JSON.stringify([p, ex])).toEqual(full);
        if (full.sampleCount > 0) nonZero++;
      }
    }
    expect(nonZero).toBeGreaterThan(20);
  });

  it('leaves no exclusion behind for the next estimate', () => {
    const p = pkg({ keywords: keywords(0, 1, 2, 3, 4, 5) });
    const all = countAudience(index, p).sampleCount;
    expect(
      countAudience(index, p, { exclusions: [pkg({ keywords: keywords(0) })] }).sampleCount,
    ).toBeLessThan(all);
    expect(countAudience(index, p).sampleCount).toBe(all);
  });
});
