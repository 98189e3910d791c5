import { describe, expect, it } from 'vitest';
import { evaluate } from '../evaluate/evaluate';
import { fixtureIndex, type FixtureAccount } from '../testing/fixture';
import { pkg } from '../testing/network-a';
import { byValue, topK } from '../util/top-k';
import { computeInsights } from './insights';

/**
 * Equal counts rank alike in every index holding the same accounts, whatever order their values
 * were first seen in (util/top-k.ts `byValue`): a live index, whose terms came in the order of
 * the base export and then of the streams, gives the panels of an index built from the export at
 * the same instant (bench:live found a locations panel whose tied cities ranked in first-seen order).
 */
describe('ties in ranked panels', () => {
  it('topK ranks equal scores by the tie-break, the cut included', () => {
    const values = ['delta', 'alpha', 'charlie', 'bravo', 'echo'];
    const score = (t: number) => (t === 4 ? 2 : 1);
    expect(topK([0, 1, 2, 3, 4], score, 3)).toEqual([4, 0, 1]);
    expect(
      topK(
        [0, 1, 2, 3, 4],
        score,
        3,
        byValue((t) => values[t]!),
      ),
    ).toEqual([4, 1, 3]);
    expect(
      topK(
        [3, 2, 1, 0, 4],
        score,
        5,
        byValue((t) => values[t]!),
      ),
    ).toEqual([4, 1, 3, 2, 0]);
  });

  it('gives the same count panels for the same accounts listed in another order', async () => {
    const CITIES = ['Osaka', 'Kyoto', 'Nagoya', 'Sapporo'];
    const WORDS = ['tea', 'kendo', 'anime', 'ramen'];
    const DEVICES = ['android', 'ios'];
    const JOBS = ['teacher', 'nurse', 'engineer', 'professor'];
    // 8 accounts: every city, bio word, device and job held by exactly 2 of them.
    const profile = (i: number): Omit<FixtureAccount, 'n'> => ({
      city: CITIES[i % 4]!,
      region: CITIES[i % 4]!,
      country: 'JP',
      metro: null,
      bio: WORDS[(i + 1) % 4]!,
      device: DEVICES[i % 2]!,
      job: JOBS[(i + 2) % 4]!,
      jobCategory: 'Other',
      lang: 'ja',
    });
    const forward = await fixtureIndex({
      accounts: Array.from({ length: 8 }, (_, n) => ({ n, ...profile(n) })),
    });
    const backward = await fixtureIndex({
      accounts: Array.from({ length: 8 }, (_, n) => ({ n, ...profile(7 - n) })),
    });
    const countPanels = (index: typeof forward) => {
      const { locations, bioWords, jobTitles, devices } = computeInsights(
        index,
        evaluate(index, pkg({ languages: [{ label: 'ja' }] })),
        { minSupport: 1 },
      );
      return JSON.stringify({ locations, bioWords, jobTitles, devices });
    };
    const panels = countPanels(forward);
    expect(panels).toContain('Kyoto');
    expect(panels).toContain('ramen');
    expect(countPanels(backward)).toBe(panels);
  });
});
