import type { Basis } from '@murmur/core/insights';
import { AccountSet } from '../bits/account-set';
import type { Audience } from '../evaluate/evaluate';
import type { AudienceIndex } from '../postings/audience-index';
import { Scratch } from '../util/scratch';
import type { Steps } from '../util/steps';
import { networkBaseline, type InsightBaseline } from './reference';
import { MIN_SUPPORT } from './share';

export interface InsightsOptions {
  /**
   * Members analysed by the panels that read per-member term rows (interests, topics, words in
   * bio, topic analysis). Larger audiences are sampled uniformly; at 50 000 the standard error of
   * any share is under 0.23 percentage points. Columns (demographics, locations, devices,
   * operators, jobs) are always counted over every member. Default 50 000.
   */
  sampleSize?: number;
  /**
   * Members whose follows and likes are read (influential accounts, communities, most liked and
   * reposted). These rows are long (dozens of follows each), so they get their own, smaller
   * uniform sample: at 25 000 the standard error of a 5 % share is 0.14 percentage points, far
   * below what separates the accounts those panels rank. Default 25 000.
   */
  graphSampleSize?: number;
  /**
   * Most members Louvain runs on (the most followed inside the audience). Default 10 000: on a
   * 100k-account network's 59k-member audience, 10k nodes reach modularity 0.50 against 0.53 with
   * 20k nodes, at about half the time (the backbone's edges grow faster than its nodes).
   */
  communityNodes?: number;
  /** Items per ranked panel. Default 20. */
  top?: number;
  /**
   * Seed of the sampling hash (of each account's X id, AccountColumns.sampleKey); the default keeps
   * the same accounts sampled in every audience.
   */
  seed?: number;
  /** Fewest members a listed item is counted for (MIN_SUPPORT; see Basis.minSupport). Default 5. */
  minSupport?: number;
  /**
   * With a share above 0: the influential panel also lists every account followed by at least this
   * share of the members whose follows are read (`InfluentialPanel.followed`; the history's
   * newcomer test). Default 0: not listed.
   */
  followedShare?: number;
  /**
   * False: the panels leave their "distinctive" rankings empty (a caller that reads only the top
   * lists, as the history's daily digest does, is spared their scoring). Default true.
   */
  distinctive?: boolean;
  /**
   * A key (the history's audience) under which this thread keeps the influential panel's follow
   * tally and the profile term counts (interests, topics, bio words) for the next call with the
   * same key, which then re-reads only the rows of the samples' members who joined them or whose
   * rows changed since, and subtracts those of the members who left (insights/tally-carry.ts; the
   * same counts as from scratch). The follow tally only where the panels read no follows beyond
   * those counts (`somePanels`). Default '': none kept.
   */
  carry?: string;
}

export const INSIGHTS_DEFAULTS: Required<InsightsOptions> = {
  sampleSize: 50_000,
  graphSampleSize: 25_000,
  communityNodes: 10_000,
  top: 20,
  seed: 0,
  minSupport: MIN_SUPPORT,
  followedShare: 0,
  distinctive: true,
  carry: '',
};

/**
 * Uniform samples of about `sizes[k]` members each, chosen by a hash of each member's sample key
 * (`keys`, AccountColumns.sampleKey: a hash of its X id, so any two indexes holding the same
 * accounts sample the same members whatever their numbers; postings/sample-key.ts) and the seed.
 * One pass; a smaller sample is a subset of a larger one. The hash is murmur3's finaliser (mix32)
 * inlined: at millions of members this pass is one of the few that reads every member.
 */
