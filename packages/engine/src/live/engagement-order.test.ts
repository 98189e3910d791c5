import { describe, expect, it } from 'vitest';
import { seededRandom } from '../testing/random';
import { reorderEngagement } from './engagement-order';

// The engaged posts' order (live index, pinned versions): most engaged first, ties by post number.
describe('the engagement order brought up to date', () => {
  it('equals a fresh sort, engagements past 2^21 (sorted otherwise) and ties included', () => {
    const rand = seededRandom(5);
    for (const top of [50, 2 ** 22]) {
      const engagement = Array.from({ length: 3_000 }, () =>
        rand() < 0.3 ? 0 : Math.floor(rand() * rand() * top),
      );
      const of = (p: number) => engagement[p]!;
      const fresh = (posts: number[]) =>
        posts.filter((p) => of(p) > 0).sort((a, b) => of(b) - of(a) || a - b);
      const before = Uint32Array.from(fresh(engagement.map((_, p) => p)));
      const changed = new Set<number>();
      for (let i = 0; i < 800; i++) {
        const p = Math.floor(rand() * engagement.length);
        changed.add(p);
        engagement[p] = rand() < 0.2 ? 0 : Math.floor(rand() * top);
      }
      expect([...reorderEngagement(before, changed, of)]).toEqual(fresh(engagement.map((_, p) => p)));
    }
  });
});
