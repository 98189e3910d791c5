import { describe, expect, it } from 'vitest';
import { finish } from '../util/steps';
import { baseModel, build, randomEvents } from '../testing/live-model';
import { seededRandom } from '../testing/random';
import { liveEngine } from './live-engine';
import type { PostColumns } from '../postings/audience-index';

/** The engaged posts by engagement (most first), ties by post number: what a fresh sort gives. */
function sorted(posts: PostColumns): number[] {
  const engagement = (p: number) => posts.likes[p]! + posts.reposts[p]! + posts.replies[p]!;
  const engaged: number[] = [];
  for (let p = 0; p < posts.count; p++) if (engagement(p) > 0) engaged.push(p);
  return engaged.sort((a, b) => engagement(b) - engagement(a) || a - b);
}

/**
 * A report pins the live index's current version and brings its engagement order up to date in
 * steps (`prepare`). The index keeps what a pin brought, so that the next pin of the same version
 * reads it as it is instead of moving the same posts again (each report on an idle index did).
 */
describe("a pinned version's engagement order", () => {
  it('is reordered once per version, and equals a fresh sort at every version', async () => {
    const rand = seededRandom(11);
    const m = baseModel(rand, 80, 160);
    const engine = liveEngine(await build(m), { headroom: 16 });
    const events = randomEvents(m, rand, 600);
    for (let i = 0; i < events.length; i += 50) {
      engine.apply(events.slice(i, i + 50), { '0': i });
      const first = engine.pin();
      finish(first.prepare());
      const order = first.whole.posts.byEngagement;
      expect([...order]).toEqual(sorted(first.whole.posts));
      first.release();
      // The same version again: the order the first pin brought, not a second reordering.
      const second = engine.pin();
      expect(second.whole.posts.byEngagement).toBe(order);
      second.release();
    }
  });

  it("kept across a batch that moved no engagement, is the next version's as it is", async () => {
    const rand = seededRandom(13);
    const m = baseModel(rand, 80, 160);
    const engine = liveEngine(await build(m), { headroom: 16 });
    const events = randomEvents(m, rand, 600);
    const follows = events.filter((e) => e.type === 'follow' || e.type === 'unfollow');
    const others = events.filter((e) => e.type !== 'follow' && e.type !== 'unfollow');
    expect(follows.length).toBeGreaterThan(20);
    engine.apply(others, { '0': 1 });
    const pinned = engine.pin();
    // Follows only: no post's engagement moves, so what the pin brings up to date is current.
    engine.apply(follows, { '0': 2 });
    finish(pinned.prepare());
    const order = pinned.whole.posts.byEngagement;
    pinned.release();
    const next = engine.pin();
    expect(next.whole.posts.byEngagement).toBe(order);
    expect([...order]).toEqual(sorted(next.whole.posts));
    next.release();
  });

  it('kept across a batch applied while it was pinned, stays right for the next version', async () => {
    const rand = seededRandom(12);
    const m = baseModel(rand, 80, 160);
    const engine = liveEngine(await build(m), { headroom: 16 });
    const events = randomEvents(m, rand, 600);
    for (let i = 0; i + 100 <= events.length; i += 100) {
      engine.apply(events.slice(i, i + 50), { '0': i });
      const pinned = engine.pin();
      // A batch comes while the report holds its version; its order is brought up to date after.
      engine.apply(events.slice(i + 50, i + 100), { '0': i + 50 });
      finish(pinned.prepare());
      expect([...pinned.whole.posts.byEngagement]).toEqual(sorted(pinned.whole.posts));
      pinned.release();
      const next = engine.pin();
      finish(next.prepare());
      expect([...next.whole.posts.byEngagement]).toEqual(sorted(next.whole.posts));
      expect([...engine.index.posts.byEngagement]).toEqual(sorted(engine.index.posts));
      next.release();
    }
  });
});
