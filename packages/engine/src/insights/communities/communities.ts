import type { CommunitiesPanel, Community } from '@murmur/core/insights';
import { topIndices } from '../../util/top-k';
import type { AudienceIndex } from '../../postings/audience-index';
import { RowCursor } from '../../postings/csr';
import { accountSummary } from '../account-summary';
import type { InsightContext } from '../context';
import { finish, type Steps } from '../../util/steps';
import { assignSteps } from './assign';
import { communityCore, communityCoreSteps, type CommunityCore } from './core';
import { communityName, distinctiveTerms } from './naming';

const MAX_COMMUNITIES = 10;

/** The sampled members of each community, in one pass. */
function membersByCommunity(sample: Uint32Array, label: Int32Array, count: number): Uint32Array[] {
  const sizes = new Uint32Array(count);
  for (const c of label) if (c >= 0) sizes[c]!++;
  const groups = Array.from(sizes, (n) => new Uint32Array(n));
  const fill = new Uint32Array(count);
  for (let i = 0; i < sample.length; i++)
    if (label[i]! >= 0) groups[label[i]!]![fill[label[i]!]!++] = sample[i]!;
  return groups;
}

/**
 * Followers from the same community, per core position: who leads each community. (In a function
 * of its own: inside the memoised closure below, whose variables inner closures capture, this
 * loop ran several times slower.)
 */
function followersInCommunity(core: CommunityCore): Uint32Array {
  const { community, from, to } = core;
  const inCommunity = new Uint32Array(core.nodes.length);
  for (let e = 0; e < from.length; e++) {
    const j = to[e]!;
    if (community[from[e]!] === community[j]) inCommunity[j]!++;
  }
  return inCommunity;
}

/** Profile terms (interests, bio words …) of a group of members, counted per term into `counts`. */
function profileTermCounts(index: AudienceIndex, group: Uint32Array, counts: Uint32Array): Uint32Array {
  const rows = new RowCursor(index.profileTerms);
  for (let i = 0; i < group.length; i++) {
    const { data, start, end } = rows.at(group[i]!);
    for (let k = start; k < end; k++) counts[data[k]!]!++;
  }
  return counts;
}

/** Communities of the audience, largest first, each named by its most distinctive terms. */
export function communities(ctx: InsightContext): CommunitiesPanel {
  return listed(ctx).panel;
}

/** Panel position of each Louvain community, -1 for those not listed. */
export function communityPositions(ctx: InsightContext): Int32Array {
  const { chosen } = listed(ctx);
  const position = new Int32Array(communityCore(ctx).count).fill(-1);
  chosen.forEach((c, id) => (position[c] = id));
  return position;
}

/** The communities panel and the Louvain communities it lists, in steps (a community's terms each). */
export const listedSteps = (ctx: InsightContext): Steps<{ panel: CommunitiesPanel; chosen: number[] }> =>
  ctx.memoSteps('communities', function* () {
    const { index } = ctx;
    const core = yield* communityCoreSteps(ctx);
    const { community } = core;
    const coreSizes = new Uint32Array(core.count);
    for (let i = 0; i < community.length; i++) coreSizes[community[i]!]!++;
    const inCommunity = followersInCommunity(core);
    const label = yield* assignSteps(ctx);
    const sizes = new Uint32Array(core.count);
    for (let i = 0; i < label.length; i++) if (label[i]! >= 0) sizes[label[i]!]!++;
    const floor = Math.max(2, Math.ceil(ctx.graphSample.length * 0.005));
    const chosen = topIndices(core.count, (c) => (sizes[c]! >= floor ? sizes[c]! : 0), MAX_COMMUNITIES);
    const byCommunity = membersByCommunity(ctx.graphSample, label, core.count);
    const termCounts: Uint32Array[] = [];
    for (const c of chosen) {
      termCounts.push(profileTermCounts(index, byCommunity[c]!, ctx.scratch.u32(index.terms.size)));
      yield;
    }
    const list = chosen.map((c, id): Community => {
      const counts = termCounts[id]!;
      const interests = distinctiveTerms(index, 'interest', counts, sizes[c]!, 5);
      const words = distinctiveTerms(index, 'bioWord', counts, sizes[c]!, 5);
      const local = topIndices(core.nodes.length, (i) => (community[i] === c ? inCommunity[i]! + 1 : 0), 5);
      return {
        id,
        name: communityName(interests, words, `Community ${id + 1}`),
        size: ctx.scaleUp(sizes[c]!, ctx.graphSample),
        share: ctx.graphSample.length > 0 ? sizes[c]! / ctx.graphSample.length : 0,
        coreSize: coreSizes[c]!,
        interests,
        words,
        topAccounts: local.map((i) => ({
          ...accountSummary(index, core.nodes[i]!),
          followersInCommunity: inCommunity[i]!,
        })),
      };
    });
    const covered = list.reduce((sum, c) => sum + c.share, 0);
    const panel: CommunitiesPanel = {
      basis: ctx.graphBasis,
      nodes: core.nodes.length,
      edges: core.from.length,
      modularity: core.modularity,
      communities: list,
      otherShare: Math.max(0, 1 - covered),
    };
    return { panel, chosen };
  });

const listed = (ctx: InsightContext) => finish(listedSteps(ctx));
