/**
 * The API server's live path without the rest of the server, as a process a test can kill with
 * SIGKILL (server-collector.test.ts): the live log the server opens from its configuration
 * (live-path.ts, a JetStream log with the collector's checkpoint bucket) and the collector the server
 * starts once it listens (index.ts `startCollector`, the call `registerLive` makes). Configured by
 * the server's own variables (X_STREAM_*, LIVE_NATS_URL, LIVE_STREAM, LIVE_SUBJECT_PREFIX,
 * LIVE_PARTITIONS) through the server's parsing. Logs JSON lines; SIGTERM stops it as the server's
 * close does.
 */

import { z } from 'zod';
import { liveConfig, liveEnv } from '../../config/live';
import { jsonLinesLog } from '../collector-main';
import { startCollector } from '../index';
import { openLivePath } from '../live-path';

const env = z.object(liveEnv).parse(process.env);
const config = liveConfig(
  { ...env, NODE_ENV: 'production', PORT: 0, SANDBOX_ENABLED: 'false', COLLECTOR_ENABLED: 'true' },
  true,
);
const log = jsonLinesLog();
const path = await openLivePath(config, { checkpointLog: log });
const started = await startCollector(config, path.deps.sink, log, path.deps.checkpoints);
log.info(
  { stream: config.stream, checkpoints: path.deps.checkpoints !== undefined },
  'live: collector ready',
);
process.once('SIGTERM', () => {
  void (async () => {
    await started?.stop();
    await path.close();
    process.exit(0);
  })();
});
