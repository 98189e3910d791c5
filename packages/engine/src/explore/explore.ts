import type { AudienceInsights } from '@murmur/core/insights';
import { AccountSet } from '../bits/account-set';
import type { Audience } from '../evaluate/evaluate';
import type { AudienceIndex } from '../postings/audience-index';
import type { InsightsOptions } from '../insights/context';
import { catalogueEntries, type CatalogueEntry, type ExploreCatalogueKind } from './catalogue-sizes';
import { networkCommunities, type NetworkCommunities } from './network-communities';
import {
  communityCensus,
  presentCore,
  type CommunityCensus,
  type CommunityPartition,
} from '../insights/communities/census';
import { somePanels, type PanelName } from './panels';
import {
  accountActivity,
  topicPosts,
  type AccountActivity,
  type TopicPost,
  type TopicPostsOptions,
} from './posts';
import { accountProfile, mostFollowed, type AccountProfile } from './profiles';
import { relatedTerms, type RelatedTerm } from './related-terms';
import { textMatches } from './text-match';

/**
 * Read-only lookups behind the catalogue and explore routes (the audience builder's tools). Part of
 * AudienceEngine as `engine.explore`, so the server still depends on the interface only.
 */
export interface ExploreLookups {
  /** Every indexed account, as one set (the whole network's "audience"). */
  everyone(): AccountSet;
  /** A catalogue's entries with their account counts (cached). */
  catalogue(kind: ExploreCatalogueKind): readonly CatalogueEntry[];
  profiles(accounts: ArrayLike<number>): AccountProfile[];
  /** The X ids of accounts ('' for an account without one), without the rest of their summaries. */
  accountIds(accounts: ArrayLike<number>): string[];
  /**
   * The places in `accounts` of those without an account record now (removed since, or never
   * indexed): where `accountIds` reads ''  for want of a record, without reading any id.
   */
  withoutRecord(accounts: ArrayLike<number>): number[];
  /** The members with the most followers, most first. */
  mostFollowed(audience: Audience | AccountSet, limit: number): number[];
  /** Accounts whose bio, or whose posts, contain all the words of one of `texts`. */
  textMatches(texts: readonly string[], where: 'bio' | 'posts'): AccountSet;
  panels<K extends PanelName>(
    audience: Audience | AccountSet,
    names: readonly K[],
    options?: InsightsOptions,
  ): Pick<AudienceInsights, K>;
  relatedTerms(matching: AccountSet, exclude: readonly string[], limit: number): RelatedTerm[];
  /** Louvain communities of the whole network with weekly post counts (computed once, cached). */
  communities(): NetworkCommunities;
  /**
   * Members of each community of a partition found earlier, among every account of this version;
   * `presentCore`: the core accounts present anywhere (a shard's index holds only its own).
   */
  communityCensus(partition: CommunityPartition, presentCore?: ArrayLike<number>): CommunityCensus;
  /** The accounts of `core` present in this version (a shard's part of presentCore). */
  presentCore(core: ArrayLike<number>): number[];
  topicPosts(keywords: readonly string[], authors: AccountSet, options: TopicPostsOptions): TopicPost[];
  accountActivity(account: number): AccountActivity;
}

export function exploreLookups(index: AudienceIndex): ExploreLookups {
  const catalogues = new Map<ExploreCatalogueKind, readonly CatalogueEntry[]>();
  let everyone: AccountSet | undefined;
  let communities: NetworkCommunities | undefined;
  const all = () => (everyone ??= new AccountSet(index.size, index.present));
  const setOf = (audience: Audience | AccountSet) =>
    audience instanceof AccountSet ? audience : audience.accounts;
  return {
    everyone: all,
    catalogue(kind) {
      let entries = catalogues.get(kind);
      if (!entries) {
        entries = catalogueEntries(index, kind);
        catalogues.set(kind, entries);
      }
      return entries;
    },
    profiles: (accounts) => Array.from(accounts, (n) => accountProfile(index, n)),
    accountIds(accounts) {
      const { slot, ids } = index.accounts;
      const out = new Array<string>(accounts.length);
      for (let i = 0; i < accounts.length; i++) {
        const s = slot[accounts[i]!] ?? 0;
        out[i] = s ? ids.get(s - 1) : '';
      }
      return out;
    },
    withoutRecord(accounts) {
      const { slot } = index.accounts;
      const out: number[] = [];
      for (let i = 0; i < accounts.length; i++) if (!slot[accounts[i]!]) out.push(i);
      return out;
    },
    mostFollowed: (audience, limit) => mostFollowed(index, setOf(audience).toArray(), limit),
    textMatches: (texts, where) => textMatches(index, texts, where),
    panels: (audience, names, options) => somePanels(index, audience, names, options),
    relatedTerms: (matching, exclude, limit) => relatedTerms(index, matching, exclude, limit),
    communities: () => (communities ??= networkCommunities(index, all())),
    communityCensus: (partition, present) => communityCensus(index, partition, present),
    presentCore: (core) => presentCore(index, core),
    topicPosts: (keywords, authors, options) => topicPosts(index, keywords, authors, options),
    accountActivity: (account) => accountActivity(index, account),
  };
}

export type {
  AccountActivity,
  AccountProfile,
  CatalogueEntry,
  CommunityCensus,
  CommunityPartition,
  ExploreCatalogueKind,
  NetworkCommunities,
  PanelName,
  RelatedTerm,
  TopicPost,
  TopicPostsOptions,
};
export type { NetworkCommunity, WeeklyPosts } from './network-communities';
