/**
 * Freshness (`GET /api/engine/status/`): how far the index is behind X, from the live log's
 * consumers. The source is engine-cluster's consumer positions in a deployment; without a live path
 * there is none and the index is `static`.
 */

import { LIVE_WITHIN_MS, type Freshness } from '@murmur/core/api';

/** Per partition of the live log, as the engine (or the slowest replica) has applied it. */
export interface LiveStatus {
  partitions: {
    partition: number;
    lagEvents: number;
    lastEventAt: number | null;
    behindMs: number | null;
    /** The log sequence applied (and acknowledged right after); absent when the source does not say. */
    appliedSeq?: number;
  }[];
  /**
   * How long X's streams have not been delivering (ms), when this process runs the collector: a
   * stream not connected since then holds back everything after it, though the log looks caught up.
   */
  sourceBehindMs?: number | null;
  /**
   * Whose position `partitions` is (engine-live-status.ts): the shards' (merged, the slowest per
   * partition) or this process's own live path — also over shards when one of them could not say.
   */
  from?: 'shards' | 'api';
  /** Over shards: each shard's own report (for operators). */
  shards?: {
    shard: number;
    state: 'reporting' | 'static' | 'unsupported' | 'unavailable';
    partitions: LiveStatus['partitions'];
    error?: string;
  }[];
}

/** Asked on every status request; null when the live path is not running. */
export type LiveStatusSource = () => LiveStatus | null | Promise<LiveStatus | null>;

/**
 * The overall state: `live` when the furthest-behind partition is within LIVE_WITHIN_MS of X and none
 * has events waiting without a known position, `catching-up` otherwise, `static` without a live path.
 */
export function freshnessOf(status: LiveStatus | null): Freshness {
  if (!status || status.partitions.length === 0) return { state: 'static', behindMs: null };
  let behind: number | null = null;
  let unknownWithLag = false;
  for (const p of status.partitions) {
    if (p.behindMs === null) unknownWithLag ||= p.lagEvents > 0;
    else behind = Math.max(behind ?? 0, Math.max(0, Math.round(p.behindMs)));
  }
  if (status.sourceBehindMs != null && status.sourceBehindMs > 0) {
    behind = Math.max(behind ?? 0, Math.round(status.sourceBehindMs));
  }
  const live = !unknownWithLag && (behind === null || behind <= LIVE_WITHIN_MS);
  return { state: live ? 'live' : 'catching-up', behindMs: behind };
}

/**
 * The time of X the live index has reached (ms since the epoch): the latest event time applied, no
 * later than what a partition with events still waiting has reached (a caught-up partition is current
 * up to the latest event seen anywhere). X's clock in production; the simulated clock with the
 * sandbox. Null without a live path or before any event (the caller falls back to the wall clock).
 */
export function reachedAt(status: LiveStatus | null): number | null {
  const known = (status?.partitions ?? []).filter((p) => p.lastEventAt !== null);
  if (known.length === 0) return null;
  let reached = Math.max(...known.map((p) => p.lastEventAt!));
  for (const p of known) if (p.lagEvents > 0) reached = Math.min(reached, p.lastEventAt!);
  return reached;
}
