import { popcount32, wordsFor } from '../../bits/bitset';
import type { AudienceIndex } from '../../postings/audience-index';
import { RowCursor } from '../../postings/csr';
import type { InsightContext } from '../context';
import { followTally, followTallySteps } from '../counts';
import type { Scratch } from '../../util/scratch';
import { ROW_BLOCK, finish, inBlocks, type Steps } from '../../util/steps';
import { undirected } from './graph';
import { louvainSteps } from './louvain';
import { selectCoreOf } from './select-core';

/** The audience's follow subgraph on its core, with Louvain's communities. */
export interface CommunityCore {
  /** Account numbers of the core, the most followed members inside the audience. */
  nodes: Uint32Array;
  /** Bitset of the core's account numbers. */
  inCore: Uint32Array;
  /**
   * Per word of `inCore`, the core members in the words before it: an account's core position is
   * rank[w] + the set bits below it in word w. 1.25 MB at 10 M accounts, read
   * next to the bit just tested, where a per-account position array would be 40 MB of cache misses.
   */
  rank: Uint32Array;
  /** Directed follow edges between core members (positions). */
  from: Uint32Array;
  to: Uint32Array;
  /** Followers inside the core, per core position. */
  inDegree: Uint32Array;
  community: Uint32Array;
  count: number;
  modularity: number;
}

/**
 * selectCore over the members, reading only the members someone in the graph sample follows when
 * there are enough of them to fill the core (then a member nobody follows cannot be chosen, and
 * those members, ascending, are chosen from exactly as from all members): O(followed accounts)
 * instead of O(members).
 */
function coreNodes(ctx: InsightContext): Uint32Array {
  const limit = ctx.options.communityNodes;
  const { counts, followed } = followTally(ctx);
  const { members } = ctx;
  if (members.length <= limit) return members;
  const bits = ctx.set.bits;
  // Written before read ([0, k)).
  const followedMembers = ctx.scratch.u32(followed.length, false);
  const followedCounts = ctx.scratch.u32(followed.length, false);
  let k = 0;
  for (let i = 0; i < followed.length; i++) {
    const v = followed[i]!;
    if (((bits[v >>> 5]! >>> (v & 31)) & 1) === 0) continue;
    followedMembers[k] = v;
    followedCounts[k++] = counts[i]!;
  }
  if (k >= limit) return selectCoreOf(followedMembers.subarray(0, k), followedCounts.subarray(0, k), limit);
  // Too few followed members: every member, with its count (0 if unfollowed) merged in from the
  // followed members, both ascending.
  const memberCounts = ctx.scratch.u32(members.length);
  for (let i = 0, f = 0; i < members.length && f < k; i++) {
    while (f < k && followedMembers[f]! < members[i]!) f++;
    if (f < k && followedMembers[f] === members[i]) memberCounts[i] = followedCounts[f]!;
  }
  return selectCoreOf(members, memberCounts, limit);
}

/** Follows made by nodes from … to − 1. */
function followsOf(rows: RowCursor, nodes: Uint32Array, from: number, to: number): number {
  let follows = 0;
  for (let i = from; i < to; i++) {
    const { start, end } = rows.at(nodes[i]!);
    follows += end - start;
  }
  return follows;
}

/** Where the core's follows are being gathered: `k` targets so far, each node's row end. */
interface Gathering {
  rows: RowCursor;
  nodes: Uint32Array;
  inCore: Uint32Array;
  rank: Uint32Array;
  targets: Uint32Array;
  rowEnd: Uint32Array;
  k: number;
}

/** The core positions nodes from … to − 1 follow, appended to `g.targets`. */
function gatherCoreFollows(g: Gathering, from: number, to: number): void {
  const { rows, nodes, inCore, rank, targets, rowEnd } = g;
  let k = g.k;
  for (let i = from; i < to; i++) {
    // Branch-free: every follow's would-be position is written and kept only if it is a core
    // member other than i (about a third are at 1 M accounts: a branch on it mispredicts often).
    const { data, start, end } = rows.at(nodes[i]!);
    for (let e = start; e < end; e++) {
      const v = data[e]!;
      const word = inCore[v >>> 5]!;
      const j = rank[v >>> 5]! + popcount32(word & ((1 << (v & 31)) - 1));
      const other = (j ^ i) | -(j ^ i);
      targets[k] = j;
      k += (word >>> (v & 31)) & 1 & (other >>> 31);
    }
    rowEnd[i] = k;
  }
  g.k = k;
}

/**
 * The core's bitset, its rank, and the follows between core members (positions), in blocks of nodes;
 * every array carved from the report's scratch.
 */
function* coreEdges(index: AudienceIndex, nodes: Uint32Array, scratch: Scratch) {
  // The core is in account order, so a member's position is its rank among the core's bits.
  const inCore = scratch.u32(wordsFor(index.size));
  for (let i = 0; i < nodes.length; i++) inCore[nodes[i]! >>> 5]! |= 1 << (nodes[i]! & 31);
  const rank = scratch.u32(inCore.length);
  for (let w = 1; w < inCore.length; w++) rank[w] = rank[w - 1]! + popcount32(inCore[w - 1]!);
  const rows = new RowCursor(index.following);
  // Targets first, into room for every follow the core makes (each node's row end kept), then
  // the sources from those row ends: no growing arrays nor a push per edge.
  let follows = 0;
  yield* inBlocks(nodes.length, (from, to) => (follows += followsOf(rows, nodes, from, to)), ROW_BLOCK);
  const g: Gathering = {
    rows,
    nodes,
    inCore,
    rank,
    // Written before read: [0, k) by the gathering, every node's row end.
    targets: scratch.u32(follows, false),
    rowEnd: scratch.u32(nodes.length, false),
    k: 0,
  };
  yield* inBlocks(nodes.length, (from, to) => gatherCoreFollows(g, from, to), ROW_BLOCK);
  const { k, targets, rowEnd } = g;
  const inDegree = scratch.u32(nodes.length);
  for (let e = 0; e < k; e++) inDegree[targets[e]!]!++;
  const from = scratch.u32(k, false);
  for (let i = 0, e = 0; i < nodes.length; i++) for (; e < rowEnd[i]!; e++) from[e] = i;
  return { inCore, rank, from, to: targets.subarray(0, k), inDegree };
}

/**
 * Louvain on the audience's follow subgraph (ARCHITECTURE §3), sampled where large: on at most
 * `communityNodes` members, the most followed inside the audience. A uniform node sample would
 * keep only (sample share)² of the edges and leave the graph too sparse to have communities; the
 * most followed members are the well-connected backbone the rest attach to (see assignCommunities).
 * (Thinning the backbone's edges instead was tried and loses more modularity than shrinking it.)
 */
export const communityCoreSteps = (ctx: InsightContext): Steps<CommunityCore> =>
  ctx.memoSteps('core', function* () {
    yield* followTallySteps(ctx);
    const nodes = coreNodes(ctx);
    yield;
    const edges = yield* coreEdges(ctx.index, nodes, ctx.scratch);
    const graph = undirected(nodes.length, edges.from, edges.to, ctx.scratch);
    yield;
    const result = yield* louvainSteps(graph);
    return { nodes, ...edges, ...result };
  });
export const communityCore = (ctx: InsightContext): CommunityCore => finish(communityCoreSteps(ctx));
