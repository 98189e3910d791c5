import type { LikeEvent, LiveEvent } from '@murmur/core/live';

/** `count` likes by accounts 1 … 50 of distinct posts: distinct keys, spread over the partitions. */
export function likes(count: number, from = 0): LikeEvent[] {
  return Array.from({ length: count }, (_, i) => {
    const n = from + i;
    const user = String(1 + (n % 50));
    const post = String(1_000_000 + n);
    return { type: 'like', key: `like:${user}:${post}`, at: 1_700_000_000_000 + n, user, post, author: '7' };
  });
}

/** The keys of `events` per partition, in order. */
export function keysByPartition(
  events: readonly LiveEvent[],
  partitionOf: (event: LiveEvent) => number,
): Map<number, string[]> {
  const out = new Map<number, string[]>();
  for (const e of events) {
    const p = partitionOf(e);
    out.set(p, [...(out.get(p) ?? []), e.key]);
  }
  return out;
}
