import type { AudienceIndex } from '../../postings/audience-index';
import { RowCursor } from '../../postings/csr';
import type { InsightContext } from '../context';
import { communityPositions } from './communities';
import { communityCore } from './core';

/**
 * A partition of the network frozen as Louvain found it, so that membership can be counted again
 * on later versions of a live index under the same communities (Louvain run again on a moved index
 * finds other communities, and growth would compare unlike things).
 */
export interface CommunityPartition {
  /** Account numbers of the core (ascending). */
  core: Uint32Array;
  /** Louvain community of each core position. */
  community: Uint32Array;
  /** Listed community (the panel's position) of each Louvain community, -1 for those not listed. */
  listed: Int32Array;
}

/** Members of each listed community among every indexed account, and the accounts counted. */
export interface CommunityCensus {
  /** Indexed accounts (every account present in the version counted). */
  accounts: number;
  /** Per listed community: indexed accounts that are its members. */
  members: number[];
  /**
   * Per account number: its listed community's position + 1, 0 for none (or not present). Two
   * censuses of one index's versions compared account by account give who joined and who left
   * each community, which the interval of a net gain needs (docs/API-AUDIENCES.md "Communities").
   */
  assignment: Uint16Array;
}

/** The partition of the whole network's communities panel (see CommunityPartition). */
export function communityPartition(ctx: InsightContext): CommunityPartition {
  const core = communityCore(ctx);
  return { core: core.nodes.slice(), community: core.community.slice(), listed: communityPositions(ctx) };
}

/**
 * Counts the members of each listed community among every account of `index` (not a sample), by the
 * rule assignCommunities applies to the graph sample: a core account is in its Louvain community;
 * any other account in the community most of its followees in the core belong to (ties: the lower
 * community), in none if it follows no one in the core. A core account no longer present (deleted,
 * suspended) is in no community and draws no one. Cost: one pass over every account's follows
 * (the index's `following` rows), no allocation sized to the follows.
 *
 * Exact for the index it reads: two censuses of versions of one live index under the same partition
 * differ only by follows, unfollows, new accounts and removals between them.
 */
export function communityCensus(
  index: AudienceIndex,
  partition: CommunityPartition,
  /**
   * The core accounts present anywhere, when this index holds only some accounts (a shard: the
   * others' presence is theirs to say, presentCore below); by default, those present in `index`.
   */
  presentCore?: ArrayLike<number>,
): CommunityCensus {
  const { core, community, listed } = partition;
  const count = listed.length;
  // Louvain community + 1 of each core account still present (0: not in the core); the core has at
  // most communityNodes (10 000) accounts, so fewer communities than 2^16.
  const coreOf = new Uint16Array(index.size);
  const present = index.present;
  const stillThere = presentCore === undefined ? null : new Set(Array.from(presentCore));
  for (let i = 0; i < core.length; i++) {
    const n = core[i]!;
    if (n >= index.size) continue;
    const there = stillThere ? stillThere.has(n) : ((present[n >>> 5]! >>> (n & 31)) & 1) === 1;
    if (there) coreOf[n] = community[i]! + 1;
  }
  const members = new Array<number>(listed.reduce((m, p) => Math.max(m, p + 1), 0)).fill(0);
  const assignment = new Uint16Array(index.size);
  const tally = new Uint32Array(count);
  const touched = new Uint32Array(count);
  const rows = new RowCursor(index.following);
  let accounts = 0;
  for (let w = 0; w < present.length; w++) {
    let bits = present[w]!;
    while (bits !== 0) {
      const low = bits & -bits;
      const n = (w << 5) | (31 - Math.clz32(low));
      bits ^= low;
      if (n >= index.size) break;
      accounts++;
      let best = coreOf[n]! - 1;
      if (best < 0) {
        let seen = 0;
        const { data, start, end } = rows.at(n);
        for (let e = start; e < end; e++) {
          const c = coreOf[data[e]!]!;
          if (c === 0) continue;
          if (tally[c - 1] === 0) touched[seen++] = c - 1;
          tally[c - 1]!++;
        }
        for (let t = 0; t < seen; t++) {
          const c = touched[t]!;
          if (best < 0 || tally[c]! > tally[best]! || (tally[c] === tally[best] && c < best)) best = c;
        }
        for (let t = 0; t < seen; t++) tally[touched[t]!] = 0;
      }
      const position = best >= 0 ? listed[best]! : -1;
      if (position >= 0) {
        members[position]!++;
        assignment[n] = position + 1;
      }
    }
  }
  return { accounts, members, assignment };
}

/** The accounts of `core` present in `index` (ascending as given): a shard's part of presentCore. */
export function presentCore(index: AudienceIndex, core: ArrayLike<number>): number[] {
  const out: number[] = [];
  for (let i = 0; i < core.length; i++) {
    const n = core[i]!;
    if (n < index.size && ((index.present[n >>> 5]! >>> (n & 31)) & 1) === 1) out.push(n);
  }
  return out;
}

/**
 * One shard's census (scale-out): its accounts' counts and, sparsely, the listed community of each
 * of its accounts in one (account numbers ascending, positions + 1 beside them).
 */
export interface ShardCensus {
  accounts: number;
  members: number[];
  /** The index's account numbers' extent (assignment's length on this shard). */
  size: number;
  assigned: [accounts: number[], positions: number[]];
}

/** A census as one shard sends it (ShardCensus). */
export function shardCensus(census: CommunityCensus): ShardCensus {
  const accounts: number[] = [];
  const positions: number[] = [];
  const { assignment } = census;
  for (let n = 0; n < assignment.length; n++) {
    if (assignment[n] !== 0) {
      accounts.push(n);
      positions.push(assignment[n]!);
    }
  }
  return {
    accounts: census.accounts,
    members: census.members,
    size: assignment.length,
    assigned: [accounts, positions],
  };
}

/**
 * The shards' censuses as the single engine's: every account is on one shard, so the counts add up
 * and each account's community is its own shard's.
 */
export function mergeCensuses(parts: readonly ShardCensus[]): CommunityCensus {
  const size = parts.reduce((m, p) => Math.max(m, p.size), 0);
  const length = parts.reduce((m, p) => Math.max(m, p.members.length), 0);
  const members = new Array<number>(length).fill(0);
  const assignment = new Uint16Array(size);
  let accounts = 0;
  for (const part of parts) {
    accounts += part.accounts;
    part.members.forEach((m, c) => (members[c]! += m));
    const [numbers, positions] = part.assigned;
    for (let i = 0; i < numbers.length; i++) assignment[numbers[i]!] = positions[i]!;
  }
  return { accounts, members, assignment };
}
