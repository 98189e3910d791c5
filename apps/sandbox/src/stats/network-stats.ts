import { REGIONS } from '@murmur/core/x-catalogue';
import { AccountKind } from '../model/accounts';
import type { Network } from '../network';
import { directedModularity, meanClustering, reciprocityStats, type Reciprocity } from './graph-metrics';
import { countryMix, distance, languageMix, type Share } from './mix';
import { fitPowerLawTail, type PowerLawFit } from './power-law';
import { spamTells } from './spam-tells';
import { postVocabulary, type LanguageVocabulary } from './vocabulary';

export interface NetworkStats {
  accounts: number;
  edges: number;
  meanOutDegree: number;
  /** Share of follows returned (edges); see `reciprocityOf` for pairs and the no-follow-back share. */
  reciprocity: number;
  reciprocityOf: Reciprocity;
  /** Mean local clustering coefficient of non-spam accounts (undirected, sampled). */
  clustering: number;
  inDegreeTail: PowerLawFit;
  outDegreeTail: PowerLawFit;
  maxFollowers: number;
  medianFollowers: number;
  /** Directed modularity of the planted communities (country × primary interest). */
  modularity: number;
  languages: Share[];
  countries: Share[];
  spamShare: number;
  spam: ReturnType<typeof spamTells>;
  posts: number;
  events: number;
  lists: number;
  engagementsPerPost: number;
  /** Share of original posts written between 00:00 and 06:00 local time. */
  nightPosts: number;
  /** Distinct words in each language's posts (sampled). */
  vocabulary: LanguageVocabulary[];
}

function nightShare(net: Network): number {
  const { posts, accounts } = net;
  let night = 0;
  let total = 0;
  for (let p = 0; p < posts.length; p++) {
    if (posts.replyTo.get(p) >= 0) continue;
    const author = posts.author.get(p);
    if (accounts.kind[author] === AccountKind.spam) continue;
    const local = posts.time.get(p) + REGIONS[accounts.region[author]!]!.utcOffset * 60;
    if (((local % 86400) + 86400) % 86400 < 6 * 3600) night++;
    total++;
  }
  return night / Math.max(1, total);
}

export function networkStats(net: Network): NetworkStats {
  const { following, followers } = net.graph.snapshot();
  const n = net.accounts.count;
  const inDegree = net.graph.inDegree;
  const sorted = Int32Array.from(inDegree).sort();
  let spam = 0;
  for (let i = 0; i < n; i++) if (net.accounts.kind[i] === AccountKind.spam) spam++;
  const { likes, reposts, replies } = net.posts;
  let engagements = 0;
  for (const column of [likes, reposts, replies]) for (const c of column.view()) engagements += c;
  const mutual = reciprocityStats(following, followers);
  return {
    accounts: n,
    edges: following.values.length,
    meanOutDegree: following.values.length / n,
    reciprocity: mutual.edges,
    reciprocityOf: mutual,
    clustering: meanClustering(following, followers, (u) => net.accounts.kind[u] !== AccountKind.spam),
    inDegreeTail: fitPowerLawTail(inDegree),
    outDegreeTail: fitPowerLawTail(net.graph.outDegree),
    maxFollowers: sorted[n - 1] ?? 0,
    medianFollowers: sorted[n >> 1] ?? 0,
    modularity: directedModularity(following, net.accounts.community, net.communities),
    languages: languageMix(net.accounts),
    countries: countryMix(net.accounts),
    spamShare: spam / n,
    spam: spamTells(net),
    posts: net.posts.length,
    events: net.events.length,
    lists: net.lists.count,
    engagementsPerPost: engagements / Math.max(1, net.posts.length),
    nightPosts: nightShare(net),
    vocabulary: postVocabulary(net),
  };
}

export { distance };
