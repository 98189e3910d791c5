import { describe, expect, it } from 'vitest';
import { seededRandom } from '../testing/random';
import { baseModel, build, randomEvents } from '../testing/live-model';
import { picture } from '../testing/index-picture';
import { liveEngine } from './live-engine';

// Background compaction yields to a busy reports thread (LiveIndex.yieldFolds, docs/LIVE.md): no
// fold starts and none takes a slice while `busy` answers true, until the logs hold 1.5 × the
// threshold; a fold asked for (a snapshot's) never waits; the index stays exact whenever folds run.

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));
const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

describe('background compaction yielding to reports', () => {
  it('starts a fold later while busy, but starts one before the logs pass 1.5 × the threshold', async () => {
    const rand = seededRandom(21);
    const m = baseModel(rand, 60, 80);
    // Two engines from the same base, built before the events change the model.
    const bases = [await build(m), await build(m)];
    const events = randomEvents(m, rand, 600);
    /** The batch (of 10 events) at which a fold first started, given `busy`. */
    const firstFold = (busy: (() => boolean) | undefined) => {
      const engine = liveEngine(bases.pop()!, { headroom: 64, compactBytes: 6_000, sliceMs: 0 });
      engine.yieldFolds(busy);
      for (let i = 0; i < events.length; i += 10) {
        engine.apply(events.slice(i, i + 10));
        if (engine.compactionProgress()) return { engine, at: i / 10 };
      }
      return { engine, at: -1 };
    };
    const free = firstFold(undefined);
    const busy = firstFold(() => true);
    expect(free.at).toBeGreaterThan(0);
    expect(busy.at).toBeGreaterThan(free.at);
    // Busy throughout, the fold still finishes once started (past 1.5 ×), and stays exact.
    while (busy.engine.compactionProgress()) await tick();
    expect(busy.engine.liveStats().compactions).toBe(1);
    const rest = events.slice((busy.at + 1) * 10);
    for (let i = 0; i < rest.length; i += 10) busy.engine.apply(rest.slice(i, i + 10));
    while (busy.engine.compactionProgress()) await tick();
    expect(picture(busy.engine.index)).toEqual(picture(await build(m)));
  });

  it('takes no slice of a fold under way while busy, and finishes it once the task ends', async () => {
    const rand = seededRandom(22);
    const m = baseModel(rand, 60, 80);
    const engine = liveEngine(await build(m), { headroom: 64, compactBytes: 6_000, sliceMs: 0 });
    const events = randomEvents(m, rand, 400);
    let running = false;
    engine.yieldFolds(() => running);
    // Up to the batch that starts a fold (past 1 ×, far below 1.5 ×): it is scheduled, not yet run.
    let i = 0;
    for (; i < events.length && !engine.compactionProgress(); i += 10) engine.apply(events.slice(i, i + 10));
    expect(engine.compactionProgress()?.slices).toBe(0);
    running = true;
    await wait(20);
    // A batch while busy takes no slice either.
    engine.apply(events.slice(i, i + 5));
    await wait(20);
    expect(engine.compactionProgress()?.slices).toBe(0);
    running = false;
    while (engine.compactionProgress()) await tick();
    expect(engine.liveStats().compactions).toBe(1);
    for (let j = i + 5; j < events.length; j += 10) engine.apply(events.slice(j, j + 10));
    while (engine.compactionProgress()) await tick();
    expect(picture(engine.index)).toEqual(picture(await build(m)));
  });

  it('does not hold back a fold asked for (a snapshot’s), even one that was yielding', async () => {
    const rand = seededRandom(23);
    const m = baseModel(rand, 60, 80);
    const engine = liveEngine(await build(m), { headroom: 64, compactBytes: 6_000, sliceMs: 0 });
    const events = randomEvents(m, rand, 400);
    engine.yieldFolds(() => true);
    let i = 0;
    for (; i < events.length && !engine.compactionProgress(); i += 10) engine.apply(events.slice(i, i + 10));
    // The yielding fold under way becomes the one asked for.
    const asked = engine.compactInBackground().then(() => 'finished');
    expect(await Promise.race([asked, wait(5_000).then(() => 'still waiting')])).toBe('finished');
    expect(engine.liveStats().compactions).toBe(1);
    for (let j = i; j < events.length; j += 10) engine.apply(events.slice(j, j + 10));
    expect(await Promise.race([engine.compactInBackground().then(() => 'finished'), wait(5_000)])).toBe(
      'finished',
    );
    expect(picture(engine.index)).toEqual(picture(await build(m)));
  });
});
