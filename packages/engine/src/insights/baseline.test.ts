import type { Share } from '@murmur/core/insights';
import { beforeAll, describe, expect, it } from 'vitest';
import { evaluate } from '../evaluate/evaluate';
import type { AudienceIndex } from '../postings/audience-index';
import { fixtureIndex, type FixtureAccount } from '../testing/fixture';
import { pkg } from '../testing/network-a';
import { seededRandom } from '../testing/random';
import { setBaseline } from './baseline';
import { InsightContext } from './context';
import { demographics } from './demographics';
import { influentialAccounts } from './influential';
import { computeInsights } from './insights';
import { bioWords, interests } from './interests';
import { distinctiveScore } from './share';

const COUNTRIES = ['US', 'JP', 'GB'];
const INTERESTS = ['20005', '20006', '22001', '22002', '9001'];
const WORDS = ['jazz', 'coffee', 'tokyo', 'football', 'physics', 'garden'];

/**
 * 600 accounts drawn at random (fixed seed): a country, one or two interests, bio words and a few
 * follows each. Japan leans to football and "tokyo" so a Japanese baseline changes what stands out.
 */
function generated(): FixtureAccount[] {
  const random = seededRandom(7);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  return Array.from({ length: 600 }, (_, n): FixtureAccount => {
    const country = pick(COUNTRIES);
    const words = WORDS.filter((w) => random() < (country === 'JP' && w === 'tokyo' ? 0.7 : 0.2));
    const interests = [
      ...new Set([pick(INTERESTS), country === 'JP' && random() < 0.6 ? '22001' : pick(INTERESTS)]),
    ];
    const follows = [...new Set(Array.from({ length: 4 }, () => Math.floor(random() * 40)))].filter(
      (f) => f !== n,
    );
    return {
      n,
      country,
      bio: words.join(' '),
      interests,
      follows,
      gender: random() < 0.5 ? 'male' : 'female',
    };
  });
}

let index: AudienceIndex;
let accounts: FixtureAccount[];
beforeAll(async () => {
  accounts = generated();
  index = await fixtureIndex({ accounts });
});

const japan = () => evaluate(index, pkg({ countries: [{ label: 'JP' }] })).accounts;
/** Accounts interested in soccer: the audience of these tests. */
const soccer = () => evaluate(index, pkg({ interests: [{ label: 'Sports/Soccer' }] }));
const small = { minSupport: 3 };

/** Brute force: baseline accounts whose generated record holds `key` by `holds`. */
const countIn = (set: ReadonlySet<number>, holds: (a: FixtureAccount) => boolean) =>
  accounts.filter((a) => set.has(a.n) && holds(a)).length;

describe('insights against a chosen baseline', () => {
  it('a baseline equal to the audience: every affinity is 1 and nothing is distinctive', () => {
    const audience = soccer();
    const report = computeInsights(index, audience, small, audience.accounts);
    const shares: Share[] = [
      ...report.demographics.gender,
      ...report.demographics.countries,
      ...report.interests.interests,
      ...report.bioWords.words,
      ...report.locations.countries,
    ];
    expect(shares.length).toBeGreaterThan(5);
    for (const s of shares) expect(s.affinity).toBeCloseTo(1, 10);
    for (const a of report.influentialAccounts.accounts) expect(a.affinity).toBeCloseTo(1, 10);
    expect(computeInsights(index, audience, small).interests.distinctive.length).toBeGreaterThan(0);
    expect(report.interests.distinctive).toEqual([]);
    expect(report.bioWords.distinctive).toEqual([]);
    expect(report.topicAnalysis.distinctiveTerms).toEqual([]);
    expect(report.influentialAccounts.distinctive).toEqual([]);
  });

  it('a country baseline: the country itself is no longer over-represented', () => {
    const audience = evaluate(
      index,
      pkg({ countries: [{ label: 'JP' }], interests: [{ label: 'Sports/Soccer' }] }),
    );
    const againstNetwork = demographics(new InsightContext(index, audience, small));
    const jpNetwork = againstNetwork.countries.find((s) => s.key === 'JP')!;
    expect(jpNetwork.affinity!).toBeGreaterThan(2);
    expect(
      distinctiveScore(
        jpNetwork.count,
        audience.accounts.toArray().length,
        countIn(new Set(accounts.map((a) => a.n)), (a) => a.country === 'JP'),
        600,
        3,
      ),
    ).toBeGreaterThan(1);

    const baseline = setBaseline(index, japan(), small);
    const ctx = new InsightContext(index, audience, small, baseline);
    const jp = demographics(ctx).countries.find((s) => s.key === 'JP')!;
    expect(jp).toMatchObject({ share: 1, populationShare: 1, affinity: 1 });
    const reference = baseline.members();
    const t = index.terms.find('country', 'JP')!;
    expect(
      distinctiveScore(jp.count, audience.accounts.toArray().length, reference.count(t), reference.base, 3),
    ).toBe(0);
  });

  it('counts against the baseline equal a brute-force count of the generated accounts', () => {
    const base = japan();
    const inJapan = new Set(base.toArray());
    const audience = soccer();
    const ctx = new InsightContext(index, audience, small, setBaseline(index, base, small));
    for (const s of demographics(ctx).gender)
      expect(s.populationShare).toBeCloseTo(
        countIn(inJapan, (a) => a.gender === s.key.toLowerCase()) / inJapan.size,
        12,
      );
    const panel = interests(ctx);
    for (const s of panel.interests) {
      expect(s.count).toBe(
        countIn(new Set(audience.accounts.toArray()), (a) => a.interests!.includes(s.key)),
      );
      expect(s.populationShare).toBeCloseTo(
        countIn(inJapan, (a) => a.interests!.includes(s.key)) / inJapan.size,
        12,
      );
    }
    for (const s of bioWords(ctx).words)
      expect(s.populationShare).toBeCloseTo(
        countIn(inJapan, (a) => a.bio!.split(' ').includes(s.key)) / inJapan.size,
        12,
      );
    for (const a of influentialAccounts(ctx).accounts)
      expect(a.populationShare).toBeCloseTo(
        countIn(inJapan, (b) => b.follows!.includes(a.account)) / inJapan.size,
        12,
      );
  });

  it("a sampled baseline's own interval must lie below the audience's", () => {
    // 40 of 100 (interval 31 %–50 %) against 25 of 100 sampled (17 %–34 %): overlapping intervals.
    expect(distinctiveScore(40, 100, 25, 100, 5)).toBeGreaterThan(1);
    expect(distinctiveScore(40, 100, 25, 100, 5, true)).toBe(0);
    expect(distinctiveScore(60, 100, 25, 100, 5, true)).toBeGreaterThan(1);
  });

  it('no baseline: the whole network, as before', () => {
    const audience = soccer();
    const a = computeInsights(index, audience, small);
    const ctx = new InsightContext(index, audience, small);
    expect(ctx.baseline.network).toBe(true);
    expect(a.interests.interests).toEqual(interests(ctx).interests);
    for (const s of a.interests.interests)
      expect(s.populationShare).toBeCloseTo(
        accounts.filter((x) => x.interests!.includes(s.key)).length / 600,
        12,
      );
  });
});
