import { beforeAll, describe, expect, it } from 'vitest';
import { AccountSet } from '../bits/account-set';
import type { AudienceIndex } from '../postings/audience-index';
import { fixtureIndex, type FixtureAccount, type FixturePost } from '../testing/fixture';
import { holdOutRank, splitSeed } from './holdout';
import { lookalike } from './lookalike';

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

const SEED = range(60, 80);
const LOOKALIKES = range(50, 56);
const DISTRACTORS = range(10, 50);
const JAPAN = range(200, 206);

/**
 * Answers known by construction. 0 @coffee, 1 @tea, 2 @news (followed by nearly everyone, so it
 * tells nothing). The seed (60–79) follows @coffee and @news, is into physics (20005) and posts
 * #espresso; six US accounts (50–55) do the same but are into astronomy (20006); forty US
 * distractors (10–49) follow @tea and @news (10–13 @coffee too) and are into physics like the seed, so "same interests"
 * cannot tell them from the seed; a hundred more US accounts (100–199) follow @news and are into physics
 * too, nothing else; six Japanese accounts
 * (200–205) look like the seed. The US has 169 accounts: 1 % → 2, 5 % → 8, 10 % → 17.
 */
function network(): { accounts: FixtureAccount[]; posts: FixturePost[] } {
  const accounts: FixtureAccount[] = [
    { n: 0, handle: 'coffee' },
    { n: 1, handle: 'tea' },
    { n: 2, handle: 'news' },
    ...DISTRACTORS.map((n) => ({ n, follows: n < 14 ? [0, 1, 2] : [1, 2], interests: ['20005'] })),
    ...LOOKALIKES.map((n) => ({ n, follows: [0, 2], interests: ['20006'] })),
    ...SEED.map((n) => ({ n, follows: [0, 2], interests: ['20005'] })),
    ...range(100, 200).map((n) => ({ n, follows: [2], interests: ['20005'] })),
    ...JAPAN.map((n) => ({ n, country: 'JP', lang: 'ja', follows: [0, 2], interests: ['20005'] })),
  ];
  const posts = [...LOOKALIKES, ...SEED, ...JAPAN].map((author) => ({
    author,
    text: '#espresso',
    hashtags: ['espresso'],
  }));
  return { accounts, posts };
}

