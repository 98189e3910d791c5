import type { NetworkPanel } from '@murmur/core/insights';
import { topIndices } from '../../util/top-k';
import { accountSummary } from '../account-summary';
import type { InsightContext } from '../context';
import { communityPositions } from './communities';
import { communityCore, type CommunityCore } from './core';

/**
 * The core's follows between the chosen positions, as indexes into `chosen`. (Its own function: a
 * loop over every core edge runs several times slower on variables an inner closure captures.)
 */
function edgesAmong(core: CommunityCore, chosen: readonly number[]): [number, number][] {
  const nodeOf = new Int32Array(core.nodes.length).fill(-1);
  for (let k = 0; k < chosen.length; k++) nodeOf[chosen[k]!] = k;
  const edges: [number, number][] = [];
  const { from, to } = core;
  for (let e = 0; e < from.length; e++) {
    const a = nodeOf[from[e]!]!;
    const b = nodeOf[to[e]!]!;
    if (a >= 0 && b >= 0) edges.push([a, b]);
  }
  return edges;
}

/** The audience's top accounts and the follows between them, ready for a force layout. */
export function network(ctx: InsightContext, maxNodes = 150): NetworkPanel {
  const core = communityCore(ctx);
  const positions = communityPositions(ctx);
  const chosen = topIndices(core.nodes.length, (i) => core.inDegree[i]! + 1, maxNodes);
  const edges = edgesAmong(core, chosen);
  return {
    nodes: chosen.map((i) => ({
      ...accountSummary(ctx.index, core.nodes[i]!),
      community: positions[core.community[i]!]!,
      followersInCore: core.inDegree[i]!,
    })),
    edges,
  };
}
