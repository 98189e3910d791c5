// One audience on one shard (ShardInsights keeps a few): its members, its hash samples with the
// whole audience's thresholds, and the graph sample's follows and community labels.
import { mix32 } from '@murmur/core/hash';
import type { AccountSet } from '../bits/account-set';
import { evaluate } from '../evaluate/evaluate';
import type { AudienceIndex } from '../postings/audience-index';
import type { Csr } from '../postings/csr';
import type { InsightsRequest, LiveShardParts } from './insights-protocol';

const threshold = (size: number, members: number): number =>
  members <= size ? 2 ** 32 : Math.floor((size / members) * 2 ** 32);

/**
 * InsightContext's hash samples (of the members' sample keys, AccountColumns.sampleKey: a shard
 * holds its own accounts' X ids, so it keys them as the single engine does), with the thresholds
 * of the whole audience (`total` members).
 */
function sampleOf(
  members: Uint32Array,
  keys: Uint32Array,
  size: number,
  total: number,
  seed: number,
): Uint32Array {
  const limit = threshold(size, total);
  if (limit === 2 ** 32) return members;
  return members.filter((m) => mix32(keys[m]!, seed) < limit);
}

export function countRows(csr: Csr, members: ArrayLike<number>, size: number): Uint32Array {
  const counts = new Uint32Array(size);
  const { offsets, data } = csr;
  for (let i = 0; i < members.length; i++) {
    const m = members[i]!;
    for (let k = offsets[m]!; k < offsets[m + 1]!; k++) counts[data[k]!]!++;
  }
  return counts;
}

/** One audience on one shard, kept for the round trips of one insights question. */
export class Session {
  readonly set: AccountSet;
  readonly members: Uint32Array;
  readonly analysed: Uint32Array;
  readonly graph: Uint32Array;
  private followMemo: Uint32Array | undefined;
  private wholeMemo: AccountSet | undefined;
  private labelMemo = new Map<string, Int32Array>();

  constructor(
    readonly index: AudienceIndex,
    private readonly request: InsightsRequest,
    private readonly live?: LiveShardParts,
  ) {
    const { audience, members: total, options } = request;
    this.set = evaluate(index, audience.pkg, { exclusions: audience.exclusions ?? [] }).accounts;
    this.members = this.set.toArray();
    const keys = index.accounts.sampleKey;
    this.analysed = sampleOf(this.members, keys, options.sampleSize, total, options.seed);
    this.graph = sampleOf(this.members, keys, options.graphSampleSize, total, options.seed);
  }

  /**
   * Whether account `n` is a member: of this shard's part, or — an account born live, which the
   * coordinator asks the shard `shardOf(n)` about whoever owns it — of the audience over every
   * record (such an account is whole on every live shard).
   */
  has(n: number): boolean {
    if (this.set.has(n)) return true;
    if (!this.live?.bornLive(n)) return false;
    const { audience } = this.request;
    this.wholeMemo ??= evaluate(this.live.whole, audience.pkg, {
      exclusions: audience.exclusions ?? [],
    }).accounts;
    return this.wholeMemo.has(n);
  }

  /** For every account, how many of this shard's graph sample follow it. */
  get follows(): Uint32Array {
    return (this.followMemo ??= countRows(this.index.following, this.graph, this.index.size));
  }

  /** assignCommunities for this shard's graph sample. */
  labels(core: readonly number[], community: readonly number[], count: number): Int32Array {
    const key = `${core.length}:${core[0]}:${core.at(-1)}:${count}`;
    let label = this.labelMemo.get(key);
    if (label) return label;
    const localOf = new Map<number, number>();
    core.forEach((n, i) => localOf.set(n, i));
    const { offsets, data } = this.index.following;
    const tally = new Uint32Array(count);
    const touched = new Uint32Array(count);
    label = new Int32Array(this.graph.length).fill(-1);
    for (let i = 0; i < this.graph.length; i++) {
      const m = this.graph[i]!;
      const own = localOf.get(m);
      if (own !== undefined) {
        label[i] = community[own]!;
        continue;
      }
      let seen = 0;
      for (let e = offsets[m]!, end = offsets[m + 1]!; e < end; e++) {
        const at = localOf.get(data[e]!);
        if (at === undefined) continue;
        const c = community[at]!;
        if (tally[c] === 0) touched[seen++] = c;
        tally[c]!++;
      }
      let best = -1;
      for (let t = 0; t < seen; t++) {
        const c = touched[t]!;
        if (best < 0 || tally[c]! > tally[best]! || (tally[c] === tally[best] && c < best)) best = c;
      }
      for (let t = 0; t < seen; t++) tally[touched[t]!] = 0;
      label[i] = best;
    }
    this.labelMemo.set(key, label);
    return label;
  }
}
