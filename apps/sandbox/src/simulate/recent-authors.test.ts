import { describe, expect, it } from 'vitest';
import { PostTable } from '../model/posts';
import { streamRng } from '../random/prng';
import { RecentAuthors } from './births';

/** The scan RecentAuthors stands for: back from the newest post over `window` posts. */
function scan(posts: PostTable, author: number, window: number): number {
  for (let q = posts.length - 1, seen = 0; q >= 0 && seen < window; q--, seen++)
    if (posts.author.get(q) === author) return q;
  return -1;
}

describe("a live-born account's recent posts to like", () => {
  it('finds what a scan back over the window finds, with posts appended between lookups', () => {
    for (const [start, window] of [
      [0, 50],
      [30, 50],
      [400, 50],
      [2_000, 300],
    ] as const) {
      const rng = streamRng('recent-authors', `${start}-${window}`);
      const posts = new PostTable();
      const append = () => posts.append(rng.int(40), 0, 0, 0, -1, -1);
      for (let i = 0; i < start; i++) append();
      const recent = new RecentAuthors(posts, window);
      let found = 0;
      for (let k = 0; k < 2_000; k++) {
        for (let i = rng.int(4); i > 0; i--) append();
        const author = rng.int(48);
        const want = scan(posts, author, window);
        expect(recent.latestOf(author)).toBe(want);
        if (want >= 0) found++;
      }
      expect(found).toBeGreaterThan(100);
    }
  });
});
