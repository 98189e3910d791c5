// What one shard contributes to an audience's insights (scale-out): partial aggregates over the
// accounts it owns, in forms that add up (counts per term, sums, sample values) or that merge by a
// key the single engine ranks by (posts and their authors live on one shard). The coordinator's
// side is merge-insights.ts; the round trips are described there.
import type { AccountSummary, PostSummary, SampleAccount } from '@murmur/core/insights';
import { mix32 } from '@murmur/core/hash';
import type { AccountSet } from '../bits/account-set';
import { countAnd, hasBit } from '../bits/bitset';
import type { AudienceQuery } from '../async/async-engine';
import { evaluate } from '../evaluate/evaluate';
import { AccountFlag, type AudienceIndex } from '../postings/audience-index';
import type { Csr } from '../postings/csr';
import type { Posting } from '../bits/posting';
import type { TermTable } from '../postings/term-table';
import { CATEGORICAL_FIELDS, FIELDS } from '../postings/fields';
import { accountBio, accountSummary } from '../insights/account-summary';
import { selectCore } from '../insights/communities/select-core';
import type { InsightsOptions } from '../insights/context';
import { termLabel } from '../insights/labels';
import { CANDIDATES_PER_POST } from '../insights/content-wall';
import { postSummary } from '../insights/post-summary';
import { topK, topValues } from '../util/top-k';

export type ResolvedInsightsOptions = Required<InsightsOptions>;

/** Sparse counts: term ids (or account numbers) and their counts, in the same order. */
export type Sparse = [ids: number[], counts: number[]];

/** The shard's term dictionary, once per coordinator (local term ids). */
export interface ShardDictionary {
  population: number;
  /** Field number (postings/fields.ts FIELDS) per term. */
  fields: number[];
  values: string[];
  labels: string[];
  /** Accounts of the shard holding the term. */
  populations: number[];
  /** Where the term was first seen in the export (BuiltShard.termOrder). */
  order: number[];
}

/** Every round trip names the audience and its total member count (the samples' thresholds). */
export interface InsightsRequest {
  audience: AudienceQuery;
  /** Members of the audience over all shards. */
  members: number;
  options: ResolvedInsightsOptions;
}

/** Round trip 2: counts over the shard's members and samples, and the shard's candidates. */
export interface InsightsPartial {
  members: number;
  analysed: number;
  /** The shard's part of the graph sample (ascending account numbers). */
  graph: number[];
  categorical: Sparse;
  profile: Sparse;
  posts: Sparse;
  verified: number;
  postCount: number;
  /** Followers of each analysed member (the summary's median). */
  followers: number[];
  withTitle: number;
  /** Per job title (local term): the lowest member with it and a job category, and that category. */
  jobs: [titles: number[], firstMember: number[], category: number[]];
  /** The shard's members' most engaged posts, most engaged first (the content wall's candidates). */
  contentWall: PostSummary[];
  /** The accounts the shard's part of the graph sample follows most: [account, count]. */
  follows: Sparse;
  /** The shard's members proposed for the community core (most followed by its graph sample). */
  core: number[];
}

export interface EngagedPart {
  posts: (PostSummary & { byAudience: number })[];
  /** `first`: the lowest engaged post of the account (the single engine's tie order). */
  accounts: (AccountSummary & { byAudience: number; first: number })[];
}

/** Round trip 3 (the whole graph sample known): engagement, follow candidates, core edges, samples. */
export interface InsightsGraphRequest extends InsightsRequest {
  graph: number[];
  /** Accounts followed by at least this many of the shard's graph sample are candidates. */
  followThreshold: number;
  /** The community core over all shards (ascending). */
  core: number[];
  sampleAccounts: number;
}
export interface InsightsGraph {
  likes: EngagedPart;
  reposts: EngagedPart;
  follows: Sparse;
  /** Per core member of this shard (in `core` order): the core members it follows, in follow order. */
  edges: [node: number, followees: number[]][];
  sampleAccounts: SampleAccount[];
}

/** Round trip 4: exact counts of the candidates, and community sizes. */
export interface InsightsResolveRequest extends InsightsRequest {
  candidates: number[];
  core: number[];
  /** Louvain's community of each core member (by position in `core`). */
  community: number[];
  communities: number;
}
export interface InsightsResolved {
  /** Per candidate: followers in the shard's part of the graph sample, and in the shard. */
  follows: number[];
  followers: number[];
  /** Graph-sample members of this shard per community (assigned as assignCommunities does). */
  sizes: number[];
}

