// Insights over shards (scale-out): the coordinator's side. Every panel of computeInsights is
// computed from the shards' partial aggregates (shard-insights.ts) in five round trips:
//   1. estimate — the audience's size M over all shards (the samples' thresholds depend on it);
//   2. partial — per shard: member counts per term (all members, and the hash samples the single
//      engine analyses: a member is sampled by a hash of its account number, so the union of the
//      shards' samples is the single engine's sample), summary sums, job titles, the content wall's
//      candidates, its part of the graph sample, its top followed accounts, its core proposal;
//   3. graph — the whole graph sample sent back: likes and reposts of each shard's posts by it,
//      accounts followed by ≥ T of a shard's graph sample (T from round 2: any account whose
//      followers in the sample reach the k-th partial sum or the distinctive floor has ≥ T on some
//      shard, so no account of either ranking is missed), follows inside the community core;
//   4. resolve — exact follow counts of those candidates, community sizes (Louvain ran here);
//   5. describe — account summaries from the accounts' own shards, term counts of the communities.
// A chosen baseline (a country, another audience, an earlier point's pushed set) is counted by the
// shards beside rounds 2 and 4 (merge-baseline.ts), as the single engine's setBaseline counts it.
// The panels counted from round 2 alone are merge-count-panels.ts's.
// Count-based panels equal the single engine's exactly: counts add up, shares and affinities are
// computed from the sums, and ties are broken in the single engine's order (terms in the order the
// export introduced them — BuiltShard.termOrder —, accounts and posts by their global numbers).
// The community core and the sample accounts are drawn from the shards in proportion to their
// members (a shard proposes its share of `communityNodes`, ranked by its own part of the graph
// sample; sample accounts: each shard's share of 12): equal in distribution, and identical to the
// single engine's while the audience has at most `communityNodes` members (the core is then every
// member). Assumes, as the single engine in practice, that a hash sample never overflows its
// buffer (≥ 10 % + 64 above its expected size).
import type {
  AccountSummary,
  AudienceInsights,
  Basis,
  Community,
  EngagedAccount,
  EngagedPost,
  InfluentialAccount,
  SampleAccount,
} from '@murmur/core/insights';
import type { AudienceQuery } from '../async/async-engine';
import type { AudienceEstimate } from '../engine';
import { undirected } from '../insights/communities/graph';
import { louvain } from '../insights/communities/louvain';
import { communityName } from '../insights/communities/naming';
import { INSIGHTS_DEFAULTS, type InsightsOptions } from '../insights/context';
import { distinctiveScore, shareOf } from '../insights/share';
import { CANDIDATES_PER_POST, engagementOf, POSTS_PER_AUTHOR, rankWall } from '../insights/content-wall';

import { topIndices, topK } from '../util/top-k';
import type {
  EngagedPart,
  InsightsDescribed,
  InsightsGraph,
  InsightsPartial,
  InsightsRequest,
  InsightsResolved,
} from './shard-insights';
import type { ShardRequests } from './shard-requests';
import { shardOf } from './shard-index';
import { networkBaseline, shardedBaseline } from './merge-baseline';
import { mergeCountPanels } from './merge-count-panels';
import { MergedDictionary } from './merged-dictionary';

export { MergedDictionary };

/** How the coordinator reaches the shards (ShardedEngine): one shard, or all with one input. */
export interface ShardAsker {
  readonly shards: number;
  ask<K extends keyof ShardRequests, T>(shard: number, op: K, input: ShardRequests[K]): Promise<T>;
}

const all = <T>(asker: ShardAsker, ask: (shard: number) => Promise<T>): Promise<T[]> =>
  Promise.all(Array.from({ length: asker.shards }, (_, shard) => ask(shard)));

