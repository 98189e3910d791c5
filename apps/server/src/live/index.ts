/**
 * The server's live wiring (ARCHITECTURE "The live path"): the collector started from configuration,
 * in this process or alone (collector-main.ts). What it appends to and where freshness comes from are
 * given by the caller: engine-cluster's LiveLog is the `LiveSink`, and its consumers' positions are the
 * `LiveStatus` the engine status route reports (freshness.ts).
 */

import type { LiveConfig } from '../config';
import { createCollector, streamSpecs, type Collector, type CollectorLog, type LiveSink } from './collector';

export type { LiveSink, Collector, CollectorLog } from './collector';
export type { LiveStatus, LiveStatusSource } from './freshness';

/** Starts the collector when the configuration asks for it; undefined when it does not. */
export async function startCollector(
  live: LiveConfig | undefined,
  sink: LiveSink,
  log: CollectorLog,
): Promise<Collector | undefined> {
  if (!live?.collectorEnabled || live.bearerToken === undefined) return undefined;
  const collector = createCollector({
    baseUrl: live.streamUrl,
    bearerToken: live.bearerToken,
    streams: streamSpecs(live.xPartitions),
    sink,
    log,
  });
  await collector.start();
  log.info(
    { streamUrl: live.streamUrl, connections: streamSpecs(live.xPartitions).length },
    'live: collector started',
  );
  return collector;
}