/** Round trip 5: accounts described by their shard, profile counts of chosen communities. */
export interface InsightsDescribeRequest extends InsightsResolveRequest {
  /** Accounts of this shard (shardOf) to describe. */
  accounts: number[];
  chosen: number[];
}
export interface InsightsDescribed {
  accounts: (AccountSummary & { inAudience: boolean })[];
  /** Per chosen community: profile-term counts of its members on this shard. */
  communities: Sparse[];
}

const SHOWN = CATEGORICAL_FIELDS.filter((f) => f !== 'metro' && f !== 'kind');

/**
 * The place of a term born live (after the export a live shard was built from) in the shards' term
 * order: after every term of the export (whose keys are below 2⁵²), and among themselves by field
 * and value (MergedDictionary), as a live engine's term table lists them (term-table.ts `termsOf`):
 * an order every replica of every shard, and the single engine, agree on whatever order they
 * applied the log's partitions in.
 */
export const BORN_LIVE_ORDER = Number.MAX_SAFE_INTEGER;

/**
 * A shard's term order (BuiltShard.termOrder, kept as `terms.firstSeen`), extended for a live
 * shard's table with BORN_LIVE_ORDER for every term born live; undefined without one.
 */
export function termOrderOf(terms: TermTable): Float64Array | undefined {
  const first = terms.firstSeen;
  if (!first || first.length === terms.size || terms.liveFrom !== first.length) return first;
  const order = new Float64Array(terms.size).fill(BORN_LIVE_ORDER);
  order.set(first);
  return order;
}

const sparse = (counts: ArrayLike<number>, offset = 0): Sparse => {
  const ids: number[] = [];
  const values: number[] = [];
  for (let t = offset; t < counts.length; t++) {
    if (counts[t]! > 0) {
      ids.push(t - offset);
      values.push(counts[t]!);
    }
  }
  return [ids, values];
};

const threshold = (size: number, members: number): number =>
  members <= size ? 2 ** 32 : Math.floor((size / members) * 2 ** 32);

/** InsightContext's hash samples, with the thresholds of the whole audience (`total` members). */
function sampleOf(members: Uint32Array, size: number, total: number, seed: number): Uint32Array {
  const limit = threshold(size, total);
  if (limit === 2 ** 32) return members;
  return members.filter((m) => mix32(m, seed) < limit);
}

function countRows(csr: Csr, members: ArrayLike<number>, size: number): Uint32Array {
  const counts = new Uint32Array(size);
  const { offsets, data } = csr;
  for (let i = 0; i < members.length; i++) {
    const m = members[i]!;
    for (let k = offsets[m]!; k < offsets[m + 1]!; k++) counts[data[k]!]!++;
  }
  return counts;
}

/**
 * What a live shard's insights need beyond its version narrowed to the accounts it owns
 * (live-shard.ts `liveShardInsights`). A live shard applies every event of the log, so beside its own
 * accounts whole it holds every post, like and follow born live, whoever's: its contributions must
 * be narrowed to what it owns, where a static shard holds nothing else.
 */
export interface LiveShardParts {
  /** Whether the shard owns account `n` (ShardOwnership): its posts' engagement and its follows count here. */
  owns: (n: number) => boolean;
  /** Whether account `n` was born live: every live shard holds it whole, so any can say if it is a member. */
  bornLive: (n: number) => boolean;
  /** The version with every record the shard holds, not narrowed to the accounts it owns. */
  whole: AudienceIndex;
}

/**
 * A live shard asked about an account born live that its version does not hold yet: another shard,
 * further along the log, named it. The question is asked again (ShardedEngine), not answered with an
 * empty account.
 */
export class LiveVersionBehindError extends Error {
  override readonly name = 'LiveVersionBehindError';
  constructor(n: number) {
    super(
      `Account ${n} was born live after this replica's version: the shards stand at different log positions.`,
    );
  }
}

/** One audience on one shard, kept for the round trips of one insights question. */
class Session {
  readonly set: AccountSet;
  readonly members: Uint32Array;
  readonly analysed: Uint32Array;
  readonly graph: Uint32Array;
  private followMemo: Uint32Array | undefined;
  private wholeMemo: AccountSet | undefined;
  private labelMemo = new Map<string, Int32Array>();

