import { partitionOf } from '@murmur/core/live';
import { countBits, hasBit } from '../bits/bitset';
import type { ExportSource } from '../ingest/build-index';
import { liveEngine, LIVE_BUILD_OPTIONS, type LiveAudienceEngine } from '../live/live-engine';
import type { LiveOptions } from '../live/live-index';
import type { AudienceIndex } from '../postings/audience-index';
import { buildShardRecords, type ShardSpec } from './shard-index';

/**
 * Which shard owns an account of a live shard: an account of the export by its number (shardOf, as
 * the static shards), an account born live by its X id (`partitionOf(id, shards)`): its number
 * depends on the order the replica applied the log's partitions in, its id does not, so every
 * replica of every shard agrees on its owner.
 */
export class ShardOwnership {
  constructor(
    readonly spec: ShardSpec,
    /** Accounts of the export the shard was built from (numbers below it are the export's). */
    readonly exported: number,
  ) {}

  /** `index` with its population narrowed to the accounts this shard owns. */
  narrow(index: AudienceIndex): AudienceIndex {
    const { shard, shards } = this.spec;
    const present = index.present.slice();
    const { slot, ids } = index.accounts;
    for (let n = 0; n < index.size; n++) {
      if (!hasBit(present, n)) continue;
      const owner = n < this.exported ? n % shards : partitionOf(ids.get(slot[n]! - 1), shards);
      if (owner !== shard) present[n >>> 5]! &= ~(1 << (n & 31));
    }
    const population = countBits(present);
    return { ...index, present, population, stats: { ...index.stats, accounts: population } };
  }
}

/**
 * A shard replica's engine that follows the live log: a live engine over every record of the shard
 * (its own accounts whole, the others by number, handle and X id, so that an event naming any
 * account finds it), which applies every event and answers over the accounts the shard owns
 * (ShardOwnership). The shards' estimates and counts add up to the single live engine's.
 */
export async function createLiveShardEngine(
  source: ExportSource,
  spec: ShardSpec,
  options?: LiveOptions,
): Promise<LiveAudienceEngine> {
  const { index } = await buildShardRecords(source, spec, LIVE_BUILD_OPTIONS, true);
  const ownership = new ShardOwnership(spec, index.size);
  return liveEngine(index, { ...options, view: (version) => ownership.narrow(version) });
}
