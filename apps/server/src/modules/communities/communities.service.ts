import type { CommunitySummary, GrowthWindow } from '@murmur/core/api';
import { estimateOfStored } from '@murmur/core/sampling';
import { targetingPackageSchema } from '@murmur/core/targeting';
import type { AudienceEngine, CommunityCensus, CommunityPartition, NetworkCommunity } from '@murmur/engine';
import type { EngineHolder } from '../../engine/engine-holder';
import type { SentCommunities } from '../../engine/engine-tasks';
import { freshnessOf, reachedAt, type LiveStatusSource } from '../../engine/freshness';
import { engineLiveStatus } from '../../engine/engine-live-status';
import { NotFound } from '../../errors';
import type { Clock } from '../../lib/clock';
import type { FastifyBaseLogger } from 'fastify';
import {
  censusStore,
  growthOf,
  partitionKey,
  stayedBetween,
  restoredHistory,
  storedCensuses,
  windowStartDay,
  withAssignments,
  type CensusHistory,
  type CensusPoint,
} from './community-growth';
import type { CommunityCountsRepository } from './community-counts.repository';
import {
  createPredecessorFinder,
  growthCensuses,
  storedPartitionOf,
  type Predecessor,
} from './community-predecessor';
import { presentAccounts } from '../../engine/present-account';
import { handleTerm, labelTerms, type SearchCounter } from '../../lib/search-counter';

export type CommunitiesService = ReturnType<typeof createCommunitiesService>;

/** The community's handles in its package: followers of its leading accounts are how X reaches it. */
const PACKAGE_HANDLES = 5;

/** A community without its member set (which stays with the engine work). */
type CommunityFacts = Omit<NetworkCommunity, 'members'>;

const communityId = (c: CommunityFacts) => `community-${c.id + 1}`;

/** At most one census of the live index a minute (wall clock): one pass over every account's follows. */
const CENSUS_EVERY_MS = 60_000;

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

export interface CommunitiesServiceDeps {
  engine: EngineHolder;
  searches: SearchCounter;
  clock: Clock;
  /**
   * Where the index the census counts stands on the live log (modules/index.ts gives
   * engineLiveStatus: over shards, the shards' position; else this process's live path): with a live
   * path, membership is counted again as X moves. Absent: the shards' when the engine runs over
   * them, else none (static).
   */
  liveStatus?: LiveStatusSource | undefined;
  /** Where a live index's counts are kept, so that a restart keeps the growth window (else memory only). */
  counts?: CommunityCountsRepository | undefined;
  log?: Pick<FastifyBaseLogger, 'warn'> | undefined;
}

/** One Louvain partition of the network and the censuses of its membership since it was found. */
interface Network {
  communities: SentCommunities;
  censuses: CensusHistory;
  /** The partition's fingerprint, the key of its stored counts. */
  key: string;
  /** Wall-clock time of the latest census (the throttle). */
  countedAt: number;
  /**
   * The partition counted under before this one (stored by an earlier process) while its censuses
   * reach further back than this one's: growth is read from it, each community of this partition
   * by its match there (community-predecessor.ts). Dropped once this partition's own censuses
   * reach as far back.
   */
  predecessor?: Predecessor | undefined;
}

/**
 * A census of the index as it is now under a partition: over shards, the shards' (their accounts are
 * the index the API answers from; ShardedEngine.communityCensus equals the single engine's), else
 * `counted` (one this process's engine just took) or an engine task on this process's engine.
 */
function censusOn(
  holder: EngineHolder,
): (partition: CommunityPartition, counted?: CommunityCensus) => Promise<CommunityCensus> {
  return async (partition, counted) => {
    const audiences = holder.audiences();
    if (audiences.communityCensus) return audiences.communityCensus(partition);
    return counted ?? holder.work().run('communityCensus', partition);
  };
}

/**
 * Whether a live path runs (else the index is static) and the time of X the index has reached
 * (null before the consumer applied an event: the index is then still the export it started from).
 */
async function liveStateOf(status: LiveStatusSource): Promise<{ live: boolean; at: number | null }> {
  const now = await status();
  return { live: freshnessOf(now).state !== 'static', at: reachedAt(now) };
}

/**
 * The network's communities (docs/API-AUDIENCES.md "Communities"): Louvain over a sample of the whole
 * network (engine.explore.communities, once per engine on a worker thread), trending by membership
 * growth on a live index (the partition kept, its members counted again over every indexed account
 * as the index moves: community-growth.ts), most searched by the terms people searched for.
 */
