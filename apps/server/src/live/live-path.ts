/**
 * The live path inside the API server (docs/LIVE.md): the live log (in this process, or JetStream
 * when a NATS URL is configured), the collector's sink appending to it, and the consumer applying it
 * to the engine holder's live engine once it is built. main.ts and the end-to-end test wire it alike.
 */

import type { AudienceEngine } from '@murmur/engine';
import {
  consumeLive,
  connectJetStreamLiveLog,
  isLiveEngine,
  MemoryLiveLog,
  type LiveConsumer,
  type LiveLog,
} from '@murmur/engine-cluster';
import type { LiveConfig } from '../config';
import type { LiveStatus } from '../engine/freshness';
import type { LiveDeps } from './index';

export interface LivePath {
  /** What the app is given: the collector's sink and the freshness source. */
  deps: LiveDeps;
  log: LiveLog;
  /** Starts consuming into the engine once it is ready (its `ready()` promise). */
  follow(engine: Promise<AudienceEngine>, onError: (error: unknown) => void): void;
  /** The consumer, once the engine is ready and consumption started. */
  consumer(): LiveConsumer | undefined;
  /** Stops the consumer, then closes the log (after the app closed, so the collector is stopped). */
  close(): Promise<void>;
}

/** The durable consumer of the API server's engine (one per deployment's single engine). */
export const API_DURABLE = 'murmur-api';

export async function openLivePath(config: LiveConfig): Promise<LivePath> {
  const log: LiveLog = config.natsUrl
    ? await connectJetStreamLiveLog(config.natsUrl, {
        partitions: config.partitions,
        name: 'murmur-api-live',
      })
    : new MemoryLiveLog(config.partitions);
  let consumer: LiveConsumer | undefined;
  let starting: Promise<LiveConsumer | undefined> = Promise.resolve(undefined);
  let closed = false;
  const status = async (): Promise<LiveStatus | null> => {
    if (!consumer) return null;
    const lag = await consumer.lag();
    return {
      partitions: lag.map((p) => ({
        partition: p.partition,
        lagEvents: p.behind,
        lastEventAt: null,
        // The consumer counts events, not time: caught up is 0 ms behind, else unknown.
        behindMs: p.behind === 0 ? 0 : null,
      })),
    };
  };
  return {
    log,
    deps: {
      sink: {
        append: async (events) => {
          await log.append(events);
        },
      },
      status,
    },
    follow(engine, onError) {
      starting = engine.then(
        async (e) => {
          if (closed) return undefined;
          if (!isLiveEngine(e)) throw new Error('The engine does not take live updates');
          consumer = await consumeLive({ log, engine: e, durableName: API_DURABLE, waitMs: 250 });
          consumer.done.catch(onError);
          return consumer;
        },
        () => undefined,
      );
      starting.catch(onError);
    },
    consumer: () => consumer,
    async close() {
      closed = true;
      const c = await starting.catch(() => undefined);
      await c?.stop();
      await log.close();
    },
  };
}
