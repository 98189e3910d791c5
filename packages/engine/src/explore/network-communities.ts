import type { Basis, Community } from '@murmur/core/insights';
import { AccountSet } from '../bits/account-set';
import type { AudienceIndex } from '../postings/audience-index';
import { assignCommunities } from '../insights/communities/assign';
import {
  communityCensus,
  communityPartition,
  type CommunityCensus,
  type CommunityPartition,
} from '../insights/communities/census';
import { communities, communityPositions } from '../insights/communities/communities';
import { InsightContext } from '../insights/context';

const WEEK_MS = 7 * 24 * 3600 * 1000;

/** Posts in the latest simulated week and in the one before. */
export interface WeeklyPosts {
  latest: number;
  previous: number;
}

export interface NetworkCommunity extends Community {
  /** The community's members among the sampled accounts (see basis). */
  members: AccountSet;
  /** Posts of those members in each week (posts whose time the index keeps). */
  posts: WeeklyPosts;
}

export interface NetworkCommunities {
  basis: Basis;
  modularity: number;
  /** End of the latest week: the export's `now`, else the newest kept post. */
  now: string;
  /** Posts of all sampled accounts in each week, the denominator of a community's share. */
  posts: WeeklyPosts;
  communities: NetworkCommunity[];
  /** The partition found, to count membership again on later versions (census.ts). */
  partition: CommunityPartition;
  /** Members of each community (by position) among every indexed account of this version. */
  census: CommunityCensus;
}

function newestPost(index: AudienceIndex): number {
  let newest = Number.NEGATIVE_INFINITY;
  for (let k = 0; k < index.posts.kept.length; k++) {
    const at = Date.parse(index.posts.at.get(k));
    if (at > newest) newest = at;
  }
  return newest;
}

/**
 * The communities of the whole network: the insights communities panel over every account (Louvain
 * on the most followed core, the graph sample assigned to it), with each community's sampled
 * members and its posts per week, from which the server derives trending growth.
 */
export function networkCommunities(index: AudienceIndex, everyone: AccountSet): NetworkCommunities {
  const ctx = new InsightContext(index, everyone);
  const panel = communities(ctx);
  const position = communityPositions(ctx);
  const label = assignCommunities(ctx);
  const communityOf = new Int32Array(index.size).fill(-1);
  const groups: number[][] = panel.communities.map(() => []);
  ctx.graphSample.forEach((m, i) => {
    const c = label[i]! >= 0 ? position[label[i]!]! : -1;
    communityOf[m] = c >= 0 ? c : -2; // -2: sampled, in no listed community
    if (c >= 0) groups[c]!.push(m);
  });
  const headerNow = index.header.now ? Date.parse(index.header.now) : Number.NaN;
  const now = Number.isFinite(headerNow) ? headerNow : newestPost(index);
  const total: WeeklyPosts = { latest: 0, previous: 0 };
  const weekly = panel.communities.map((): WeeklyPosts => ({ latest: 0, previous: 0 }));
  for (let k = 0; k < index.posts.kept.length; k++) {
    const c = communityOf[index.posts.author[index.posts.kept[k]!]!]!;
    if (c === -1) continue;
    const age = now - Date.parse(index.posts.at.get(k));
    const week =
      age >= 0 && age < WEEK_MS ? 'latest' : age >= WEEK_MS && age < 2 * WEEK_MS ? 'previous' : null;
    if (!week) continue;
    total[week]++;
    if (c >= 0) weekly[c]![week]++;
  }
  const partition = communityPartition(ctx);
  return {
    partition,
    census: communityCensus(index, partition),
    basis: panel.basis,
    modularity: panel.modularity,
    now: Number.isFinite(now) ? new Date(now).toISOString() : '',
    posts: total,
    communities: panel.communities.map((community, c) => ({
      ...community,
      members: AccountSet.fromNumbers(index.size, groups[c]!),
      posts: weekly[c]!,
    })),
  };
}
