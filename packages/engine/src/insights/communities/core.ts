import { newBits } from '../../bits/bitset';
import { GrowableU32 } from '../../util/growable';
import type { InsightContext } from '../context';
import { followCounts } from '../counts';
import { undirected } from './graph';
import { louvain } from './louvain';
import { selectCore } from './select-core';

/** The audience's follow subgraph on its core, with Louvain's communities. */
export interface CommunityCore {
  /** Account numbers of the core, the most followed members inside the audience. */
  nodes: Uint32Array;
  /** Core position of each account number, -1 outside the core. */
  localOf: Int32Array;
  /** Bitset of the core's account numbers: a cache-friendly test before `localOf`. */
  inCore: Uint32Array;
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
 * Louvain on the audience's follow subgraph (ARCHITECTURE §3), sampled where large: on at most
 * `communityNodes` members, the most followed inside the audience. A uniform node sample would
 * keep only (sample share)² of the edges and leave the graph too sparse to have communities; the
 * most followed members are the well-connected backbone the rest attach to (see assignCommunities).
 * (Thinning the backbone's edges instead was tried and loses more modularity than shrinking it.)
 */
export const communityCore = (ctx: InsightContext): CommunityCore =>
  ctx.memo('core', () => {
    const { index } = ctx;
    const nodes = selectCore(ctx.members, followCounts(ctx), ctx.options.communityNodes);
    const localOf = new Int32Array(index.size).fill(-1);
    const inCore = newBits(index.size);
    nodes.forEach((n, i) => {
      localOf[n] = i;
      inCore[n >>> 5]! |= 1 << (n & 31);
    });
    const from = new GrowableU32(1 << 16);
    const to = new GrowableU32(1 << 16);
    const inDegree = new Uint32Array(nodes.length);
    const { offsets, data } = index.following;
    for (let i = 0; i < nodes.length; i++) {
      for (let e = offsets[nodes[i]!]!; e < offsets[nodes[i]! + 1]!; e++) {
        const v = data[e]!;
        if (((inCore[v >>> 5]! >>> (v & 31)) & 1) === 0) continue;
        const j = localOf[v]!;
        if (j === i) continue;
        from.push(i);
        to.push(j);
        inDegree[j]!++;
      }
    }
    const edges = { from: from.toArray(), to: to.toArray() };
    const result = louvain(undirected(nodes.length, edges.from, edges.to));
    return { nodes, localOf, inCore, ...edges, inDegree, ...result };
  });
