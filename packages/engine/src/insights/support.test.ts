import { beforeAll, describe, expect, it } from 'vitest';
import { evaluate } from '../evaluate/evaluate';
import type { AudienceIndex } from '../postings/audience-index';
import { fixtureIndex, type FixtureAccount, type FixturePost } from '../testing/fixture';
import { pkg } from '../testing/network-a';
import { wallCandidates, contentWall, POSTS_PER_AUTHOR } from './content-wall';
import { InsightContext } from './context';
import { bioWords } from './interests';
import { distinctiveScore, MIN_SUPPORT } from './share';

/**
 * 400 accounts, 100 in Japan (the audience). In bio: "jazz" by 40 of the audience and 60 outside
 * (a real lean: 40 % against 25 %), "zither" by 2 of the audience only (100 % of its holders, the
 * kind of item that topped "distinctive" lists at 100×), "coffee" by everyone. Account 1, in the
 * audience, writes 8 well-liked posts; 12 other members one each.
 */
function network() {
  const accounts: FixtureAccount[] = [];
  for (let n = 0; n < 400; n++) {
    const inAudience = n < 100;
    const words = ['coffee'];
    if (inAudience ? n < 40 : n < 160) words.push('jazz');
    if (n === 50 || n === 51) words.push('zither');
    accounts.push({ n, country: inAudience ? 'JP' : 'US', bio: words.join(' ') });
  }
  const likers = (k: number) => Array.from({ length: k }, (_, i) => 200 + i);
  const posts: FixturePost[] = [];
  for (let k = 0; k < 8; k++) posts.push({ author: 1, text: `post ${k}`, likedBy: likers(40 - k) });
  for (let a = 10; a < 22; a++) posts.push({ author: a, text: `by ${a}`, likedBy: likers(a - 4) });
  return { accounts, posts };
}

let index: AudienceIndex;
beforeAll(async () => {
  index = await fixtureIndex(network());
});
const japan = () => new InsightContext(index, evaluate(index, pkg({ countries: [{ label: 'JP' }] })));

describe('minimum support and intervals', () => {
  it('"distinctive" needs the minimum support and a share interval above the baseline', () => {
    const panel = bioWords(japan());
    expect(panel.basis.minSupport).toBe(MIN_SUPPORT);
    expect(panel.distinctive.map((s) => s.key)).toEqual(['jazz']);
    const [jazz] = panel.distinctive;
    expect(jazz).toMatchObject({ count: 40, share: 0.4, populationShare: 0.25 });
    expect(jazz!.shareInterval[0]).toBeGreaterThan(0.25);
    expect(jazz!.shareInterval[0]).toBeLessThan(0.4);
    expect(jazz!.affinityInterval![0]).toBeCloseTo(jazz!.shareInterval[0] / 0.25, 10);
    // "zither": 2 accounts, never listed, not even among the commonest words.
    expect(panel.words.map((s) => s.key)).not.toContain('zither');
    for (const s of [...panel.words, ...panel.distinctive])
      expect(s.count).toBeGreaterThanOrEqual(MIN_SUPPORT);
  });

  it('distinctiveScore: 0 under the support or when the interval reaches the baseline', () => {
    expect(distinctiveScore(2, 100, 2, 400, MIN_SUPPORT)).toBe(0);
    // 6 of 100 against 5 %: the interval (2.8 %–12.5 %) holds the baseline.
    expect(distinctiveScore(6, 100, 20, 400, MIN_SUPPORT)).toBe(0);
    expect(distinctiveScore(40, 100, 100, 400, MIN_SUPPORT)).toBeGreaterThan(1);
  });

  it('the content wall caps posts per author and ranks by engagement per reach', () => {
    const ctx = japan();
    const candidates = wallCandidates(ctx);
    expect(candidates.filter((p) => p.author.account === 1).length).toBeGreaterThan(POSTS_PER_AUTHOR);
    const wall = contentWall(ctx);
    expect(wall.perAuthor).toBe(POSTS_PER_AUTHOR);
    expect(wall.posts.filter((p) => p.author.account === 1)).toHaveLength(POSTS_PER_AUTHOR);
    expect(wall.posts.length).toBeGreaterThan(POSTS_PER_AUTHOR);
    const authors = wall.posts.map((p) => p.author.account);
    expect(new Set(authors).size).toBeGreaterThanOrEqual(wall.posts.length / POSTS_PER_AUTHOR);
    expect(wall.posts.every((p) => p.likes + p.reposts + p.replies >= MIN_SUPPORT)).toBe(true);
  });
});
