import { afterEach, describe, expect, it, vi } from 'vitest';
import { seededRandom } from '../testing/random';
import { baseModel, build, randomEvents } from '../testing/live-model';
import { picture } from '../testing/index-picture';
import { LiveIndex } from './live-index';

// The background compaction's pace (live-index.ts `setFoldPace`): below a share of 1 each scheduled
// slice but the last is followed by a timer of at least a millisecond; at 1, without a pace, or past
// four times `compactBytes` of deltas, by the next turn (setImmediate). The timers are counted, not
// timed.
afterEach(() => vi.restoreAllMocks());

async function indexWithDeltas(compactBytes: number) {
  const rand = seededRandom(21);
  const m = baseModel(rand, 60, 80);
  const live = new LiveIndex(await build(m), { headroom: 64, compactBytes, sliceMs: 0 });
  return { m, live, events: randomEvents(m, rand, 400) };
}

/** Waits for the fold under way; the delays of the timers set meanwhile. */
async function timersOfFold(live: LiveIndex): Promise<number[]> {
  const timers = vi.spyOn(globalThis, 'setTimeout');
  while (live.compactionProgress()) await new Promise<void>((resolve) => setImmediate(resolve));
  const delays = timers.mock.calls.map((call) => Number(call[1]));
  timers.mockRestore();
  return delays;
}

describe('background compaction pace', () => {
  it('waits at least a millisecond after each slice at a share below 1, and folds as unpaced', async () => {
    const { m, live, events } = await indexWithDeltas(1 << 30);
    live.apply(events);
    const asked: number[] = [];
    live.setFoldPace(() => (asked.push(0.25), 0.25));
    live.startFold();
    const delays = await timersOfFold(live);
    const slices = live.lastFold!.slices;
    expect(slices).toBeGreaterThan(5);
    expect(asked.length).toBeGreaterThanOrEqual(slices - 1);
    expect(delays).toHaveLength(slices - 1);
    for (const delay of delays) expect(delay).toBeGreaterThanOrEqual(1);
    expect(picture(live.current)).toEqual(picture(await build(m)));
  });

  it('runs the slices turn after turn at a share of 1 or without a pace', async () => {
    for (const pace of [() => 1, undefined]) {
      const { live, events } = await indexWithDeltas(1 << 30);
      live.apply(events);
      live.setFoldPace(pace);
      live.startFold();
      expect(await timersOfFold(live)).toEqual([]);
      expect(live.lastFold!.slices).toBeGreaterThan(5);
    }
  });

  it('ignores the share past four times compactBytes of deltas', async () => {
    // 64 bytes: the batch's deltas pass 4 × 64 and start a fold at its end.
    const { live, events } = await indexWithDeltas(64);
    live.setFoldPace(() => 0.25);
    live.apply(events);
    expect(live.compactionProgress()?.slices).toBe(0);
    expect(await timersOfFold(live)).toEqual([]);
    expect(live.lastFold!.slices).toBeGreaterThan(5);
  });
});
