import type { AudienceEngine, LiveAudienceEngine, SliceOptions } from '@murmur/engine';
import { insightsAudiences, insightsReply, type InsightsInput, type TaskOutput } from './engine-tasks';
import { inProcessWork, type EngineWork } from './engine-work';

const immediate = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Whether `engine` follows the live log (its versions can be pinned and read in slices). */
export const isLiveEngine = (engine: AudienceEngine): engine is LiveAudienceEngine =>
  'insightsInSlices' in engine && 'pin' in engine;

/**
 * A live engine's heavy work, on this thread (a live engine has no worker pool, docs/LIVE.md): the
 * insights report is computed in slices of a few ms on the version current when it starts, so
 * estimates, other requests and the live consumer's batches run between its slices; an aborted
 * report stops at its next slice. The other tasks run as inProcessWork runs them. `slices.sliceMs`:
 * default 4 ms (tests: 0, a step per slice).
 */
export function liveWork(engine: LiveAudienceEngine, slices: Pick<SliceOptions, 'sliceMs'> = {}): EngineWork {
  const inProcess = inProcessWork(engine);
  return {
    threads: 0,
    async run(name, input, options = {}) {
      if (name !== 'insights') return inProcess.run(name, input, options);
      const { signal, report = () => undefined } = options;
      await immediate();
      signal?.throwIfAborted();
      // Evaluated and pinned in the same turn: the audience is the pinned version's.
      const { audience, baseline } = insightsAudiences(engine, input as InsightsInput, report);
      const accounts = engine.stats.accounts;
      const insights = await engine.insightsInSlices(audience, undefined, baseline, {
        ...slices,
        pause: async () => {
          await immediate();
          signal?.throwIfAborted();
        },
      });
      return insightsReply(accounts, audience, baseline, insights) as TaskOutput<typeof name>;
    },
    close: () => inProcess.close(),
  };
}

/** The heavy-work surface an engine on this thread gets: in slices for a live engine. */
export const workOnThisThread = (engine: AudienceEngine): EngineWork =>
  isLiveEngine(engine) ? liveWork(engine) : inProcessWork(engine);
