/**
 * The collector as its own process (one per deployment, ARCHITECTURE "The live path"; docs/LIVE.md
 * "The collector process"): `node apps/server/dist/collector.mjs` (built by apps/server/build.mjs), or
 * `node --import tsx apps/server/src/live/collector-main.ts` from source. It holds X's streams and
 * appends every event to the JetStream live log, and needs nothing else of the server (no database,
 * no session secret). Configured by the environment:
 *
 *   X_STREAM_URL            X API v2 base ending in /2/ (default https://api.x.com/2/)
 *   X_STREAM_BEARER_TOKEN   X's app-only bearer token (required)
 *   X_STREAM_PARTITIONS     partitions the firehoses are read in, 1–20 (default 20)
 *   LIVE_NATS_URL           NATS with JetStream (required; ENGINE_NATS_URL is read when it is unset)
 *   LIVE_PARTITIONS         partitions of the live log (default ENGINE_SHARDS, else 1)
 *   LIVE_STREAM             the JetStream stream's name (default MURMUR_LIVE)
 *   LIVE_SUBJECT_PREFIX     its subjects' prefix (default murmur.live, or murmur.live.<LIVE_STREAM>)
 *   LIVE_HEARTBEAT_SECONDS  how often the streams' state is written for the API servers (default 5)
 *
 * A restart — SIGTERM, or a crash and `kill -9` alike — resumes every stream from how far the last
 * process had appended it (collector-checkpoint.ts, a KV bucket `<LIVE_STREAM>_COLLECTOR`): through
 * X's backfill within 5 minutes, X's Recovery (`start_time`) beyond, so that a partition waiting for
 * X's connection budget (50 attempts per 15 minutes per firehose; 20 partitions spend 20 a start)
 * is late, not lost. What the killed process had appended comes again with the same event keys,
 * which the log's de-duplication window (Nats-Msg-Id) drops; what it had read but not appended comes
 * again too, and is stored. On SIGTERM / SIGINT it closes the streams, appends what is pending, and
 * exits 0.
 */

import { connect } from '@nats-io/transport-node';
import { JetStreamLiveLog, LIVE_STREAM, type LiveLog } from '@murmur/engine-cluster';
import { checkpointBucket, openCheckpointStore, startCheckpointedCollector } from './collector-checkpoint';
import type { CollectorLog, LiveSink } from './collector';
import { streamSpecs } from './stream-specs';
import { HEARTBEAT_MS } from './collector-heartbeat';
import { liveSubjectPrefix } from '../config/live';

export interface CollectorSettings {
  streamUrl: string;
  bearerToken: string;
  xPartitions: number;
  natsUrl: string;
  partitions: number;
  stream: string;
  /** The stream's subjects are `<subjectPrefix>.<partition>` (config/live.ts liveSubjectPrefix). */
  subjectPrefix: string;
  /** How often the heartbeat is written (collector-heartbeat.ts). */
  heartbeatMs: number;
}

/** Why the collector cannot start: the variables to set, in SPEC §8's wording for missing settings. */
export class CollectorSettingsError extends Error {}

const positive = (env: NodeJS.ProcessEnv, name: string, max: number): number | undefined => {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > max)
    throw new CollectorSettingsError(
      `Invalid env variables: ${name} must be an integer from 1 to ${max}, not ${raw}`,
    );
  return n;
};

/** The collector's settings from the environment (see the header). */
export function collectorSettings(env: NodeJS.ProcessEnv): CollectorSettings {
  const bearerToken = env.X_STREAM_BEARER_TOKEN || undefined;
  const natsUrl = env.LIVE_NATS_URL || env.ENGINE_NATS_URL || undefined;
  const missing = [
    ...(bearerToken === undefined ? ['X_STREAM_BEARER_TOKEN'] : []),
    ...(natsUrl === undefined ? ['LIVE_NATS_URL'] : []),
  ];
  if (missing.length > 0) throw new CollectorSettingsError(`Missing env variables: ${missing.join(', ')}`);
  const streamUrl = env.X_STREAM_URL || 'https://api.x.com/2/';
  if (!/^https?:\/\/.+\/2\/$/.test(streamUrl))
    throw new CollectorSettingsError(
      `Invalid env variables: X_STREAM_URL must be an http(s) URL ending in /2/, not ${streamUrl}`,
    );
  const stream = env.LIVE_STREAM || LIVE_STREAM;
  const beat = env.LIVE_HEARTBEAT_SECONDS ? Number(env.LIVE_HEARTBEAT_SECONDS) : undefined;
  if (beat !== undefined && !(beat >= 0.1 && beat <= 60))
    throw new CollectorSettingsError(
      `Invalid env variables: LIVE_HEARTBEAT_SECONDS must be a number of seconds from 0.1 to 60, not ${env.LIVE_HEARTBEAT_SECONDS}`,
    );
  return {
    streamUrl,
    bearerToken: bearerToken!,
    // X serves its firehoses in 20 partitions: reading fewer would miss the rest.
    xPartitions: positive(env, 'X_STREAM_PARTITIONS', 20) ?? 20,
    natsUrl: natsUrl!,
    partitions: positive(env, 'LIVE_PARTITIONS', 1024) ?? positive(env, 'ENGINE_SHARDS', 1024) ?? 1,
    stream,
    subjectPrefix: liveSubjectPrefix(stream, env.LIVE_SUBJECT_PREFIX || undefined),
    heartbeatMs: beat === undefined ? HEARTBEAT_MS : Math.round(beat * 1000),
  };
}

