// The baseline of insights over shards (scale-out): what an audience's shares and affinities are
// measured against. The whole network reads the merged dictionary's populations and the shards'
// follower counts; a chosen baseline (a country, another audience, a pushed set of an earlier
// point) is counted by the shards exactly as the single engine counts it (insights/baseline.ts
// setBaseline): its size, then its partial (round trip 2 of merge-insights.ts) over its own hash
// samples, and the follows of the audience's candidates by its graph sample (round trip 4).
import type { AudienceQuery } from '../async/async-engine';
import type { AudienceEstimate } from '../engine';
import type { ReferenceCounts } from '../insights/reference';
import { sumPartials } from './merge-count-panels';
import type { ShardAsker } from './merge-insights';
import type { MergedDictionary } from './merged-dictionary';
import type {
  InsightsPartial,
  InsightsRequest,
  InsightsResolved,
  ResolvedInsightsOptions,
} from './shard-insights';

/**
 * The counts an audience is compared with, in the merged dictionary's term ids (members, profile and
 * post terms) and, for follows, by position in the audience's candidates.
 */
export interface MergedBaseline {
  /** Single-valued fields, over every account of the baseline. */
  members: ReferenceCounts;
  /** Profile terms, over the baseline's analysed sample. */
  profile: ReferenceCounts;
  /** Post terms, over the baseline's analysed sample. */
  posts: ReferenceCounts;
  /**
   * Followers of each candidate (by position) within the baseline; `network`: the candidates'
   * follower counts the audience's own round trip 4 summed over the shards.
   */
  followers(candidates: readonly number[], network: readonly number[]): Promise<ReferenceCounts>;
}

const all = <T>(asker: ShardAsker, ask: (shard: number) => Promise<T>): Promise<T[]> =>
  Promise.all(Array.from({ length: asker.shards }, (_, shard) => ask(shard)));

/** The whole network: every count is the shards' own (the terms' populations, follower counts). */
export function networkBaseline(d: MergedDictionary): MergedBaseline {
  const terms: ReferenceCounts = { count: (t) => d.populations[t]!, base: d.population, sampled: false };
  return {
    members: terms,
    profile: terms,
    posts: terms,
    followers: (_candidates, network) =>
      Promise.resolve({ count: (i) => network[i]!, base: d.population, sampled: false }),
  };
}

/**
 * A chosen baseline counted by the shards: two round trips now (its size, its partial), one more
 * once the audience's follow candidates are known. The counts equal the single engine's setBaseline
 * over the same accounts: member fields over every account, terms over the hash sample of
 * `sampleSize`, follows over the one of `graphSampleSize` (the same hash of each account's X id,
 * AccountColumns.sampleKey, so the union of the shards' samples is the single engine's).
 */
export async function shardedBaseline(
  asker: ShardAsker,
  d: MergedDictionary,
  baseline: AudienceQuery,
  options: ResolvedInsightsOptions,
): Promise<MergedBaseline> {
  const sizes = await all(asker, (s) => asker.ask<'estimate', AudienceEstimate>(s, 'estimate', baseline));
  const members = sizes.reduce((sum, e) => sum + e.sampleCount, 0);
  const request: InsightsRequest = { audience: baseline, members, options };
  const partials = await all(asker, (s) =>
    asker.ask<'insightsPartial', InsightsPartial>(s, 'insightsPartial', request),
  );
  const { categorical, profile, posts, analysed } = sumPartials(d, partials);
  const graph = partials.reduce((sum, p) => sum + p.graph.length, 0);
  const counts = (of: Uint32Array, base: number): ReferenceCounts => ({
    count: (t) => of[t]!,
    base,
    sampled: base < members,
  });
  return {
    members: counts(categorical, members),
    profile: counts(profile, analysed),
    posts: counts(posts, analysed),
    async followers(candidates) {
      // Round trip 4 over the baseline, without a community core: each shard counts how many of
      // its part of the baseline's graph sample follow each candidate.
      const resolved = await all(asker, (s) =>
        asker.ask<'insightsResolve', InsightsResolved>(s, 'insightsResolve', {
          ...request,
          candidates: [...candidates],
          core: [],
          community: [],
          communities: 0,
        }),
      );
      const follows = candidates.map((_, i) => resolved.reduce((sum, r) => sum + r.follows[i]!, 0));
      return { count: (i) => follows[i]!, base: graph, sampled: graph < members };
    },
  };
}