/** `total` split over the shards in proportion to `weights` (largest remainders; ties: lower shard). */
export function proportional(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((s, w) => s + w, 0);
  if (sum === 0) return weights.map(() => 0);
  const exact = weights.map((w) => (total * w) / sum);
  const out = exact.map(Math.floor);
  let left = total - out.reduce((s, v) => s + v, 0);
  const order = exact
    .map((e, i) => [e - Math.floor(e), i] as const)
    .sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, i] of order) {
    if (left-- <= 0) break;
    out[i]!++;
  }
  return out;
}

const ascending = (parts: readonly (readonly number[])[]): number[] => parts.flat().sort((a, b) => a - b);

const strip = <T extends AccountSummary>(a: T): AccountSummary => ({
  account: a.account,
  id: a.id,
  handle: a.handle,
  name: a.name,
  followers: a.followers,
  verified: a.verified,
});

function mergeEngaged(parts: readonly EngagedPart[], limit: number) {
  const posts: EngagedPost[] = parts
    .flatMap((p) => p.posts)
    .sort((a, b) => b.byAudience - a.byAudience || a.post - b.post)
    .slice(0, limit);
  const accounts: EngagedAccount[] = parts
    .flatMap((p) => p.accounts)
    .sort((a, b) => b.byAudience - a.byAudience || a.first - b.first)
    .slice(0, limit)
    .map((a) => ({ ...strip(a), byAudience: a.byAudience }));
  return { posts, accounts };
}

/**
 * computeInsights over shards: the same panels, from the shards' partial aggregates (see the top of
 * this file for what is exact and what is drawn proportionally); shares and affinities against
 * `baseline` when given (counted by the shards, merge-baseline.ts), else the whole network.
 */
