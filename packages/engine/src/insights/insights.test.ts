import { beforeAll, describe, expect, it } from 'vitest';
import { evaluate } from '../evaluate/evaluate';
import type { AudienceIndex } from '../postings/audience-index';
import { fixtureIndex } from '../testing/fixture';
import { pkg } from '../testing/network-a';
import { NETWORK_B } from '../testing/network-b';
import { ageGroups } from './age-groups';
import { InsightContext } from './context';
import { demographics } from './demographics';
import { devices } from './devices';
import { computeInsights } from './insights';
import { bioWords, interests, topicAnalysis } from './interests';
import { jobTitles } from './jobs';

let index: AudienceIndex;
beforeAll(async () => {
  index = await fixtureIndex(NETWORK_B);
});
/** Accounts 0–9: both cliques (US and Japan). */
const cliques = () => evaluate(index, pkg({ countries: [{ label: 'US' }, { label: 'Japan' }] }));
/** The hand-written network has 12 accounts: every cell is under the product's minimum support. */
const tiny = { minSupport: 1 };
const physicists = () => evaluate(index, pkg({ interests: [{ label: 'Science/Physics' }] }));

describe('insight arithmetic', () => {
  it('demographics: counts, shares and affinity = audience share / population share', () => {
    const panel = demographics(new InsightContext(index, physicists(), tiny));
    expect(panel.gender).toMatchObject([
      { key: 'MALE', label: 'MALE', count: 5, share: 1, populationShare: 5 / 12, affinity: 2.4 },
    ]);
    // 5 of 5: Wilson's 95 % interval is 0.5655–1; affinity's is that over 5/12.
    const [male] = panel.gender;
    expect(male!.shareInterval[0]).toBeCloseTo(0.5655, 4);
    expect(male!.shareInterval[1]).toBe(1);
    expect(male!.affinityInterval![0]).toBeCloseTo(0.5655 * 2.4, 3);
    expect(male!.affinityInterval![1]).toBeCloseTo(2.4, 10);
    expect(panel.countries[0]).toMatchObject({
      key: 'US',
      label: 'United States',
      count: 5,
      affinity: 12 / 5,
    });
    expect(panel.languages[0]).toMatchObject({ key: 'en', label: 'English', share: 1 });
    expect(panel.ageBands.map((s) => [s.key, s.count])).toEqual([
      ['18-20', 2],
      ['25-34', 3],
      ['35-49', 0],
    ]);
  });

  it('age groups in SPEC §3 bands and minimum ages', () => {
    const panel = ageGroups(new InsightContext(index, cliques(), tiny));
    const band = (key: string) => panel.bands.find((s) => s.key === key)!;
    expect(band('18-24')).toMatchObject({ count: 2, share: 0.2, populationShare: 2 / 12 });
    expect(band('18-24').affinity).toBeCloseTo(1.2, 10);
    expect(band('25-54').count).toBe(8);
    expect(panel.over.find((s) => s.key === 'AGE_OVER_25')!.count).toBe(8);
    expect(panel.unknown).toBe(0);
  });

  it('interests, bio words and topic analysis count members, with catalogue labels', () => {
    const ctx = new InsightContext(index, cliques(), tiny);
    expect(interests(ctx).interests.map((s) => [s.label, s.count, s.share])).toEqual([
      ['Science/Physics', 5, 0.5],
      ['Sports/Soccer', 5, 0.5],
    ]);
    // Six words of five members each: equal counts rank by value (util/top-k.ts `byValue`).
    expect(bioWords(ctx).words.map((s) => s.key)).toEqual([
      'fans',
      'goals',
      'physics',
      'soccer',
      'stars',
      'telescope',
    ]);
    expect(topicAnalysis(ctx).hashtags.map((s) => [s.label, s.count])).toEqual([
      ['#soccer', 1],
      ['#stars', 1],
    ]);
  });

  it('job titles grouped by category; devices and their platform names', () => {
    const ctx = new InsightContext(index, cliques(), tiny);
    const jobs = jobTitles(ctx);
    expect(jobs.withTitle).toBe(4);
    expect(jobs.categories.map((c) => [c.key, c.count, c.titles.map((t) => [t.label, t.count])])).toEqual([
      [
        'Education',
        2,
        [
          ['Professor', 1],
          ['Teacher', 1],
        ],
      ],
      ['IT/Tech', 2, [['Engineer', 2]]],
    ]);
    expect(devices(ctx).devices.map((s) => [s.label, s.count])).toEqual([
      ['Android', 5],
      ['iOS', 5],
    ]);
  });

  it('samples the row panels above sampleSize and says so; columns stay exact', () => {
    const all = computeInsights(index, cliques(), { ...tiny, sampleSize: 4 });
    expect(all.interests.basis.sampled).toBe(true);
    expect(all.interests.basis.analysed).toBeLessThan(10);
    expect(all.demographics.basis).toEqual({ members: 10, analysed: 10, sampled: false, minSupport: 1 });
    expect(all.summary).toMatchObject({ sampleCount: 10, populationEstimate: 10_000, sizeBucket: '<1M' });
  });
});
