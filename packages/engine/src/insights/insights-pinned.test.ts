import { beforeAll, describe, expect, it } from 'vitest';
import { evaluate } from '../evaluate/evaluate';
import type { AudienceIndex } from '../postings/audience-index';
import { fixtureIndex, type Fixture, type FixtureAccount, type FixturePost } from '../testing/fixture';
import { pkg } from '../testing/network-a';
import { computeInsights } from './insights';
import { seededRandom } from '../testing/random';

/**
 * Every panel's output pinned on a pseudo-random network of 1 500 accounts, with samples and a
 * community core small enough that each sampled path runs: the panels are tuned for speed at
 * millions of members, and a faster loop must not change a single count, share or ranking.
 * The snapshot was taken before the speed work of scale-out (at commit a72e38c), and taken again
 * when the samples came to hash the accounts' X ids instead of their numbers (AccountColumns.sampleKey;
 * with every key set to its account number the earlier snapshot still matched), and again when equal
 * counts and scores came to rank by value instead of by first-seen order (util/top-k.ts `byValue`:
 * the same lines, values of equal count reordered).
 */

const ACCOUNTS = 1_500;
const WORDS = ['physics', 'stars', 'soccer', 'goals', 'coffee', 'beans', 'music', 'code', 'tokyo', 'books'];
const INTERESTS = ['20005', '20006', '22001', '22002', '9001'];
const JOBS: [string, string][] = [
  ['engineer', 'IT/Tech'],
  ['developer', 'IT/Tech'],
  ['teacher', 'Education'],
  ['professor', 'Education'],
  ['nurse', 'Health'],
];
const AGES = ['13-17', '18-20', '21-24', '25-34', '35-49', '50-64', null];

function network(): Fixture {
  const random = seededRandom(18);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const accounts: FixtureAccount[] = [];
  for (let n = 0; n < ACCOUNTS; n++) {
    // Three loose clusters by account number, each following mostly inside itself and towards
    // its low numbers (its "celebrities"), so Louvain has communities to find.
    const cluster = n % 3;
    const follows = new Set<number>();
    const count = 3 + Math.floor(random() * 25);
    for (let k = 0; k < count; k++) {
      const inside = random() < 0.8;
      const rank = Math.floor(random() ** 2 * (ACCOUNTS / 3));
      const target = inside ? rank * 3 + cluster : Math.floor(random() * ACCOUNTS);
      if (target !== n && target < ACCOUNTS) follows.add(target);
    }
    const job = random() < 0.6 ? pick(JOBS) : undefined;
    accounts.push({
      n,
      country: cluster === 2 ? 'JP' : 'US',
      region: cluster === 2 ? 'Chiba' : 'California',
      city: cluster === 2 ? 'Chiba' : 'San Francisco',
      metro: cluster === 2 ? null : undefined,
      lang: cluster === 2 ? 'ja' : pick(['en', 'en', 'es']),
      gender: pick(['male', 'female', 'unknown', null] as const),
      age: pick(AGES),
      job: job?.[0] ?? null,
      jobCategory: job?.[1] ?? null,
      device: pick(['ios', 'android', 'web']),
      operator: random() < 0.5 ? (cluster === 2 ? '5' : '1') : null,
      interests: [INTERESTS[cluster]!, ...(random() < 0.4 ? [pick(INTERESTS)] : [])],
      bio: `${WORDS[cluster * 3]} ${pick(WORDS)} ${pick(WORDS)}`,
      verified: random() < 0.05,
      follows: [...follows],
    });
  }
  const posts: FixturePost[] = [];
  for (let p = 0; p < 4_000; p++) {
    const author = Math.floor(random() ** 2 * ACCOUNTS);
    const likers = Array.from({ length: Math.floor(random() * 12) }, () => Math.floor(random() * ACCOUNTS));
    posts.push({
      author,
      text: `${pick(WORDS)} ${pick(WORDS)} today`,
      hashtags: random() < 0.3 ? [pick(WORDS)] : [],
      likedBy: [...new Set(likers)],
      repostedBy: random() < 0.3 ? [Math.floor(random() * ACCOUNTS)] : [],
      replies: Math.floor(random() * 5),
    });
  }
  return { accounts, posts };
}

let index: AudienceIndex;
beforeAll(async () => {
  index = await fixtureIndex(network());
});

/** computeInsights without its timing. */
const panels = (audience: ReturnType<typeof evaluate>, options = {}) => {
  const { ms: _ms, ...rest } = computeInsights(index, audience, options);
  return rest;
};

describe('insights pinned on a pseudo-random network', () => {
  it('every panel of a broad audience, with samples and a sampled community core', () => {
    const everyone = evaluate(index, pkg({ languages: [{ label: 'en' }, { label: 'es' }, { label: 'ja' }] }));
    expect(everyone.sampleCount).toBe(ACCOUNTS);
    const result = panels(everyone, { sampleSize: 400, graphSampleSize: 300, communityNodes: 120 });
    expect(result.interests.basis.sampled).toBe(true);
    expect(result.communities.nodes).toBe(120);
    expect(result).toMatchSnapshot();
  });

  it('every panel of a narrower audience, unsampled', () => {
    const japanese = evaluate(index, pkg({ languages: [{ label: 'ja' }] }));
    const result = panels(japanese, { communityNodes: 200 });
    expect(result.interests.basis.sampled).toBe(false);
    expect(result).toMatchSnapshot();
  });
});