export async function shardedInsights(
  asker: ShardAsker,
  dictionary: MergedDictionary,
  scale: number,
  audience: AudienceQuery,
  insightsOptions: InsightsOptions = {},
  baseline?: AudienceQuery,
): Promise<AudienceInsights> {
  const started = Date.now();
  const options = { ...INSIGHTS_DEFAULTS, ...insightsOptions };
  const { top } = options;
  const d = dictionary;
  // The baseline's own round trips run beside the audience's first two.
  const counting = baseline ? shardedBaseline(asker, d, baseline, options) : networkBaseline(d);

  // 1. The audience's size.
  const estimates = await all(asker, (s) => asker.ask<'estimate', AudienceEstimate>(s, 'estimate', audience));
  const M = estimates.reduce((sum, e) => sum + e.sampleCount, 0);
  const request: InsightsRequest = { audience, members: M, options };

  // 2. Counts and candidates.
  const [partials, reference] = await Promise.all([
    all(asker, (s) => asker.ask<'insightsPartial', InsightsPartial>(s, 'insightsPartial', request)),
    counting,
  ]);
  const counted = mergeCountPanels(d, partials, reference, M, scale, options);
  const graph = ascending(partials.map((p) => p.graph));
  const G = graph.length;
  const { minSupport } = options;
  const graphBasis: Basis = { members: M, analysed: G, sampled: G < M, minSupport };
  const scaleUp = (count: number) => (G === 0 ? 0 : Math.round((count * M) / G));

  // Influential accounts: the k-th largest partial sum bounds the k-th largest sum from below.
  const partialSums = new Map<number, number>();
  for (const p of partials) {
    p.follows[0].forEach((n, i) => partialSums.set(n, (partialSums.get(n) ?? 0) + p.follows[1][i]!));
  }
  const kth = [...partialSums.values()].sort((a, b) => b - a)[top - 1] ?? 0;
  const influentialFloor = Math.max(minSupport, Math.ceil(G * 0.005));
  const followThreshold = Math.max(1, Math.ceil(Math.min(kth, influentialFloor) / asker.shards));
  const core = ascending(partials.map((p) => p.core));
  const quotas = proportional(
    Math.min(12, M),
    partials.map((p) => p.members),
  );

  // 3. Graph: engagement, follow candidates, the core's edges, sample accounts.
  const graphs = await all(asker, (s) =>
    asker.ask<'insightsGraph', InsightsGraph>(s, 'insightsGraph', {
      ...request,
      graph,
      followThreshold,
      core,
      sampleAccounts: quotas[s]!,
    }),
  );
  const candidates = [...new Set(graphs.flatMap((g) => g.follows[0]))].sort((a, b) => a - b);
  const followeesOf = new Map<number, number[]>();
  for (const g of graphs) for (const [n, followees] of g.edges) followeesOf.set(n, followees);
  const localOf = new Map<number, number>();
  core.forEach((n, i) => localOf.set(n, i));
  const from: number[] = [];
  const to: number[] = [];
  const inDegree = new Uint32Array(core.length);
  core.forEach((n, i) => {
    for (const v of followeesOf.get(n) ?? []) {
      const j = localOf.get(v)!;
      from.push(i);
      to.push(j);
      inDegree[j]!++;
    }
  });
  const { community, count, modularity } = louvain(undirected(core.length, from, to));
  const communityOf = Array.from(community);

  // 4. Exact follow counts of the candidates, community sizes.
  const resolveRequest = { ...request, candidates, core, community: communityOf, communities: count };
  const resolved = await all(asker, (s) =>
    asker.ask<'insightsResolve', InsightsResolved>(s, 'insightsResolve', resolveRequest),
  );
  const follows = candidates.map((_, i) => resolved.reduce((sum, r) => sum + r.follows[i]!, 0));
  const followers = await reference.followers(
    candidates,
    candidates.map((_, i) => resolved.reduce((sum, r) => sum + r.followers[i]!, 0)),
  );
  const sizes = Array.from({ length: count }, (_, c) => resolved.reduce((sum, r) => sum + r.sizes[c]!, 0));
  const mostFollowed = topK(
    candidates.map((_, i) => i),
    (i) => (follows[i]! < minSupport ? 0 : follows[i]!),
    top,
  );
  const distinctiveFollowed = topK(
    candidates.map((_, i) => i).filter((i) => follows[i]! >= influentialFloor),
    (i) =>
      distinctiveScore(
        follows[i]!,
        G,
        followers.count(i),
        followers.base,
        influentialFloor,
        followers.sampled,
      ),
    top,
  );
  const coreSizes = new Uint32Array(count);
  for (const c of communityOf) coreSizes[c]!++;
  const inCommunity = new Uint32Array(core.length);
  for (let e = 0; e < from.length; e++)
    if (communityOf[from[e]!] === communityOf[to[e]!]) inCommunity[to[e]!]!++;
  const communityFloor = Math.max(2, Math.ceil(G * 0.005));
  const chosen = topIndices(count, (c) => (sizes[c]! >= communityFloor ? sizes[c]! : 0), 10);
  const leaders = chosen.map((c) =>
    topIndices(core.length, (i) => (communityOf[i] === c ? inCommunity[i]! + 1 : 0), 5),
  );
  const networkNodes = topIndices(core.length, (i) => inDegree[i]! + 1, 150);

  // 5. Accounts described by their shards; the chosen communities' terms.
  const described = new Set<number>([
    ...mostFollowed.map((i) => candidates[i]!),
    ...distinctiveFollowed.map((i) => candidates[i]!),
    ...leaders.flat().map((i) => core[i]!),
    ...networkNodes.map((i) => core[i]!),
  ]);
  const accounts = [...described].sort((a, b) => a - b);
  const descriptions = await all(asker, (s) =>
    asker.ask<'insightsDescribe', InsightsDescribed>(s, 'insightsDescribe', {
      ...resolveRequest,
      accounts: accounts.filter((n) => shardOf(n, asker.shards) === s),
      chosen,
    }),
  );
  const summaries = new Map<number, AccountSummary & { inAudience: boolean }>();
  for (const part of descriptions) for (const a of part.accounts) summaries.set(a.account, a);
  const summaryOf = (n: number): AccountSummary => strip(summaries.get(n)!);

  const influential = (i: number): InfluentialAccount => {
    const n = candidates[i]!;
    const { share, shareInterval, populationShare, affinity, affinityInterval } = shareOf(
      '',
      '',
      follows[i]!,
      G,
      followers.count(i),
      followers.base,
    );
    return {
      ...summaryOf(n),
      followersInAudience: scaleUp(follows[i]!),
      count: follows[i]!,
      share,
      shareInterval,
      populationShare,
      affinity,
      affinityInterval,
      inAudience: summaries.get(n)!.inAudience,
    };
  };

  const list = chosen.map((c, id): Community => {
    const counts = new Uint32Array(d.size);
    descriptions.forEach((part, s) => d.add(counts, s, part.communities[id]!));
    const interests = d.distinctiveTerms('interest', counts, sizes[c]!, 5);
    const words = d.distinctiveTerms('bioWord', counts, sizes[c]!, 5);
    return {
      id,
      name: communityName(interests, words, `Community ${id + 1}`),
      size: scaleUp(sizes[c]!),
      share: G > 0 ? sizes[c]! / G : 0,
      coreSize: coreSizes[c]!,
      interests,
      words,
      topAccounts: leaders[id]!.map((i) => ({
        ...summaryOf(core[i]!),
        followersInCommunity: inCommunity[i]!,
      })),
    };
  });
  const position = new Int32Array(count).fill(-1);
  chosen.forEach((c, id) => (position[c] = id));
  const nodeOf = new Int32Array(core.length).fill(-1);
  networkNodes.forEach((i, k) => (nodeOf[i] = k));
  const networkEdges: [number, number][] = [];
  for (let e = 0; e < from.length; e++) {
    const a = nodeOf[from[e]!]!;
    const b = nodeOf[to[e]!]!;
    if (a >= 0 && b >= 0) networkEdges.push([a, b]);
  }

  const likes = mergeEngaged(
    graphs.map((g) => g.likes),
    top,
  );
  const reposts = mergeEngaged(
    graphs.map((g) => g.reposts),
    top,
  );
  const sampleAccounts: SampleAccount[] = graphs.flatMap((g) => g.sampleAccounts);
  const covered = list.reduce((sum, c) => sum + c.share, 0);

  const result: Omit<AudienceInsights, 'ms'> = {
    summary: counted.summary,
    demographics: counted.demographics,
    ageGroups: counted.ageGroups,
    interests: counted.interests,
    conversationTopics: counted.conversationTopics,
    influentialAccounts: {
      basis: graphBasis,
      accounts: mostFollowed.map(influential),
      distinctive: distinctiveFollowed.map(influential),
    },
    communities: {
      basis: graphBasis,
      nodes: core.length,
      edges: from.length,
      modularity,
      communities: list,
      otherShare: Math.max(0, 1 - covered),
    },
    network: {
      nodes: networkNodes.map((i) => ({
        ...summaryOf(core[i]!),
        community: position[communityOf[i]!]!,
        followersInCore: inDegree[i]!,
      })),
      edges: networkEdges,
    },
    topicAnalysis: counted.topicAnalysis,
    contentWall: {
      // The single engine's candidates are the members' first top × CANDIDATES_PER_POST posts in
      // engagement order (more engaged first, then the lower post number); each shard sent its own
      // first ones, so the union holds them: take the same ones before ranking, or the wall differs.
      posts: rankWall(
        partials
          .flatMap((p) => p.contentWall)
          .sort((a, b) => engagementOf(b) - engagementOf(a) || a.post - b.post)
          .slice(0, top * CANDIDATES_PER_POST),
        top,
        minSupport,
      ),
      perAuthor: POSTS_PER_AUTHOR,
      minEngagement: minSupport,
    },
    locations: counted.locations,
    bioWords: counted.bioWords,
    jobTitles: counted.jobTitles,
    devices: counted.devices,
    sampleAccounts,
    engagement: {
      basis: graphBasis,
      mostLikedPosts: likes.posts,
      mostLikedAccounts: likes.accounts,
      mostRepostedPosts: reposts.posts,
      mostRepostedAccounts: reposts.accounts,
    },
  };
  return { ...result, ms: Date.now() - started };
}
