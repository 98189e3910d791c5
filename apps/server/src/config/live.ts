import { z } from 'zod';
import { SANDBOX_DEV_CREDENTIALS } from '@murmur/core/dev-credentials';
import { optional, url } from './env';

/** JetStream's stream of the live log, unless LIVE_STREAM names another. */
export const DEFAULT_LIVE_STREAM = 'MURMUR_LIVE';
const STREAM_NAME = /^[A-Za-z0-9_-]{1,64}$/;
const SUBJECT_PREFIX = /^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$/;

/**
 * The subjects of a live stream are `<prefix>.<partition>`: `murmur.live` for the default stream,
 * `murmur.live.<stream>` for another, so that two streams on one NATS never claim the same subjects
 * (JetStream refuses a stream whose subjects overlap another's). The API servers, the collector
 * process and the shard replicas derive it alike.
 */
export const liveSubjectPrefix = (stream: string, prefix?: string): string =>
  prefix ?? (stream === DEFAULT_LIVE_STREAM ? 'murmur.live' : `murmur.live.${stream}`);

export const liveEnv = {
  X_STREAM_URL: url('X_STREAM_URL'),
  X_STREAM_BEARER_TOKEN: optional,
  X_STREAM_PARTITIONS: z.preprocess(
    (v) => v || undefined,
    z.coerce
      .number({ error: 'X_STREAM_PARTITIONS must be a whole number from 1 to 20' })
      .int()
      .min(1)
      .max(20)
      .optional(),
  ),
  LIVE_PARTITIONS: z.preprocess(
    (v) => v || undefined,
    z.coerce
      .number({ error: 'LIVE_PARTITIONS must be a whole number from 1' })
      .int()
      .min(1)
      .max(4096)
      .optional(),
  ),
  LIVE_SNAPSHOT_SECONDS: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce
      .number({ error: 'LIVE_SNAPSHOT_SECONDS must be a whole number of seconds (0: only on shutdown)' })
      .int()
      .min(0)
      .optional(),
  ),
  LIVE_LAG_BUDGET_SECONDS: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce
      .number({ error: 'LIVE_LAG_BUDGET_SECONDS must be a whole number of seconds from 1' })
      .int()
      .min(1)
      .optional(),
  ),
  LIVE_HEARTBEAT_SECONDS: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce
      .number({ error: 'LIVE_HEARTBEAT_SECONDS must be a number of seconds from 0.1 to 60' })
      .min(0.1)
      .max(60)
      .optional(),
  ),
  LIVE_ENABLED: z.preprocess(
    (v) => (typeof v === 'string' && v !== '' ? v.toLowerCase() : undefined),
    z.enum(['true', 'false', '1', '0'], { error: 'LIVE_ENABLED must be true or false' }).optional(),
  ),
  LIVE_NATS_URL: optional.refine((v) => v === undefined || /^(nats|tls|wss?):\/\/[^\s/]+/.test(v), {
    error: 'LIVE_NATS_URL must be a nats://, tls:// or ws(s):// URL',
  }),
  LIVE_STREAM: optional.refine((v) => v === undefined || STREAM_NAME.test(v), {
    error: 'LIVE_STREAM must be a JetStream stream name: letters, digits, - and _ (at most 64)',
  }),
  LIVE_SUBJECT_PREFIX: optional.refine((v) => v === undefined || SUBJECT_PREFIX.test(v), {
    error: 'LIVE_SUBJECT_PREFIX must be NATS subject tokens joined by dots (letters, digits, - and _)',
  }),
  COLLECTOR_ENABLED: z.preprocess(
    (v) => (typeof v === 'string' && v !== '' ? v.toLowerCase() : undefined),
    z.enum(['true', 'false', '1', '0']).optional(),
  ),
};

export interface LiveConfig {
  /**
   * The engine follows the live log (LIVE_ENABLED; default: on in development with the sandbox
   * mounted, and in production when a collector or a NATS live log is configured; off in tests).
   * Off, the index is the static snapshot it was built from.
   */
  enabled: boolean;
  /** NATS of the JetStream live log (LIVE_NATS_URL, else ENGINE_NATS_URL); none: the log is in this process. */
  natsUrl: string | undefined;
  /**
   * The JetStream stream of the live log (LIVE_STREAM; default MURMUR_LIVE) and its subjects' prefix
   * (LIVE_SUBJECT_PREFIX; default `liveSubjectPrefix(stream)`).
   */
  stream?: string;
  subjectPrefix?: string;
  /** The streams are the sandbox this server mounts (the collector then reads the port it listens on). */
  mountedSandbox: boolean;
  /**
   * Run the collector in this process (COLLECTOR_ENABLED; default: on outside tests when X's streams
   * can be reached — the mounted sandbox, or a bearer token for X). One collector per deployment.
   */
  collectorEnabled: boolean;
  /** X API v2 base the streams are under, ending in /2/ (X_STREAM_URL; default X, or the mounted sandbox). */
  streamUrl: string;
  /** X's app-only bearer token for the streams (X_STREAM_BEARER_TOKEN; the sandbox's outside production). */
  bearerToken: string | undefined;
  /** How many partitions X's firehoses are read in (X_STREAM_PARTITIONS; X: 20, the sandbox: 1 by default). */
  xPartitions: number;
  /** Partitions of the live log, like the engine's shards (LIVE_PARTITIONS; default ENGINE_SHARDS or 1). */
  partitions: number;
  /**
   * The live engine's snapshot (DATA_DIR/engine/live.snapshot), written every this many seconds
   * and on shutdown (LIVE_SNAPSHOT_SECONDS; default 600; 0: only on shutdown).
   */
  snapshotSeconds: number;
  /**
   * How far behind X the engine may fall and still be ready (LIVE_LAG_BUDGET_SECONDS; default 300):
   * past it `/readyz` answers 503 naming `live`, so that a load balancer routes to a process that
   * keeps up (docs/OPERATIONS.md).
   */
  lagBudgetSeconds: number;
  /**
   * How often a collector writing to a JetStream log beats (collector-heartbeat.ts), and how often
   * an API server without a collector reads it (LIVE_HEARTBEAT_SECONDS; default 5). A collector
   * silent for 3 beats counts as behind since its last one; set the same on both.
   */
  heartbeatMs?: number;
}

