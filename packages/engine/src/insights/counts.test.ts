import { describe, expect, it } from 'vitest';
import { AccountSet } from '../bits/account-set';
import { evaluate } from '../evaluate/evaluate';
import { liveEngine } from '../live/live-engine';
import { pkg } from '../testing/network-a';
import { baseModel, build, randomEvents } from '../testing/live-model';
import { seededRandom } from '../testing/random';
import { InsightContext } from './context';
import { countPerAccount, countSorted, followCounts, followTally } from './counts';

const PACKAGES = [
  pkg({ languages: [{ label: 'English' }] }),
  pkg({ languages: [{ label: 'Japanese' }, { label: 'English' }] }),
  pkg({ keywords: [{ label: 'coffee' }] }),
];

describe('follow tallies', () => {
  it('count followed accounts the same way sorted and per account', () => {
    let s = 3;
    const accounts = 5_000;
    // Skewed like follows: low account numbers followed far more often.
    const follows = Uint32Array.from({ length: 20_000 }, () => {
      s = (Math.imul(s, 1103515245) + 12345) >>> 0;
      return Math.floor(accounts * (s / 2 ** 32) ** 3);
    });
    const expected = new Map<number, number>();
    for (const v of follows) expected.set(v, (expected.get(v) ?? 0) + 1);
    const keys = [...expected.keys()].sort((a, b) => a - b);
    for (const tally of [countSorted(follows, accounts), countPerAccount(follows, accounts)]) {
      expect(Array.from(tally.followed)).toEqual(keys);
      expect(Array.from(tally.counts)).toEqual(keys.map((k) => expected.get(k)));
    }
    expect(countSorted(new Uint32Array(0), accounts).followed.length).toBe(0);
    expect(countPerAccount(new Uint32Array(0), accounts).followed.length).toBe(0);
  });
});

describe('the follow counts of a context that keeps no follows', () => {
  it('equal followTally’s, on a live index, for audiences sampled or not, and again on the next call', async () => {
    for (const seed of [1, 2]) {
      const rand = seededRandom(seed);
      const m = baseModel(rand, 600, 200);
      const engine = liveEngine(await build(m), { headroom: 8 });
      engine.apply(randomEvents(m, rand, 400));
      const index = engine.index;
      const audiences = [
        new AccountSet(index.size, index.present),
        ...PACKAGES.map((p) => evaluate(index, p).accounts),
      ];
      for (const set of audiences) {
        // A graph sample of every member, and one of about a third of them.
        for (const graphSampleSize of [25_000, Math.max(1, Math.floor(set.count / 3))]) {
          const keeping = new InsightContext(index, set, { graphSampleSize });
          const once = new InsightContext(index, set, { graphSampleSize });
          once.keepsFollows = false;
          const want = followTally(keeping);
          for (let again = 0; again < 2; again++) {
            const fresh = new InsightContext(index, set, { graphSampleSize });
            fresh.keepsFollows = false;
            const direct = followCounts(fresh);
            expect(Array.from(direct.followed)).toEqual(Array.from(want.followed));
            expect(Array.from(direct.counts)).toEqual(Array.from(want.counts));
          }
          expect(once.has('follows')).toBe(false);
          followCounts(once);
          expect(once.has('follows')).toBe(false);
        }
      }
    }
  });
});
