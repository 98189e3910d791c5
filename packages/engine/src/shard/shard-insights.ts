// What one shard contributes to an audience's insights (scale-out): partial aggregates over the
// accounts it owns, in forms that add up (counts per term, sums, sample values) or that merge by a
// key the single engine ranks by (posts and their authors live on one shard). The coordinator's
// side is merge-insights.ts; the round trips are described there.
import type { PostSummary } from '@murmur/core/insights';
import { countAnd, hasBit } from '../bits/bitset';
import { AccountFlag, type AudienceIndex } from '../postings/audience-index';
import type { Posting } from '../bits/posting';
import { CATEGORICAL_FIELDS, FIELDS } from '../postings/fields';
import { accountSummary } from '../insights/account-summary';
import { selectCore } from '../insights/communities/select-core';
import { termLabel } from '../insights/labels';
import { CANDIDATES_PER_POST } from '../insights/content-wall';
import { postSummary } from '../insights/post-summary';
import { topValues } from '../util/top-k';
import type {
  InsightsDescribed,
  InsightsDescribeRequest,
  InsightsGraph,
  InsightsGraphRequest,
  InsightsPartial,
  InsightsRequest,
  InsightsResolved,
  InsightsResolveRequest,
  LiveShardParts,
  ShardDictionary,
  Sparse,
} from './insights-protocol';
import { LiveVersionBehindError } from './insights-protocol';
import { countRows, Session } from './shard-session';
import { engaged, sampleAccounts } from './shard-lists';
import { termOrderOf } from './term-order';

// The messages, the term order and the live shard's error live beside this file; imported from here.
export type * from './insights-protocol';
export { LiveVersionBehindError } from './insights-protocol';
export { BORN_LIVE_ORDER, termOrderOf } from './term-order';

const SHOWN = CATEGORICAL_FIELDS.filter((f) => f !== 'metro' && f !== 'kind');

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