  constructor(
    readonly index: AudienceIndex,
    private readonly request: InsightsRequest,
    private readonly live?: LiveShardParts,
  ) {
    const { audience, members: total, options } = request;
    this.set = evaluate(index, audience.pkg, { exclusions: audience.exclusions ?? [] }).accounts;
    this.members = this.set.toArray();
    this.analysed = sampleOf(this.members, options.sampleSize, total, options.seed);
    this.graph = sampleOf(this.members, options.graphSampleSize, total, options.seed);
  }

  /**
   * Whether account `n` is a member: of this shard's part, or — an account born live, which the
   * coordinator asks the shard `shardOf(n)` about whoever owns it — of the audience over every
   * record (such an account is whole on every live shard).
   */
  has(n: number): boolean {
    if (this.set.has(n)) return true;
    if (!this.live?.bornLive(n)) return false;
    const { audience } = this.request;
    this.wholeMemo ??= evaluate(this.live.whole, audience.pkg, {
      exclusions: audience.exclusions ?? [],
    }).accounts;
    return this.wholeMemo.has(n);
  }

  /** For every account, how many of this shard's graph sample follow it. */
  get follows(): Uint32Array {
    return (this.followMemo ??= countRows(this.index.following, this.graph, this.index.size));
  }

  /** assignCommunities for this shard's graph sample. */
  labels(core: readonly number[], community: readonly number[], count: number): Int32Array {
    const key = `${core.length}:${core[0]}:${core.at(-1)}:${count}`;
    let label = this.labelMemo.get(key);
    if (label) return label;
    const localOf = new Map<number, number>();
    core.forEach((n, i) => localOf.set(n, i));
    const { offsets, data } = this.index.following;
    const tally = new Uint32Array(count);
    const touched = new Uint32Array(count);
    label = new Int32Array(this.graph.length).fill(-1);
    for (let i = 0; i < this.graph.length; i++) {
      const m = this.graph[i]!;
      const own = localOf.get(m);
      if (own !== undefined) {
        label[i] = community[own]!;
        continue;
      }
      let seen = 0;
      for (let e = offsets[m]!, end = offsets[m + 1]!; e < end; e++) {
        const at = localOf.get(data[e]!);
        if (at === undefined) continue;
        const c = community[at]!;
        if (tally[c] === 0) touched[seen++] = c;
        tally[c]!++;
      }
      let best = -1;
      for (let t = 0; t < seen; t++) {
        const c = touched[t]!;
        if (best < 0 || tally[c]! > tally[best]! || (tally[c] === tally[best] && c < best)) best = c;
      }
      for (let t = 0; t < seen; t++) tally[touched[t]!] = 0;
      label[i] = best;
    }
    this.labelMemo.set(key, label);
    return label;
  }
}

/**
 * A shard's side of sharded insights: answers the five round trips over its index. The audience of
 * the last few questions is kept (a question's round trips usually reach the same replica; another
 * replica evaluates it again).
 */
export class ShardInsights {
  private readonly sessions = new Map<string, Session>();

  private readonly termOrder: Float64Array;

  /**
   * `termOrder`: BuiltShard's, by default the one its term table keeps (also after a snapshot), and
   * for a live shard's version the terms born live after it (`termOrderOf`).
   */
  constructor(
    readonly index: AudienceIndex,
    termOrder: Float64Array | undefined = termOrderOf(index.terms),
    /** A live shard's (`liveShardInsights`); absent for a static shard. */
    private readonly live?: LiveShardParts,
  ) {
    if (!termOrder || termOrder.length !== index.terms.size) {
      throw new Error('A shard serves insights only with the export order of its terms (buildShard).');
    }
    this.termOrder = termOrder;
  }

  private session(request: InsightsRequest): Session {
    const key = JSON.stringify([request.audience, request.members, request.options]);
    let s = this.sessions.get(key);
    if (!s) {
      s = new Session(this.index, request, this.live);
      this.sessions.set(key, s);
      if (this.sessions.size > 4) this.sessions.delete(this.sessions.keys().next().value!);
    }
    return s;
  }

