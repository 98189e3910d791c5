import { describe, expect, it } from 'vitest';
import { AccountSet } from '../bits/account-set';
import { evaluate } from '../evaluate/evaluate';
import { liveEngine } from '../live/live-engine';
import { rowChangesSince, rowsMark } from '../live/row-changes';
import { LazyCsr } from '../live/structures';
import type { AudienceIndex } from '../postings/audience-index';
import { csrRow, type Csr } from '../postings/csr';
import { pkg } from '../testing/network-a';
import { baseModel, build, randomEvents } from '../testing/live-model';
import { seededRandom } from '../testing/random';
import { InsightContext } from './context';
import { followCounts, profileCounts } from './counts';
import { carryStats, forgetCarries } from './tally-carry';

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

const PACKAGES = [
  pkg({ languages: [{ label: 'English' }] }),
  pkg({ languages: [{ label: 'Japanese' }, { label: 'English' }] }),
  pkg({ keywords: [{ label: 'coffee' }] }),
];

/** The base of the log a version's follow rows are read from (a plain CSR is its own). */
const generationOf = (index: AudienceIndex): Csr =>
  index.following instanceof LazyCsr ? index.following.source.log.base : index.following;

const equal = (a: Uint32Array, b: Uint32Array): boolean =>
  a.length === b.length && a.every((v, i) => v === b[i]);

describe('rowChangesSince', () => {
  it('tells every row changed since a marked version, within a log and across one background compaction', async () => {
    let withinLog = 0;
    let acrossCompaction = 0;
    let acrossGrowth = 0;
    const wrong: string[] = [];
    for (const seed of [21, 22, 23]) {
      const rand = seededRandom(seed);
      const m = baseModel(rand, 120, 100);
      // sliceMs 0 and small logs: compactions start often and run in slices between batches.
      const engine = liveEngine(await build(m), { headroom: 8, compactBytes: 6_000, sliceMs: 0 });
      // Versions held (so their logs stay readable), each with the compactions finished by then.
      const held: { index: AudienceIndex; compactions: number; generation: Csr }[] = [];
      const events = randomEvents(m, rand, 900);
      for (let i = 0; i < events.length; i += 30) {
        engine.apply(events.slice(i, i + 30));
        held.push({
          index: engine.index,
          compactions: engine.liveStats().compactions,
          generation: generationOf(engine.index),
        });
        await tick();
        const now = engine.index;
        const compactions = engine.liveStats().compactions;
        const generation = generationOf(now);
        for (const then of held) {
          const changes = rowChangesSince(rowsMark(then.index.following), now.following);
          const folds = compactions - then.compactions;
          // Within one log (or its base before the first write) the changes are always known; across
          // two compactions never (the first one's log is not kept).
          if (folds === 0 && then.generation === generation) expect(changes).toBeDefined();
          if (folds > 1) expect(changes).toBeUndefined();
          if (!changes) continue;
          if (folds === 1) acrossCompaction++;
          else if (then.generation === generation) withinLog++;
          else acrossGrowth++;
          for (let n = 0; n < now.size; n++) {
            const before = csrRow(then.index.following, n);
            if (!equal(changes.before(n), before)) wrong.push(`row ${n} before`);
            if (!changes.mayDiffer(n) && !equal(csrRow(now.following, n), before)) wrong.push(`row ${n}`);
          }
        }
        // Only the versions of the last two compactions are kept.
        while (held.length > 0 && compactions - held[0]!.compactions > 1) held.shift();
      }
      expect(engine.liveStats().compactions).toBeGreaterThan(2);
    }
    expect(wrong.slice(0, 5)).toEqual([]);
    expect(withinLog).toBeGreaterThan(100);
    expect(acrossCompaction).toBeGreaterThan(10);
    // New accounts beyond the index's capacity: the rows rebased on a grown index, as they were.
    expect(acrossGrowth).toBeGreaterThan(0);
  });

  it('knows the changes of rows no event wrote to across a background compaction (carried, not counted again)', async () => {
    forgetCarries();
    const rand = seededRandom(25);
    const m = baseModel(rand, 200, 100);
    const engine = liveEngine(await build(m), { headroom: 8, compactBytes: 6_000, sliceMs: 0 });
    // No user or post events (likes, follows, deletions and removals write no profile): the profile
    // terms' rows stay their log's plain base until a compaction folds them into a new log.
    const events = randomEvents(m, rand, 1_500).filter((e) => e.type !== 'user' && e.type !== 'post');
    const audience = () => evaluate(engine.index, PACKAGES[0]!).accounts;
    const counts = () => {
      const ctx = new InsightContext(engine.index, audience(), { sampleSize: 25_000, carry: 'plain' });
      return Array.from(profileCounts(ctx));
    };
    counts();
    const plain = engine.index.profileTerms;
    expect(plain).not.toBeInstanceOf(LazyCsr);
    let acrossCompaction = 0;
    for (let i = 0; i < events.length && acrossCompaction === 0; i += 30) {
      const compactions = engine.liveStats().compactions;
      engine.apply(events.slice(i, i + 30));
      await tick();
      if (engine.liveStats().compactions === compactions) continue;
      const now = engine.index.profileTerms;
      expect(now).toBeInstanceOf(LazyCsr);
      const changes = rowChangesSince(rowsMark(plain), now)!;
      expect(changes).toBeDefined();
      for (let n = 0; n < engine.index.size; n++) {
        expect(Array.from(changes.before(n))).toEqual(Array.from(csrRow(plain, n)));
        if (!changes.mayDiffer(n)) expect(Array.from(csrRow(now, n))).toEqual(Array.from(csrRow(plain, n)));
      }
      const scratch = carryStats.fromScratch;
      const carried = counts();
      expect(carryStats.fromScratch).toBe(scratch);
      const want = new InsightContext(engine.index, audience(), { sampleSize: 25_000 });
      expect(carried).toEqual(Array.from(profileCounts(want)));
      acrossCompaction++;
    }
    expect(acrossCompaction).toBe(1);
  });

  it('knows no changes of another engine’s rows; knows them across an inline compaction', async () => {
    const rand = seededRandom(24);
    const m = baseModel(rand, 80, 60);
    const engine = liveEngine(await build(m), { headroom: 8 });
    engine.apply(randomEvents(m, rand, 100));
    const then = engine.index;
    const other = liveEngine(await build(m), { headroom: 8 });
    other.apply(randomEvents(m, rand, 100));
    expect(rowChangesSince(rowsMark(then.following), other.index.following)).toBeUndefined();
    engine.compact();
    engine.apply(randomEvents(m, rand, 100));
    const changes = rowChangesSince(rowsMark(then.following), engine.index.following)!;
    expect(changes).toBeDefined();
    let same = 0;
    for (let n = 0; n < engine.index.size; n++) {
      const before = Array.from(csrRow(then.following, n));
      expect(Array.from(changes.before(n))).toEqual(before);
      if (!changes.mayDiffer(n)) {
        expect(Array.from(csrRow(engine.index.following, n))).toEqual(before);
        same++;
      }
    }
    expect(same).toBeGreaterThan(0);
  });
});