/**
 * The live path's settings. X's streams need a bearer token with Enterprise access (docs/LIVE-SETTINGS.md):
 * outside production the mounted sandbox's development token and streams stand in; a production
 * collector without a token cannot start, and says which variable is missing (SPEC §8).
 */
export function liveConfig(
  e: {
    NODE_ENV: 'development' | 'production' | 'test';
    PORT: number;
    SANDBOX_ENABLED?: string | undefined;
    ENGINE_SHARDS?: number | undefined;
    ENGINE_NATS_URL?: string | undefined;
    LIVE_ENABLED?: string | undefined;
    LIVE_NATS_URL?: string | undefined;
    LIVE_STREAM?: string | undefined;
    LIVE_SUBJECT_PREFIX?: string | undefined;
    X_STREAM_URL?: string | undefined;
    X_STREAM_BEARER_TOKEN?: string | undefined;
    X_STREAM_PARTITIONS?: number | undefined;
    LIVE_PARTITIONS?: number | undefined;
    LIVE_SNAPSHOT_SECONDS?: number | undefined;
    LIVE_LAG_BUDGET_SECONDS?: number | undefined;
    LIVE_HEARTBEAT_SECONDS?: number | undefined;
    COLLECTOR_ENABLED?: string | undefined;
  },
  isProduction: boolean,
): LiveConfig {
  const sandboxMounted =
    e.SANDBOX_ENABLED === undefined
      ? !isProduction
      : e.SANDBOX_ENABLED === 'true' || e.SANDBOX_ENABLED === '1';
  const useSandbox = e.X_STREAM_URL === undefined && sandboxMounted;
  const bearerToken =
    e.X_STREAM_BEARER_TOKEN ??
    (useSandbox && !isProduction ? SANDBOX_DEV_CREDENTIALS.x.bearerToken : undefined);
  const collectorEnabled =
    e.COLLECTOR_ENABLED === undefined
      ? e.NODE_ENV !== 'test' && bearerToken !== undefined
      : e.COLLECTOR_ENABLED === 'true' || e.COLLECTOR_ENABLED === '1';
  if (collectorEnabled && bearerToken === undefined)
    throw new Error('Missing env variables: X_STREAM_BEARER_TOKEN');
  const natsUrl = e.LIVE_NATS_URL ?? e.ENGINE_NATS_URL;
  const enabled =
    e.LIVE_ENABLED === undefined
      ? e.NODE_ENV === 'development'
        ? sandboxMounted
        : isProduction && (collectorEnabled || natsUrl !== undefined)
      : e.LIVE_ENABLED === 'true' || e.LIVE_ENABLED === '1';
  const stream = e.LIVE_STREAM ?? DEFAULT_LIVE_STREAM;
  return {
    enabled,
    natsUrl,
    stream,
    subjectPrefix: liveSubjectPrefix(stream, e.LIVE_SUBJECT_PREFIX),
    mountedSandbox: useSandbox,
    collectorEnabled,
    streamUrl:
      e.X_STREAM_URL ?? (useSandbox ? `http://127.0.0.1:${e.PORT}/sandbox/x/2/` : 'https://api.x.com/2/'),
    bearerToken,
    // X serves its firehoses in 20 partitions (the sandbox too): reading fewer would miss the rest.
    xPartitions: e.X_STREAM_PARTITIONS ?? 20,
    partitions: e.LIVE_PARTITIONS ?? e.ENGINE_SHARDS ?? 1,
    snapshotSeconds: e.LIVE_SNAPSHOT_SECONDS ?? 600,
    lagBudgetSeconds: e.LIVE_LAG_BUDGET_SECONDS ?? 300,
    ...(e.LIVE_HEARTBEAT_SECONDS !== undefined && {
      heartbeatMs: Math.round(e.LIVE_HEARTBEAT_SECONDS * 1000),
    }),
  };
}
