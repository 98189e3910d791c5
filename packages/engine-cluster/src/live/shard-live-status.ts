// Where live shards stand on the live log, as one position (the API's freshness and the communities'
// re-census read it like a live path's own consumer positions).
import type { ShardLivePartition } from '../shard/protocol';
import type { LiveConsumer } from './consume-live';

/**
 * The shards' positions merged per partition as the slowest replica asked says: the most events
 * waiting, the earliest latest event, the furthest behind and the lowest applied sequence (unknown
 * when one of them does not know).
 * Null when no shard is live (static shards answer null).
 */
export function mergeLiveStatus(
  parts: readonly (readonly ShardLivePartition[] | null)[],
): { partitions: ShardLivePartition[] } | null {
  const live = parts.filter((p): p is readonly ShardLivePartition[] => p !== null);
  if (live.length === 0) return null;
  const merged = new Map<number, ShardLivePartition>();
  for (const part of live) {
    for (const p of part) {
      const known = merged.get(p.partition);
      if (!known) {
        merged.set(p.partition, { ...p });
        continue;
      }
      known.lagEvents = Math.max(known.lagEvents, p.lagEvents);
      known.lastEventAt =
        known.lastEventAt === null || p.lastEventAt === null
          ? null
          : Math.min(known.lastEventAt, p.lastEventAt);
      known.behindMs =
        known.behindMs === null || p.behindMs === null ? null : Math.max(known.behindMs, p.behindMs);
      if (known.appliedSeq === undefined || p.appliedSeq === undefined) delete known.appliedSeq;
      else known.appliedSeq = Math.min(known.appliedSeq, p.appliedSeq);
    }
  }
  return { partitions: [...merged.values()].sort((a, b) => a.partition - b.partition) };
}

/** A live shard replica's position as its service reports it (`liveStatus`): its consumer's lag. */
export const consumerStatus =
  (consumer: Pick<LiveConsumer, 'lag'>) => async (): Promise<ShardLivePartition[]> =>
    (await consumer.lag()).map((p) => ({
      partition: p.partition,
      lagEvents: p.behind,
      lastEventAt: p.lastEventAt,
      behindMs: p.behindMs,
      appliedSeq: p.applied,
    }));
