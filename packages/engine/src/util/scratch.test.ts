import { describe, expect, it } from 'vitest';
import { AccountSet } from '../bits/account-set';
import { evaluate } from '../evaluate/evaluate';
import { buildIndex } from '../ingest/build-index';
import { somePanels } from '../explore/panels';
import { computeInsights } from '../insights/insights';
import { carryStats } from '../insights/tally-carry';
import { LIVE_BUILD_OPTIONS, liveEngine } from '../live/live-engine';
import { baseModel, randomEvents } from '../testing/live-model';
import { pkg } from '../testing/network-a';
import { seededRandom } from '../testing/random';
import { giveScratch, MAX_KEPT_BYTES, Scratch, takeScratch } from './scratch';

describe('Scratch', () => {
  it('carves zeroed arrays from its buffer, again after a release', () => {
    const scratch = new Scratch(64);
    const a = scratch.u32(4);
    const b = scratch.f64(2);
    expect(a.buffer).toBe(b.buffer);
    expect(b.byteOffset).toBe(16);
    a.fill(7);
    b.fill(1.5);
    scratch.release();
    const c = scratch.u32(4);
    expect(c.buffer).toBe(a.buffer);
    expect([...c]).toEqual([0, 0, 0, 0]);
    // Not zeroed when asked so: what the last report left.
    expect([...scratch.f64(2, false)]).toEqual([1.5, 1.5]);
  });

  it('aligns every array to 8 bytes', () => {
    const scratch = new Scratch(64);
    scratch.u8(3);
    expect(scratch.f64(1).byteOffset).toBe(8);
    scratch.u32(1);
    expect(scratch.i32(1).byteOffset).toBe(24);
  });

  it('gives fresh arrays past its buffer, and holds them all from the next release on', () => {
    const scratch = new Scratch(16);
    const inside = scratch.u32(4);
    const past = scratch.u32(100);
    expect(past.buffer).not.toBe(inside.buffer);
    expect(past.length).toBe(100);
    scratch.release();
    expect(scratch.keptBytes).toBeGreaterThanOrEqual(16 + 400);
    const again = [scratch.u32(4), scratch.u32(100)];
    expect(again[1]!.buffer).toBe(again[0]!.buffer);
  });

  it('keeps at most MAX_KEPT_BYTES', () => {
    const scratch = new Scratch();
    scratch.u8(MAX_KEPT_BYTES + 8);
    scratch.release();
    expect(scratch.keptBytes).toBe(MAX_KEPT_BYTES);
  });

  it('pools released scratches for the next report', () => {
    const first = takeScratch();
    first.u32(1_000);
    giveScratch(first);
    expect(takeScratch()).toBe(first);
  });
});

describe('reports on a scratch kept between them', () => {
  it('equal the report on fresh memory, and a later report leaves an earlier one as it was', async () => {
    const rand = seededRandom(35);
    const m = baseModel(rand, 400, 300);
    randomEvents(m, rand, 900);
    const index = await buildIndex(m.lines(), LIVE_BUILD_OPTIONS);
    const everyone = new AccountSet(index.size, index.present);
    const english = evaluate(index, pkg({ languages: [{ label: 'en' }] }));
    const options = { minSupport: 1, sampleSize: 150, graphSampleSize: 120, communityNodes: 60 };
    const plain = (report: object) => JSON.stringify({ ...report, ms: 0 });
    // Every array of the first report is fresh: the thread's pool holds nothing of this size yet.
    while (takeScratch().keptBytes > 0);
    const first = computeInsights(index, everyone, options);
    const fresh = plain(first);
    expect(first.communities.communities.length).toBeGreaterThan(0);
    expect(first.engagement.mostLikedPosts.length).toBeGreaterThan(0);
    // The next reports reuse the first one's memory, dirty with another audience's counts.
    const other = computeInsights(index, english, options);
    expect(plain(other)).not.toBe(fresh);
    expect(plain(computeInsights(index, everyone, options))).toBe(fresh);
    expect(plain(first)).toBe(fresh);
  });

  it('leave a carried tally as it was (the points of an audience history, between reports)', async () => {
    const rand = seededRandom(36);
    const m = baseModel(rand, 400, 300);
    const engine = liveEngine(await buildIndex(m.lines(), LIVE_BUILD_OPTIONS));
    const events = randomEvents(m, rand, 300);
    const names = ['interests', 'influentialAccounts', 'summary'] as const;
    const options = { minSupport: 1, sampleSize: 150, graphSampleSize: 120 };
    const carry = { ...options, carry: 'scratch-test' };
    const everyone = () => new AccountSet(engine.index.size, engine.index.present);
    somePanels(engine.index, everyone(), names, carry);
    const carried = carryStats.carried;
    for (let round = 0; round < 3; round++) {
      engine.apply(events.slice(round * 100, (round + 1) * 100));
      // Reports between two points reuse the scratch the last point used.
      computeInsights(engine.index, evaluate(engine.index, pkg({ languages: [{ label: 'en' }] })), options);
      computeInsights(engine.index, everyone(), { ...options, seed: 7 });
      const index = engine.index;
      const expected = JSON.stringify(somePanels(index, everyone(), names, options));
      expect(JSON.stringify(somePanels(index, everyone(), names, carry))).toBe(expected);
    }
    // The points were carried, not counted afresh.
    expect(carryStats.carried).toBeGreaterThan(carried);
  });
});
