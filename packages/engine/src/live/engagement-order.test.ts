import { describe, expect, it } from 'vitest';
import { seededRandom } from '../testing/random';
import { reorderEngagement, reorderEngagementSteps } from './engagement-order';

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

  it('equals a fresh sort whatever changed: none, one, a few, all, posts new to the order, the ends', () => {
    const rand = seededRandom(9);
    for (const [posts, changes] of [
      [0, 0],
      [1, 1],
      [200, 0],
      [200, 1],
      [200, 5],
      [200, 200],
      [5_000, 3],
      [5_000, 60],
    ] as const) {
      for (let round = 0; round < 20; round++) {
        const engagement = Array.from({ length: posts }, () => (rand() < 0.2 ? 0 : Math.floor(rand() * 40)));
        const of = (p: number) => engagement[p]!;
        const fresh = () =>
          engagement
            .map((_, p) => p)
            .filter((p) => of(p) > 0)
            .sort((a, b) => of(b) - of(a) || a - b);
        const before = Uint32Array.from(fresh());
        const changed = new Set<number>();
        for (let i = 0; i < changes; i++) {
          const p = Math.floor(rand() * posts);
          changed.add(p);
          const r = rand();
          // To the front, to the back, out of the order, or anywhere.
          engagement[p] = r < 0.2 ? 1_000 : r < 0.4 ? 1 : r < 0.5 ? 0 : Math.floor(rand() * 40);
        }
        // Small steps, so that runs cross step boundaries.
        const steps = reorderEngagementSteps(before, changed, of, 7);
        let next = steps.next();
        while (!next.done) next = steps.next();
        expect([...next.value]).toEqual(fresh());
      }
    }
  });
});