  dictionary(): ShardDictionary {
    const { terms, postings, population } = this.index;
    const out: ShardDictionary = {
      population,
      fields: [],
      values: [],
      labels: [],
      populations: [],
      order: Array.from(this.termOrder),
    };
    for (let t = 0; t < terms.size; t++) {
      out.fields.push(FIELDS.indexOf(terms.field(t)));
      out.values.push(terms.value(t));
      out.labels.push(termLabel(this.index, t));
      out.populations.push(this.live ? this.ownedIn(postings.get(t)) : postings.count(t));
    }
    return out;
  }

  partial(request: InsightsRequest): InsightsPartial {
    const { index } = this;
    const s = this.session(request);
    const { members, analysed } = s;
    const top = request.options.top;
    const categorical = new Uint32Array(index.terms.size + 1);
    for (const field of SHOWN) {
      const column = index.columns[field];
      for (let i = 0; i < members.length; i++) categorical[column[members[i]!]!]!++;
    }
    let verified = 0;
    let postCount = 0;
    let withTitle = 0;
    const firstWithCategory = new Map<number, [number, number]>();
    const { job, jobCategory } = index.columns;
    for (const m of members) {
      if (index.accounts.flags[m]! & AccountFlag.verified) verified++;
      postCount += index.postsByAuthor.offsets[m + 1]! - index.postsByAuthor.offsets[m]!;
      if (job[m] === 0) continue;
      withTitle++;
      if (jobCategory[m] !== 0 && !firstWithCategory.has(job[m]! - 1))
        firstWithCategory.set(job[m]! - 1, [m, jobCategory[m]! - 1]);
    }
    const wall: PostSummary[] = [];
    const { byEngagement, author } = index.posts;
    // Candidates, as wallCandidates reads them; the coordinator ranks them all with rankWall.
    for (let i = 0; i < byEngagement.length && wall.length < top * CANDIDATES_PER_POST; i++) {
      const p = byEngagement[i]!;
      if (s.set.has(author[p]!)) wall.push(postSummary(index, p));
    }
    const follows = s.follows;
    const best = topValues(follows, top);
    const { communityNodes } = request.options;
    const quota =
      request.members <= communityNodes
        ? members.length
        : Math.round((communityNodes * members.length) / request.members);
    const jobs = [...firstWithCategory.entries()];
    return {
      members: members.length,
      analysed: analysed.length,
      graph: Array.from(s.graph),
      categorical: sparse(categorical, 1),
      profile: sparse(countRows(index.profileTerms, analysed, index.terms.size)),
      posts: sparse(countRows(index.postTerms, analysed, index.terms.size)),
      verified,
      postCount,
      followers: Array.from(analysed, (m) => index.accounts.followers[m]!),
      withTitle,
      jobs: [jobs.map((j) => j[0]), jobs.map((j) => j[1][0]), jobs.map((j) => j[1][1])],
      contentWall: wall,
      follows: [best, best.map((n) => follows[n]!)],
      core: Array.from(selectCore(members, follows, quota)),
    };
  }

  graph(request: InsightsGraphRequest): InsightsGraph {
    const { index } = this;
    const s = this.session(request);
    const follows = s.follows;
    const candidates: number[] = [];
    for (let n = 0; n < follows.length; n++) if (follows[n]! >= request.followThreshold) candidates.push(n);
    const inCore = new Set(request.core);
    const edges: InsightsGraph['edges'] = [];
    const { offsets, data } = index.following;
    for (const n of request.core) {
      if (!s.set.has(n)) continue;
      const followees: number[] = [];
      for (let e = offsets[n]!; e < offsets[n + 1]!; e++) {
        const v = data[e]!;
        if (v !== n && inCore.has(v)) followees.push(v);
      }
      edges.push([n, followees]);
    }
    const limit = request.options.top;
    const graph = Uint32Array.from(request.graph);
    const owns = this.live?.owns;
    return {
      likes: engaged(index, index.likesByActor, graph, limit, owns),
      reposts: engaged(index, index.repostsByActor, graph, limit, owns),
      follows: [candidates, candidates.map((n) => follows[n]!)],
      edges,
      sampleAccounts: sampleAccounts(index, s.members, request.sampleAccounts, request.options.seed),
    };
  }

  resolve(request: InsightsResolveRequest): InsightsResolved {
    const s = this.session(request);
    const follows = s.follows;
    const label = s.labels(request.core, request.community, request.communities);
    const sizes = new Array<number>(request.communities).fill(0);
    for (const c of label) if (c >= 0) sizes[c]!++;
    return {
      follows: request.candidates.map((n) => follows[n] ?? 0),
      followers: request.candidates.map((n) => this.followersOf(n)),
      sizes,
    };
  }

