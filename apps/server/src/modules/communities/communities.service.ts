import type { CommunitySummary } from '@murmur/core/api';
import { estimateOfStored } from '@murmur/core/sampling';
import { targetingPackageSchema } from '@murmur/core/targeting';
import type { AudienceEngine, NetworkCommunity, WeeklyPosts } from '@murmur/engine';
import type { EngineHolder } from '../../engine/engine-holder';
import type { SentCommunities } from '../../engine/engine-tasks';
import { NotFound } from '../../errors';
import { presentAccounts } from '../../engine/present-account';
import { handleTerm, labelTerms, type SearchCounter } from '../../lib/search-counter';

export type CommunitiesService = ReturnType<typeof createCommunitiesService>;

/** The community's handles in its package: followers of its leading accounts are how X reaches it. */
const PACKAGE_HANDLES = 5;

/** A community without its member set (which stays with the engine work). */
type CommunityFacts = Omit<NetworkCommunity, 'members'>;

const communityId = (c: CommunityFacts) => `community-${c.id + 1}`;

/**
 * Trending growth: the community's share of the sampled accounts' posts in the latest simulated
 * week against its share the week before, minus one (0.25 = its share grew by a quarter). Counts
 * get add-one smoothing so that a community with no posts in the earlier week is not infinite.
 */
export function growthOf(own: WeeklyPosts, all: WeeklyPosts): number {
  const latest = (own.latest + 1) / (all.latest + 1);
  const previous = (own.previous + 1) / (all.previous + 1);
  return Math.round((latest / previous - 1) * 10_000) / 10_000;
}

/** The search terms that stand for a community: its bio words, interests and leading accounts. */
function termsOf(c: CommunityFacts): string[] {
  return [
    ...new Set([
      ...c.words.map((w) => w.key),
      ...c.interests.flatMap((i) => labelTerms(i.label)),
      ...c.topAccounts.map((a) => handleTerm(a.handle)),
    ]),
  ];
}

/**
 * The network's communities (docs/API-AUDIENCES.md "Communities"): Louvain over a sample of the whole
 * network (engine.explore.communities, computed once per engine on a worker thread), trending by post growth, most
 * searched by the terms people searched for (SearchCounter).
 */
export function createCommunitiesService(deps: { engine: EngineHolder; searches: SearchCounter }) {
  const { engine: holder, searches } = deps;

  // Louvain over a sample of the whole network: once per engine, on an engine worker thread.
  let network: { engine: AudienceEngine; communities: Promise<SentCommunities> } | undefined;
  function networkOf(engine: AudienceEngine): Promise<SentCommunities> {
    if (network?.engine !== engine) {
      const communities = holder.work().run('networkCommunities', null);
      network = { engine, communities };
      // A failure is not kept: the next request tries again.
      communities.catch(() => {
        if (network?.communities === communities) network = undefined;
      });
    }
    return network.communities;
  }

  function summary(
    engine: AudienceEngine,
    c: CommunityFacts,
    { posts: all, basis }: Pick<SentCommunities, 'posts' | 'basis'>,
  ): CommunitySummary {
    const size = Math.round(c.size * engine.scale);
    // Its members were counted on the graph sample (basis.analysed of basis.members indexed accounts),
    // each indexed account standing for engine.scale people: an estimate with its 95 % interval.
    const perSampled = basis.analysed > 0 ? (basis.members / basis.analysed) * engine.scale : engine.scale;
    return {
      id: communityId(c),
      name: c.name,
      size,
      size_figure: estimateOfStored(size, { sampleSize: basis.analysed || null, rate: perSampled }),
      top_terms: c.words.map((w) => w.label),
      top_interests: c.interests.map((i) => i.label),
      top_accounts: presentAccounts(
        engine,
        c.topAccounts.map((a) => a.account),
      ),
      growth: growthOf(c.posts, all),
      searches: termsOf(c).reduce((sum, term) => sum + searches.count(term), 0),
      targeting_package: targetingPackageSchema.parse({
        handles: c.topAccounts.slice(0, PACKAGE_HANDLES).map((a) => ({ handle: a.handle })),
      }),
    };
  }

  return {
    async list(query: { sort: 'trending' | 'most_searched'; limit: number }) {
      const engine = holder.get();
      const network = await networkOf(engine);
      let all = network.communities.map((c) => summary(engine, c, network));
      // Trending means growing: a community whose share of the network's posts fell is not listed.
      if (query.sort === 'trending') all = all.filter((c) => c.growth > 0);
      const key = query.sort === 'trending' ? 'growth' : 'searches';
      all.sort((a, b) => b[key] - a[key] || b.size - a.size);
      return { results: all.slice(0, query.limit) };
    },

    /** One community and three panels of its (sampled) members, on an engine worker thread. */
    async get(id: string) {
      const engine = holder.get();
      const work = holder.work();
      const network = await networkOf(engine);
      const found = network.communities.find((c) => communityId(c) === id);
      if (!found) throw new NotFound();
      const { demographics, interests, influentialAccounts } = await work.run('panels', {
        audience: { members: found.members },
        names: ['demographics', 'interests', 'influentialAccounts'],
      });
      return {
        community: summary(engine, found, network),
        insights: {
          demographics: demographics!,
          interests: interests!,
          influentialAccounts: influentialAccounts!,
        },
      };
    },
  };
}
