/**
 * The collector on its own (one per deployment, ARCHITECTURE "The live path"), for a deployment that
 * runs it apart from the API servers: reads the live settings, holds X's streams, appends to the
 * given live log, and on SIGTERM / SIGINT closes the streams and appends what is pending before it
 * exits (a restart then resumes through X's backfill).
 */

import type { Config } from '../config';
import { startCollector, type CollectorLog, type LiveSink } from './index';

export async function runCollector(
  config: Config,
  sink: LiveSink,
  log: CollectorLog,
): Promise<() => Promise<void>> {
  if (!config.live?.collectorEnabled)
    throw new Error(
      'The collector is off: set COLLECTOR_ENABLED=true and X_STREAM_BEARER_TOKEN (docs/LIVE.md)',
    );
  const collector = await startCollector(config.live, sink, log);
  if (!collector) throw new Error('Missing env variables: X_STREAM_BEARER_TOKEN');
  let stopping: Promise<void> | undefined;
  const stop = () => (stopping ??= collector.stop());
  for (const signal of ['SIGTERM', 'SIGINT'] as const)
    process.once(signal, () => {
      log.info({ signal, ...collector.stats() }, 'live: collector stopping');
      void stop().then(() => process.exit(0));
    });
  return stop;
}
