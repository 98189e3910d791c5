import { describe, expect, it } from 'vitest';
import { generateNetwork } from '../../generate/network';
import { advanceInSteps } from '../../simulate/tick';
import { postCount, postsOf } from './indexes';

/** The account's posts by a scan of every post's author: what postsOf must answer. */
const scanned = (authors: Uint32Array, account: number): number[] => {
  const out: number[] = [];
  for (let p = 0; p < authors.length; p++) if (authors[p] === account) out.push(p);
  return out;
};

describe('posts by author', () => {
  it('follow the posts simulated time appends, one-second steps and accounts born live included', () => {
    const net = generateNetwork({ accounts: 2500, seed: 'indexes', historyDays: 3 });
    const before = net.posts.length;
    const accounts = net.accounts.count;
    // Built once, then extended by each step's posts (the running clock's one-second steps).
    for (let a = 0; a < accounts; a++)
      expect([...postsOf(net, a)]).toEqual(scanned(net.posts.author.view(), a));
    let asked = 0;
    for (let hour = 0; hour < 72; hour++) {
      advanceInSteps(net, net.clock.now + 3600, hour % 3 === 0 ? 1 : 600);
      // Asked between steps as the firehose asks: some authors, every hour.
      for (let a = hour; a < net.accounts.count; a += 37) {
        postsOf(net, a);
        asked++;
      }
    }
    // Past the tail's rebuild (an eighth of the CSR, at least 256 posts): both paths were taken.
    expect(net.posts.length - before).toBeGreaterThan(Math.max(256, before >> 3));
    expect(net.accounts.count).toBeGreaterThan(accounts); // accounts born live
    expect(asked).toBeGreaterThan(0);
    const authors = net.posts.author.view();
    let bornWithPosts = 0;
    for (let a = 0; a < net.accounts.count; a++) {
      const expected = scanned(authors, a);
      expect([...postsOf(net, a)], `account ${a}`).toEqual(expected);
      const live = expected.filter((p) => !net.posts.deleted.get(p)).length;
      expect(postCount(net, a)).toBe(net.accounts.priorPosts[a]! + live);
      if (a >= accounts && expected.length > 0) bornWithPosts++;
    }
    expect(bornWithPosts).toBeGreaterThan(0);
  });
});