export function createCommunitiesService(deps: CommunitiesServiceDeps) {
  const { engine: holder, searches, clock, liveStatus, counts, log } = deps;
  const store = censusStore(counts, log);
  const censusOf = censusOn(holder);
  const status = liveStatus ?? engineLiveStatus(holder, undefined, log);
  const liveState = () => liveStateOf(status);

  // Louvain over a sample of the whole network: once per engine, on an engine worker thread. The
  // partition stays for the process: Louvain run again on a moved index finds other communities.
  let network: { engine: AudienceEngine; made: Promise<Network> } | undefined;
  function networkOf(engine: AudienceEngine): Promise<Network> {
    if (network?.engine !== engine) {
      const made = (async (): Promise<Network> => {
        const communities = await holder.work().run('networkCommunities', null);
        // Stamped with X's time the index has reached; before any event, with the export's `now`.
        const state = await liveState();
        const at = state.at ?? (Date.parse(communities.now) || clock.now().getTime());
        const fresh = { at, census: await censusOf(communities.partition, communities.census) };
        const key = partitionKey(communities.partition);
        // A live index's counts of the window stored by this or another process under the same
        // partition come first: a restart keeps the window. A static index never moves: none kept.
        const stored =
          state.live && counts
            ? withAssignments(
                storedCensuses(await counts.since(key, windowStartDay(at)), communities.communities.length),
                await counts.assignmentsSince(key, windowStartDay(at)),
              )
            : [];
        const censuses = restoredHistory(stored, fresh);
        let predecessor: Predecessor | undefined;
        if (state.live && counts) {
          if (censuses.latest() === fresh) await store(key, fresh, censuses.firstOfItsDay(fresh));
          await counts.recordPartition(storedPartitionOf(key, communities.partition, at, engine));
          predecessor = await predecessorOf(engine, key, fresh);
        }
        return { communities, censuses, key, countedAt: clock.now().getTime(), predecessor };
      })();
      network = { engine, made };
      // A failure is not kept: the next request tries again.
      made.catch(() => {
        if (network?.made === made) network = undefined;
      });
    }
    return network.made;
  }

  const predecessorOf = createPredecessorFinder({
    counts,
    census: censusOf,
    store,
  });

  // One census at a time; a request meanwhile waits for it.
  let counting: Promise<void> | undefined;
  /** The network with a census of the index as it is now (live only, at most one a minute). */
  async function measured(engine: AudienceEngine): Promise<{ network: Network; live: boolean }> {
    const current = await networkOf(engine);
    const { live, at } = await liveState();
    // A static index never moves; a live one that has applied no event yet has not moved either.
    if (!live || at === null) return { network: current, live };
    if (clock.now().getTime() - current.countedAt >= CENSUS_EVERY_MS) {
      counting ??= (async () => {
        const point = { at, census: await censusOf(current.communities.partition) };
        if (current.censuses.add(point))
          await store(current.key, point, current.censuses.firstOfItsDay(point));
        const before = current.predecessor;
        if (before) {
          // Counted too until this partition's own censuses reach as far back (at most the window).
          if (growthCensuses(current).censuses !== before.censuses) current.predecessor = undefined;
          else {
            const earlier = { at, census: await censusOf(before.partition) };
            if (before.censuses.add(earlier))
              await store(before.key, earlier, before.censuses.firstOfItsDay(earlier));
          }
        }
        current.countedAt = clock.now().getTime();
      })().finally(() => (counting = undefined));
      await counting;
    }
    return { network: current, live: true };
  }

  // Who stayed in each community over the window (one pass over the two censuses' assignments),
  // kept for the window's two censuses: a request in between asks for the same.
  let stayedMemo: { from: CensusPoint; to: CensusPoint; stayed: number[] | null } | undefined;
  function stayedOf(n: Network): number[] | null {
    const window = growthCensuses(n).censuses.window();
    if (!window) return null;
    if (stayedMemo?.from !== window.from || stayedMemo.to !== window.to)
      stayedMemo = { ...window, stayed: stayedBetween(window) };
    return stayedMemo.stayed;
  }

  function windowOf(n: Network, live: boolean): GrowthWindow {
    const { censuses } = growthCensuses(n);
    const window = censuses.window();
    return {
      live,
      from: window ? new Date(window.from.at).toISOString() : null,
      to: new Date(censuses.latest().at).toISOString(),
    };
  }

  function summary(
    engine: AudienceEngine,
    c: CommunityFacts,
    n: Network,
    stayed: readonly number[] | null,
  ): CommunitySummary {
    const { basis } = n.communities;
    const { censuses, match } = growthCensuses(n);
    const window = censuses.window();
    // Under the predecessor's partition, the community this one is the same as there (or none).
    const counted = match ? match(c.id) : c.id;
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
      growth: window && counted !== null ? growthOf(counted, window, engine.scale, stayed) : null,
      searches: termsOf(c).reduce((sum, term) => sum + searches.count(term), 0),
      targeting_package: targetingPackageSchema.parse({
        handles: c.topAccounts.slice(0, PACKAGE_HANDLES).map((a) => ({ handle: a.handle })),
      }),
    };
  }

  return {
    async list(query: { sort: 'trending' | 'most_searched'; limit: number }) {
      const engine = holder.get();
      const { network, live } = await measured(engine);
      const stayed = stayedOf(network);
      let all = network.communities.communities.map((c) => summary(engine, c, network, stayed));
      if (query.sort === 'trending') {
        // Trending means growing: only communities whose membership grew beyond what the sample
        // can tell from no change (a gain's estimate), most members gained first.
        all = all.filter((c) => c.growth?.estimate);
        all.sort((a, b) => b.growth!.change - a.growth!.change || b.size - a.size);
      } else all.sort((a, b) => b.searches - a.searches || b.size - a.size);
      return { results: all.slice(0, query.limit), growth_window: windowOf(network, live) };
    },

    /** One community and three panels of its (sampled) members, on an engine worker thread. */
    async get(id: string) {
      const engine = holder.get();
      const work = holder.work();
      const { network } = await measured(engine);
      const found = network.communities.communities.find((c) => communityId(c) === id);
      if (!found) throw new NotFound();
      const { demographics, interests, influentialAccounts } = await work.run('panels', {
        audience: { members: found.members },
        names: ['demographics', 'interests', 'influentialAccounts'],
      });
      return {
        community: summary(engine, found, network, stayedOf(network)),
        insights: {
          demographics: demographics!,
          interests: interests!,
          influentialAccounts: influentialAccounts!,
        },
      };
    },
  };
}
