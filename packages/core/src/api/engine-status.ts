import { z } from 'zod';

// The engine's status of docs/API-AUDIENCES.md: loading and how current the index is, and the
// on-demand read of an account's followers from X.

/**
 * How current the index is (ARCHITECTURE "The live path"): `live` when every partition of the live
 * log is applied to within LIVE_WITHIN_MS of X, `catching-up` when one is further behind, `static`
 * when no live path runs (the index is what was loaded). `behindMs`: the furthest-behind partition.
 */
export const freshnessSchema = z.object({
  state: z.enum(['live', 'catching-up', 'static']),
  behindMs: z.number().int().min(0).nullable(),
});
export type Freshness = z.infer<typeof freshnessSchema>;
/** Within this much of X (ms), the index counts as live; further behind, as catching up. */
export const LIVE_WITHIN_MS = 30_000;

/** One partition of the live log as the engine has applied it. */
export const livePartitionSchema = z.object({
  partition: z.number().int().min(0),
  /** Events appended to the partition and not yet applied. */
  lagEvents: z.number().int().min(0),
  /** X's time (ms since the epoch) of the last applied event; null before any. */
  lastEventAt: z.number().int().nullable(),
  /** How far the applied position is behind X (ms); null before any event. */
  behindMs: z.number().int().min(0).nullable(),
  /**
   * The partition's log sequence applied, and acknowledged right after (where a restart resumes);
   * null when the source does not say (a shard replica of an older version).
   */
  appliedSeq: z.number().int().min(0).nullable(),
});

/**
 * One shard's own position on the live log, when the engine runs as shards (for operators):
 * `reporting` with its partitions (one replica of it asked), `static` when it follows no live log,
 * `unsupported` when its replicas are of a version that cannot say (a rolling upgrade), `unavailable`
 * when no replica answered.
 */
export const shardLiveSchema = z.object({
  shard: z.number().int().min(0),
  state: z.enum(['reporting', 'static', 'unsupported', 'unavailable']),
  freshness: freshnessSchema,
  partitions: z.array(livePartitionSchema),
  /** Why the shard could not say (unsupported, unavailable). */
  error: z.string().nullable(),
});

/**
 * The on-demand read of an account's followers from X (the live path's bootstrap, docs/LIVE.md):
 * `progress` 0–100, 100 only once `done`.
 */
export const followerFetchSchema = z.object({
  handle: z.string(),
  xUserId: z.string(),
  state: z.enum(['running', 'done', 'failed']),
  fetched: z.number().int().min(0),
  total: z.number().int().min(0),
  progress: z.number().int().min(0).max(100),
  error: z.string().nullable(),
});
export type FollowerFetch = z.infer<typeof followerFetchSchema>;
export const followerFetchRequestSchema = z.object({
  /** The team (slug or id) the creator works in. */
  team: z.string().trim().min(1).max(100),
  handle: z
    .string()
    .trim()
    .regex(/^@?[A-Za-z0-9_]{1,15}$/, 'An X handle: up to 15 letters, digits or underscores'),
});
export type FollowerFetchRequest = z.input<typeof followerFetchRequestSchema>;

export const engineStatusSchema = z.object({
  state: z.enum(['loading', 'ready', 'failed']),
  progress: z.number().int().min(0).max(100),
  accounts: z.number().int().nullable(),
  message: z.string().nullable(),
  freshness: freshnessSchema,
  /**
   * The live log's partitions (empty without a live path): over shards, the oldest position across
   * the shards per partition (what `freshness` reads).
   */
  partitions: z.array(livePartitionSchema),
  /**
   * Whose position `freshness` and `partitions` are: `shards` (what the shards have applied, when the
   * engine runs as shards and every shard reported) or `api` (this API process's own live path; also
   * over shards while one of them cannot say — see `shards`).
   */
  positionOf: z.enum(['shards', 'api']),
  /** Each shard's own position (empty when the engine does not run as shards). */
  shards: z.array(shardLiveSchema),
});
export type EngineStatus = z.infer<typeof engineStatusSchema>;
