import { describe, expect, it, vi } from 'vitest';
import type { LiveEvent } from '@murmur/core/live';
import { targetingPackageSchema } from '@murmur/core/targeting';
import { buildIndex, LIVE_BUILD_OPTIONS, liveEngine } from '@murmur/engine';
import { exportChunks, generateNetwork } from '@murmur/sandbox';
import { readyEngine } from './engine-holder';
import { liveWork } from './engine-live-work';
import { engineTasks } from './engine-tasks';

const english = targetingPackageSchema.parse({ languages: [{ label: 'English' }] });
const withoutTimings = (value: unknown): unknown =>
  JSON.parse(JSON.stringify(value, (key, v: unknown) => (key === 'ms' ? undefined : v)));
const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

/** New accounts posting in English: each batch grows the English audience. */
function englishNewcomers(batch: number, size = 20): LiveEvent[] {
  return Array.from({ length: size }, (_, i): LiveEvent[] => {
    const id = String(9e8 + batch * size + i);
    const user = { id, handle: `new${id}`, name: 'N', bio: 'coffee', location: '', created: '' };
    const counts = { protected: false, verified: false, followers: 0, following: 0, posts: 0 };
    return [
      { type: 'user', key: `user:${id}`, at: batch, user: { ...user, ...counts } },
      {
        type: 'post',
        key: `post:p${id}`,
        at: batch,
        post: {
          ...{ id: `p${id}`, author: id, created: '', lang: 'en', text: 'coffee jazz', hashtags: [] },
          ...{ mentions: [], replyTo: null, repostOf: null, quoteOf: null },
        },
      },
    ];
  }).flat();
}

describe('a live engine’s heavy work on the server', () => {
  it('reports on the version current when asked, in slices, while batches and estimates go on', async () => {
    const network = generateNetwork({ accounts: 2500, seed: 'live-work' });
    const engine = liveEngine(await buildIndex(exportChunks(network), LIVE_BUILD_OPTIONS));
    // sliceMs 0: a step per slice, so batches come between the slices whatever the machine's speed.
    const work = liveWork(engine, { sliceMs: 0 });
    const want = engineTasks.insights(engine, { pkg: english }, () => undefined);
    const version = engine.version;
    let done = false;
    const answered: number[] = [];
    const report = work.run('insights', { pkg: english }).finally(() => (done = true));
    let batch = 0;
    while (!done) {
      await tick();
      if (done) break;
      engine.apply(englishNewcomers(batch++));
      answered.push(engine.estimate(english).sampleCount);
    }
    const got = await report;
    expect(batch).toBeGreaterThan(5);
    expect(engine.version).toBeGreaterThan(version + 5);
    // Estimates were answered between the slices, on the newest versions.
    expect(answered.at(-1)).toBeGreaterThan(want.estimate.sampleCount);
    expect(withoutTimings(got)).toEqual(withoutTimings(want));
  });

  it('stops an aborted report at its next slice, and goes on serving', async () => {
    const network = generateNetwork({ accounts: 1500, seed: 'live-abort' });
    const engine = liveEngine(await buildIndex(exportChunks(network), LIVE_BUILD_OPTIONS));
    const work = liveWork(engine, { sliceMs: 0 });
    const aborted = new AbortController();
    const report = work.run('insights', { pkg: english }, { signal: aborted.signal });
    await tick();
    await tick();
    aborted.abort();
    await expect(report).rejects.toThrow(/abort/i);
    for (let b = 0; b < 5; b++) engine.apply(englishNewcomers(b));
    const after = await work.run('insights', { pkg: english });
    expect(after.estimate.sampleCount).toBe(engine.estimate(english).sampleCount);
  });

  it('is what the holder gives a live engine: its reports go through insightsInSlices', async () => {
    const network = generateNetwork({ accounts: 800, seed: 'live-holder' });
    const engine = liveEngine(await buildIndex(exportChunks(network), LIVE_BUILD_OPTIONS));
    const sliced = vi.spyOn(engine, 'insightsInSlices');
    const holder = readyEngine(engine);
    const got = await holder.work().run('insights', { pkg: english });
    expect(sliced).toHaveBeenCalledTimes(1);
    expect(withoutTimings(got)).toEqual(
      withoutTimings(engineTasks.insights(engine, { pkg: english }, () => undefined)),
    );
  });
});