export function samples(
  members: Uint32Array,
  keys: Uint32Array,
  sizes: readonly number[],
  seed: number,
): Uint32Array[] {
  const n = members.length;
  const thresholds = Float64Array.from(sizes, (size) =>
    n <= size ? 2 ** 32 : Math.floor((size / n) * 2 ** 32),
  );
  const out = sizes.map((size) => new Uint32Array(Math.min(n, Math.ceil(size * 1.1) + 64)));
  const filled = new Uint32Array(sizes.length);
  // Above every threshold nothing is taken: one comparison rejects most members.
  let widest = 0;
  for (let k = 0; k < sizes.length; k++)
    if (thresholds[k]! < 2 ** 32) widest = Math.max(widest, thresholds[k]!);
  if (widest > 0) {
    for (let i = 0; i < n; i++) {
      const m = members[i]!;
      let h = (keys[m]! ^ seed) >>> 0;
      h ^= h >>> 16;
      h = Math.imul(h, 0x85ebca6b);
      h ^= h >>> 13;
      h = Math.imul(h, 0xc2b2ae35);
      h = (h ^ (h >>> 16)) >>> 0;
      if (h >= widest) continue;
      for (let k = 0; k < sizes.length; k++) {
        if (h >= thresholds[k]! || filled[k] === out[k]!.length) continue;
        out[k]![filled[k]!++] = m;
      }
    }
  }
  return out.map((o, k) => (thresholds[k] === 2 ** 32 ? members : o.subarray(0, filled[k])));
}

/**
 * What every panel of one audience shares: its members, the analysed sample and counts computed
 * once (memoised by name), so computeInsights pays for each pass over the audience only once.
 */
export class InsightContext {
  readonly set: AccountSet;
  readonly members: Uint32Array;
  readonly analysed: Uint32Array;
  /** The smaller sample whose follows and likes are read (see graphSampleSize). */
  readonly graphSample: Uint32Array;
  readonly options: Required<InsightsOptions>;
  /** What shares and affinities are measured against (the whole network by default). */
  readonly baseline: InsightBaseline;
  private readonly memos = new Map<string, unknown>();
  /**
   * False: no panel of this context reads the graph sample's follows beyond their counts
   * (`somePanels`), so the influential panel counts them without copying them (counts.ts
   * `followCounts`).
   */
  keepsFollows = true;

  /**
   * @param scratch Where the panels' short-lived arrays are carved (util/scratch.ts): insightSteps
   *   passes one kept between reports and releases it after; by default an empty one, whose arrays
   *   are all allocated afresh (for contexts nobody releases).
   */
  constructor(
    readonly index: AudienceIndex,
    audience: Audience | AccountSet,
    options: InsightsOptions = {},
    baseline?: InsightBaseline,
    readonly scratch: Scratch = new Scratch(),
  ) {
    this.baseline = baseline ?? networkBaseline(index);
    this.set = audience instanceof AccountSet ? audience : audience.accounts;
    this.options = { ...INSIGHTS_DEFAULTS, ...options };
    this.members = this.set.toArray();
    const { sampleSize, graphSampleSize, seed } = this.options;
    const keys = index.accounts.sampleKey;
    [this.analysed, this.graphSample] = samples(this.members, keys, [sampleSize, graphSampleSize], seed) as [
      Uint32Array,
      Uint32Array,
    ];
  }

  get allMembers(): Basis {
    const { minSupport } = this.options;
    return { members: this.members.length, analysed: this.members.length, sampled: false, minSupport };
  }

  get sampleBasis(): Basis {
    const sampled = this.analysed.length < this.members.length;
    const { minSupport } = this.options;
    return { members: this.members.length, analysed: this.analysed.length, sampled, minSupport };
  }

  get graphBasis(): Basis {
    const sampled = this.graphSample.length < this.members.length;
    const { minSupport } = this.options;
    return { members: this.members.length, analysed: this.graphSample.length, sampled, minSupport };
  }

  /** Scales a count on a sample (the analysed one by default) to the whole audience. */
  scaleUp(count: number, sample: Uint32Array = this.analysed): number {
    return sample.length === 0 ? 0 : Math.round((count * this.members.length) / sample.length);
  }

  /** Whether `key` was computed already. */
  has(key: string): boolean {
    return this.memos.has(key);
  }

  memo<T>(key: string, compute: () => T): T {
    if (!this.memos.has(key)) this.memos.set(key, compute());
    return this.memos.get(key) as T;
  }

  /** `memo` of work in steps (util/steps.ts): computed once, in steps, by whoever asks first. */
  *memoSteps<T>(key: string, compute: () => Steps<T>): Steps<T> {
    if (!this.memos.has(key)) this.memos.set(key, yield* compute());
    return this.memos.get(key) as T;
  }
}