/** One JSON object a line on stdout, as the server's logger writes them. */
export function jsonLinesLog(write: (line: string) => void = (l) => process.stdout.write(l)): CollectorLog {
  const line = (level: number) => (obj: object, msg: string) => {
    const fields = Object.fromEntries(
      Object.entries(obj).map(([k, v]) => [k, v instanceof Error ? { message: v.message, name: v.name } : v]),
    );
    write(
      `${JSON.stringify({ level, time: Date.now(), pid: process.pid, name: 'collector', msg, ...fields })}\n`,
    );
  };
  return { info: line(30), warn: line(40), error: line(50) };
}

export interface RunningCollector {
  log: LiveLog;
  /** Closes the streams, appends what is pending, closes the log. */
  stop(): Promise<void>;
}

/** Opens the live log and the collector's streams; resolves once the streams are opened. */
export async function runCollector(
  settings: CollectorSettings,
  log: CollectorLog,
): Promise<RunningCollector> {
  const nc = await connect({ servers: settings.natsUrl, name: 'murmur-collector' });
  let liveLog: JetStreamLiveLog | undefined;
  const close = async () => {
    await liveLog?.close();
    await nc.close();
  };
  try {
    liveLog = await JetStreamLiveLog.open({
      nc,
      partitions: settings.partitions,
      stream: settings.stream,
      subjectPrefix: settings.subjectPrefix,
    });
    const appendTo = liveLog;
    const sink: LiveSink = {
      append: async (events) => {
        await appendTo.append(events);
      },
    };
    const checkpoints = await openCheckpointStore(nc, checkpointBucket(settings.stream), log);
    const streams = streamSpecs(settings.xPartitions);
    const started = await startCheckpointedCollector(
      { baseUrl: settings.streamUrl, bearerToken: settings.bearerToken, streams, sink, log },
      checkpoints,
      // Its streams' state for the API servers' freshness (docs/LIVE.md "Freshness").
      { kv: checkpoints.kv, everyMs: settings.heartbeatMs },
    );
    log.info(
      { streamUrl: settings.streamUrl, connections: streams.length, resumed: started.resumed },
      'live: collector started',
    );
    let stopping: Promise<void> | undefined;
    return {
      log: appendTo,
      stop: () =>
        (stopping ??= (async () => {
          log.info(started.collector.stats(), 'live: collector stopping');
          await started.stop();
          await close();
        })()),
    };
  } catch (error) {
    await close();
    throw error;
  }
}

async function main(): Promise<void> {
  const log = jsonLinesLog();
  let settings: CollectorSettings;
  try {
    settings = collectorSettings(process.env);
  } catch (error) {
    if (!(error instanceof CollectorSettingsError)) throw error;
    process.stderr.write(`${error.message} (docs/LIVE-SETTINGS.md "The collector process")\n`);
    process.exit(1);
  }
  const running = await runCollector(settings, log);
  log.info(
    { stream: settings.stream, partitions: settings.partitions, xPartitions: settings.xPartitions },
    'live: collector ready',
  );
  for (const signal of ['SIGTERM', 'SIGINT'] as const)
    process.once(signal, () => {
      void running.stop().then(
        () => process.exit(0),
        (error: unknown) => {
          log.error({ err: error }, 'live: collector stopped with an error');
          process.exit(1);
        },
      );
    });
}

// Run when started as a program (node dist/collector.mjs, or this file through tsx), not when imported.
const entry = process.argv[1];
if (entry && /collector(-main)?\.(m?js|ts)$/.test(entry)) {
  main().catch((error: unknown) => {
    process.stderr.write(`The collector could not start: ${(error as Error).stack ?? String(error)}\n`);
    process.exit(1);
  });
}