  /**
   * Followers of `n` among the shard's accounts: a static shard holds only its own accounts' follows;
   * a live shard also every follow born live, so those of the accounts it owns are counted (its
   * narrowed population).
   */
  private followersOf(n: number): number {
    return this.live ? this.ownedIn(this.index.followers.get(n)) : this.index.followers.count(n);
  }

  /** The accounts of a posting this shard owns (its narrowed population). */
  private ownedIn(p: Posting): number {
    const { present } = this.index;
    if (p.kind === 'bits') return countAnd(p.bits, present);
    let count = 0;
    for (const m of p.list) if (hasBit(present, m)) count++;
    return count;
  }

  describe(request: InsightsDescribeRequest): InsightsDescribed {
    const { index } = this;
    const s = this.session(request);
    const label = s.labels(request.core, request.community, request.communities);
    const { offsets, data } = index.profileTerms;
    const communities = request.chosen.map((c) => {
      const counts = new Uint32Array(index.terms.size);
      for (let i = 0; i < s.graph.length; i++) {
        if (label[i] !== c) continue;
        const m = s.graph[i]!;
        for (let k = offsets[m]!; k < offsets[m + 1]!; k++) counts[data[k]!]!++;
      }
      return sparse(counts);
    });
    // The coordinator asks each shard about its own accounts (shardOf), with or without a record;
    // a live shard behind the one that named an account born live cannot describe it.
    const live = this.live;
    const behind = live
      ? request.accounts.find((n) => live.bornLive(n) && !live.whole.accounts.slot[n])
      : undefined;
    if (behind !== undefined) throw new LiveVersionBehindError(behind);
    return {
      accounts: request.accounts.map((n) => ({ ...accountSummary(index, n), inAudience: s.has(n) })),
      communities,
    };
  }
}

/**
 * engagement.ts's `engaged` over this shard's posts (a live shard: those of the accounts it owns),
 * with the whole graph sample as the actors.
 */
function engaged(
  index: AudienceIndex,
  byActor: Csr,
  graph: Uint32Array,
  limit: number,
  owns?: (n: number) => boolean,
): EngagedPart {
  const { offsets, data } = byActor;
  const { author } = index.posts;
  const counts = new Map<number, number>();
  for (const m of graph) {
    if (m + 1 >= offsets.length) continue;
    for (let e = offsets[m]!; e < offsets[m + 1]!; e++) counts.set(data[e]!, (counts.get(data[e]!) ?? 0) + 1);
  }
  const posts = [...counts.keys()].filter((p) => !owns || owns(author[p]!)).sort((a, b) => a - b);
  const byAuthor = new Map<number, { count: number; first: number }>();
  for (const p of posts) {
    const a = author[p]!;
    const known = byAuthor.get(a);
    if (known) known.count += counts.get(p)!;
    else byAuthor.set(a, { count: counts.get(p)!, first: p });
  }
  const authors = [...byAuthor.keys()];
  return {
    posts: topK(posts, (p) => counts.get(p)!, limit).map((p) => ({
      ...postSummary(index, p),
      byAudience: counts.get(p)!,
    })),
    accounts: topK(authors, (a) => byAuthor.get(a)!.count, limit).map((a) => ({
      ...accountSummary(index, a),
      byAudience: byAuthor.get(a)!.count,
      first: byAuthor.get(a)!.first,
    })),
  };
}

/** sample-accounts.ts's walk over this shard's members, `limit` of them. */
function sampleAccounts(
  index: AudienceIndex,
  members: Uint32Array,
  limit: number,
  seed: number,
): SampleAccount[] {
  const picked = new Set<number>();
  for (let i = 0; picked.size < Math.min(limit, members.length); i++) {
    picked.add(members[mix32(i, seed ^ members.length) % members.length]!);
  }
  const label = (column: Uint32Array, n: number) => (column[n] ? termLabel(index, column[n] - 1) : '');
  return [...picked].map((n) => ({
    ...accountSummary(index, n),
    bio: accountBio(index, n),
    country: label(index.columns.country, n),
    language: label(index.columns.language, n),
  }));
}