describe('lookalike (naive-Bayes log-lift over indexed features)', () => {
  let index: AudienceIndex;
  let seed: AccountSet;
  beforeAll(async () => {
    index = await fixtureIndex(network());
    seed = AccountSet.fromNumbers(index.size, SEED);
  });

  it('ranks the accounts that share what sets the seed apart first, within the country, never the seed', () => {
    const result = lookalike(index, seed, { country: 'US' });
    expect(result.country).toBe('US');
    expect(result.population).toBe(169);
    expect(result.sizes.map((s) => [s.percent, s.target, s.count])).toEqual([
      [1, 2, 2],
      [5, 8, 8],
      [10, 17, 10],
    ]);
    // The lookalikes share #espresso and @coffee, four distractors @coffee only; nobody else shares a
    // feature of positive lift. Ties go to the lower number.
    expect([...result.ranked]).toEqual([...LOOKALIKES, 10, 11, 12, 13]);
    expect(result.seed).toEqual({ size: 20, inPopulation: 20, fit: 16, heldOut: 4, heldOutInPopulation: 4 });
  });

  it('holds out 20 % of the seed and finds it where the interests-only baseline does not', () => {
    const result = lookalike(index, seed, { country: 'US' });
    // Fitted on 16, the held-out four score as the six lookalikes do and come after them (higher
    // numbers), before the four distractors who follow @coffee; the baseline ranks forty distractors first.
    expect(result.sizes.map((s) => [s.recall, s.baselineRecall])).toEqual([
      [0, 0],
      [0.5, 0],
      [1, 0],
    ]);
  });

  it('gives each sampled account its reasons with the seed and population shares', () => {
    const result = lookalike(index, seed, { country: 'US', samples: 3 });
    expect(result.samples.map((s) => s.rank)).toEqual([1, 4, 7]);
    const first = result.samples[0]!;
    expect(first.account.handle).toBe('user50');
    expect(first.reasons.map((r) => [r.kind, r.label])).toEqual([
      ['post_word', 'espresso'],
      ['follows', '@coffee'],
    ]);
    const follows = first.reasons[1]!;
    expect(follows.value).toBe('1000');
    expect(follows.seedShare).toBe(1);
    // 30 of the 169 US accounts follow @coffee: the seed, the lookalikes and four distractors.
    expect(follows.populationShare).toBeCloseTo(30 / 169, 10);
    expect(follows.lift).toBeCloseTo(21 / 22 / (31 / 171), 6);
    // @news and physics are as common in the population as in the seed: not used.
    expect(result.features.map((f) => f.label)).toContain('#espresso');
    expect(result.features.map((f) => f.label)).not.toContain('@news');
    expect(result.features.map((f) => f.label)).not.toContain('Science/Physics');
  });

  it('says two followed accounts together, with the share of the seed following both', async () => {
    // 0 @coffee, 1 @beans, 2 @news. The seed (60–79) all follow @coffee, half of it (60–69) @beans
    // too; six candidates (50–55) follow both, four (10–13) @beans only; 100–199 follow @news.
    const both = await fixtureIndex({
      accounts: [
        { n: 0, handle: 'coffee' },
        { n: 1, handle: 'beans' },
        { n: 2, handle: 'news' },
        ...range(10, 14).map((n) => ({ n, follows: [1, 2] })),
        ...LOOKALIKES.map((n) => ({ n, follows: [0, 1] })),
        ...SEED.map((n) => ({ n, follows: n < 70 ? [0, 1] : [0] })),
        ...range(100, 200).map((n) => ({ n, follows: [2] })),
      ],
      posts: [],
    });
    const result = lookalike(both, AccountSet.fromNumbers(both.size, SEED), { country: 'US', samples: 1 });
    const reasons = result.samples[0]!.reasons;
    expect(result.samples[0]!.account.handle).toBe('user50');
    expect(reasons).toHaveLength(1);
    const [together] = reasons;
    expect([together!.kind, together!.label, together!.also.map((a) => a.label)]).toEqual([
      'follows',
      '@coffee',
      ['@beans'],
    ]);
    // Both: 10 of the 20 in the seed; 16 of the 133 US accounts (the ten and the six candidates).
    expect(together!.seedShare).toBe(0.5);
    expect(together!.populationShare).toBeCloseTo(16 / 133, 10);
    expect(together!.lift).toBeCloseTo(11 / 22 / (17 / 135), 6);
    // The model's own features stay single.
    expect(result.features.every((f) => f.also.length === 0)).toBe(true);
  });

  it('draws candidates from the whole network without a country, the country then a feature', () => {
    const result = lookalike(index, seed);
    expect(result.country).toBeNull();
    expect(result.population).toBe(175);
    expect([...result.ranked].sort((a, b) => a - b)).toEqual([10, 11, 12, 13, ...LOOKALIKES, ...JAPAN]);
    expect(result.ranked.slice(0, 6)).toEqual(Uint32Array.from(LOOKALIKES));
  });

  it('is deterministic: the same seed splits and ranks the same way', () => {
    const a = lookalike(index, seed, { country: 'US' });
    const b = lookalike(index, seed, { country: 'US' });
    expect(b.ranked).toEqual(a.ranked);
    expect(b.sizes).toEqual(a.sizes);
    const keys = index.accounts.sampleKey;
    const split = splitSeed(Uint32Array.from(SEED), (n) => keys[n]!);
    expect(split.heldOut.length).toBe(4);
    expect([...split.fit, ...split.heldOut].sort((x, y) => x - y)).toEqual(SEED);
  });

  it('refuses a seed too small to split and an unknown country', () => {
    expect(() => lookalike(index, AccountSet.fromNumbers(index.size, range(60, 65)))).toThrow(RangeError);
    expect(() => lookalike(index, seed, { country: 'Atlantis' })).toThrow(RangeError);
  });
});

describe('the seed hold-out (holdout.ts)', () => {
  const members = Uint32Array.from(range(100, 150));

  it('holds out round(20 %) of the members, those of lowest rank of their sample keys', () => {
    const keyOf = (n: number) => n * 7919;
    const { fit, heldOut } = splitSeed(members, keyOf);
    expect(heldOut.length).toBe(10);
    expect(fit.length).toBe(40);
    const ranks = [...members].map((n) => holdOutRank(keyOf(n))).sort((a, b) => a - b);
    expect(Math.max(...[...heldOut].map((n) => holdOutRank(keyOf(n))))).toBe(ranks[9]);
    expect([...fit, ...heldOut].sort((a, b) => a - b)).toEqual([...members]);
    expect([...heldOut]).toEqual([...heldOut].sort((a, b) => a - b));
  });

  it('follows the keys, not the numbers: the same keys on other numbers hold out the same accounts', () => {
    const keyOf = (n: number) => (n * 2654435761) >>> 0;
    const renumbered = new Map([...members].map((n, i) => [n, 900 - i] as const));
    const other = Uint32Array.from([...renumbered.values()]).sort();
    const keyOfOther = (m: number) => keyOf([...renumbered].find(([, to]) => to === m)![0]);
    const { heldOut } = splitSeed(members, keyOf);
    const again = splitSeed(other, keyOfOther).heldOut;
    const back = [...again].map((m) => [...renumbered].find(([, to]) => to === m)![0]);
    expect(back.sort((a, b) => a - b)).toEqual([...heldOut]);
  });

  it('breaks ties at the cut by account number, and holds out nobody from a seed too small to', () => {
    const { heldOut } = splitSeed(members, () => 42);
    expect([...heldOut]).toEqual(range(100, 110));
    expect(splitSeed(Uint32Array.from([5, 6]), (n) => n).heldOut.length).toBe(0);
  });
});