describe('the follow tally and profile term counts carried from the call before', () => {
  it('equals the tally from scratch over live joins, leaves, follows, unfollows, deletions and compactions', async () => {
    forgetCarries();
    const carriedBefore = carryStats.carried;
    for (const seed of [31, 32]) {
      const rand = seededRandom(seed);
      const m = baseModel(rand, 400, 150);
      const engine = liveEngine(await build(m), { headroom: 8, compactBytes: 12_000, sliceMs: 0 });
      const events = randomEvents(m, rand, 1_200);
      for (let i = 0, round = 0; i < events.length; i += 40, round++) {
        engine.apply(events.slice(i, i + 40));
        await tick();
        // Now and then an inline compaction: other rows, counted from scratch, exactly as well.
        if (round === 17) engine.compact();
        const index = engine.index;
        const audiences = [
          new AccountSet(index.size, index.present),
          ...PACKAGES.map((p) => evaluate(index, p).accounts),
        ];
        audiences.forEach((set, a) => {
          // Samples of every member, and of about a third of them (their bound moves with the
          // audience's size, so members enter and leave them without joining or leaving).
          for (const size of [25_000, Math.max(1, Math.floor(set.count / 3))]) {
            const options = { graphSampleSize: size, sampleSize: size };
            const scratch = new InsightContext(index, set, options);
            scratch.keepsFollows = false;
            const carried = new InsightContext(index, set, {
              ...options,
              carry: `${seed}:${a}:${size === 25_000 ? 'all' : 'third'}`,
            });
            carried.keepsFollows = false;
            const want = followCounts(scratch);
            const got = followCounts(carried);
            expect(Array.from(got.followed)).toEqual(Array.from(want.followed));
            expect(Array.from(got.counts)).toEqual(Array.from(want.counts));
            expect(Array.from(profileCounts(carried))).toEqual(Array.from(profileCounts(scratch)));
          }
        });
      }
      expect(engine.liveStats().compactions).toBeGreaterThan(1);
    }
    // Most calls were carried, not counted again.
    expect(carryStats.carried - carriedBefore).toBeGreaterThan(400);
  });

  it('keeps room in a tally counted from scratch: the carry after it merges in place', async () => {
    const rand = seededRandom(41);
    const m = baseModel(rand, 400, 150);
    const engine = liveEngine(await build(m), { headroom: 8 });
    const events = randomEvents(m, rand, 1_600);
    const tally = () => {
      const index = engine.index;
      const ctx = new InsightContext(index, new AccountSet(index.size, index.present), {
        graphSampleSize: 25_000,
        carry: 'room',
      });
      ctx.keepsFollows = false;
      return followCounts(ctx).followed;
    };
    let checked = 0;
    for (let i = 0; i < events.length; i += 80) {
      engine.apply(events.slice(i, i + 40));
      // Counted from scratch, then carried over the next 40 events.
      forgetCarries();
      const counted = tally();
      const known = new Set(counted);
      const { buffer } = counted;
      const scratch = carryStats.fromScratch;
      engine.apply(events.slice(i + 40, i + 80));
      const carried = tally();
      // A carry that took in accounts new to the tally: in place, in the counted tally's buffer.
      if (carryStats.fromScratch === scratch && carried.some((f) => !known.has(f))) {
        expect(carried.buffer).toBe(buffer);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(3);
  });
});
