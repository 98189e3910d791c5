// One shard's side of a lookalike (scale-out): what it counts over the seed members and candidates
// it owns, in forms that add up over the shards (feature counts) or merge by a key one engine ranks
// by (rank keys: score and account number). The coordinator's side is merge-lookalike.ts. Features
// travel as `t ≥ 0` (the shard's own term id) or `-1 - n` (follows account n): account numbers are
// the same on every shard, term ids are not (the coordinator maps them through MergedDictionary).
// A live shard's side is the same class over one pinned version (live-shard.ts `liveShardVersion`,
// docs/LIVE.md "Lookalikes on live shards"): what it counts is narrowed to the accounts it owns.
import type { AccountSummary } from '@murmur/core/insights';
import { countBits, newBits, setAll } from '../bits/bitset';
import { EMPTY_POSTING, type Posting } from '../bits/posting';
import { accountSummary } from '../insights/account-summary';
import type { AudienceIndex } from '../postings/audience-index';
import { LiveVersionBehindError, type LiveShardParts } from '../shard/insights-protocol';
import { shardOf, type ShardSpec } from '../shard/shard-index';
import { countFeatures, featureSpace, featureVisitor, type FeatureSpace } from './features';
import { universeOf } from './lookalike';
import { countWithin } from './model';
import { addPosting, rankKeys } from './rank';
import { jointCount } from './reasons';

/** Round trip 0: the seed's members (global account numbers), for their sample keys. */
export interface LookalikeKeysRequest {
  all: number[];
}

/** Round trip 1: the seed (its fitted part and all of it: global account numbers) and the country. */
export interface LookalikeCountRequest {
  fit: number[];
  all: number[];
  country?: string | undefined;
}

/** Per feature met in the shard's seed members: its wire id, fit-seed and whole-seed counts. */
export interface LookalikeCountPart {
  population: number;
  inPopulation: number;
  heldOutInPopulation: number;
  features: [ids: number[], fit: number[], all: number[]];
}

/** Round trip 1b: the shard's population carrying each feature the seed has enough of. */
export interface LookalikePopulationRequest {
  country?: string | undefined;
  features: number[];
}

/** Round trip 2: rankings of the shard's candidates by weighted features, best `limit` of each. */
export interface LookalikeRankRequest extends LookalikeCountRequest {
  limit: number;
  rankings: { exclude: 'fit' | 'all'; features: number[]; weights: number[] }[];
}

/** Round trip 3: accounts described, sampled accounts' scores and the model features they carry. */
export interface LookalikeDescribeRequest {
  country?: string | undefined;
  /** Accounts of this shard to describe (samples, followed accounts of reasons). */
  accounts: number[];
  /** Sampled accounts of this shard. */
  samples: number[];
  features: number[];
  weights: number[];
}

export interface LookalikeDescribed {
  accounts: AccountSummary[];
  /** Per sample: its score (float32, summed in the features' order) and the features it carries. */
  samples: { score: number; carried: number[] }[];
}

/** Round trip 4: seed and population members following both accounts of each pair. */
export interface LookalikeJointRequest {
  all: number[];
  country?: string | undefined;
  pairs: [number, number][];
}

export class ShardLookalike {
  private readonly space: FeatureSpace;

  /**
   * `index`: a static shard's, or a live shard's pinned version narrowed to the accounts it owns
   * (its `present`), with `live` saying which it owns and holding the whole version.
   */
  constructor(
    private readonly index: AudienceIndex,
    private readonly spec: ShardSpec,
    private readonly live?: LiveShardParts,
  ) {
    this.space = featureSpace(index);
  }

  /**
   * The seed members this shard counts: those it owns (a static shard: `shardOf`; a live shard: by
   * ShardOwnership, an account born live by its X id). A number its version does not hold counts
   * nowhere, as in a single engine that does not hold it.
   */
  private owned(numbers: readonly number[]): Uint32Array {
    const { shard, shards } = this.spec;
    const { live } = this;
    const size = this.index.size;
    return Uint32Array.from(
      numbers.filter((n) => n < size && (live ? live.owns(n) : shardOf(n, shards) === shard)),
    );
  }

  /**
   * The accounts the coordinator asks this shard to describe (it routes them by `shardOf`): a live
   * shard holds an account born live whole whoever owns it, but not one born after its version.
   * @throws LiveVersionBehindError for such an account (another shard, further along, named it).
   */
  private routed(numbers: readonly number[]): Uint32Array {
    const { shard, shards } = this.spec;
    const mine = numbers.filter((n) => shardOf(n, shards) === shard);
    const { live } = this;
    const behind = live ? mine.find((n) => live.bornLive(n) && !live.whole.accounts.slot[n]) : undefined;
    if (behind !== undefined) throw new LiveVersionBehindError(behind);
    return Uint32Array.from(mine.filter((n) => n < this.index.size));
  }

  private bitsOf(numbers: readonly number[]): Uint32Array {
    return this.bitsOfAll(this.owned(numbers));
  }

  private bitsOfAll(numbers: Uint32Array): Uint32Array {
    const bits = newBits(this.index.size);
    setAll(bits, numbers, this.index.size);
    return bits;
  }

  private wire(f: number): number {
    return f >= this.space.terms ? -1 - (f - this.space.terms) : f;
  }

  private local(wire: number): number {
    return wire >= 0 ? wire : this.space.terms + (-1 - wire);
  }

  private posting(wire: number): Posting {
    if (wire >= 0) return this.index.postings.get(wire);
    // A live shard behind another may not hold the followed account yet: nobody it owns follows it.
    return -1 - wire < this.index.size ? this.index.followers.get(-1 - wire) : EMPTY_POSTING;
  }

  /**
   * The sample keys (AccountColumns.sampleKey: a hash of the X id) of the seed members this shard
   * owns, as [numbers, keys]: what the coordinator splits the seed by (holdout.ts), as one engine does.
   */
  keys(request: LookalikeKeysRequest): [number[], number[]] {
    const owned = this.owned(request.all);
    const keys = this.index.accounts.sampleKey;
    return [Array.from(owned), Array.from(owned, (n) => keys[n]!)];
  }

  count(request: LookalikeCountRequest): LookalikeCountPart {
    const { index, space } = this;
    const universe = universeOf(index, request.country);
    const withCountry = !universe.restricted;
    const fit = countFeatures(index, space, this.owned(request.fit), withCountry);
    const all = countFeatures(index, space, this.owned(request.all), withCountry);
    const out: LookalikeCountPart['features'] = [[], [], []];
    for (let f = 0; f < all.length; f++) {
      if (all[f] === 0) continue;
      const id = this.wire(f);
      out[0].push(id);
      out[1].push(fit[f]!);
      out[2].push(all[f]!);
    }
    const inUniverse = (list: Uint32Array) =>
      list.reduce((k, n) => k + ((universe.bits[n >>> 5]! >>> (n & 31)) & 1), 0);
    const fitSet = new Set(request.fit);
    return {
      population: countBits(universe.bits),
      inPopulation: inUniverse(this.owned(request.all)),
      heldOutInPopulation: inUniverse(this.owned(request.all.filter((n) => !fitSet.has(n)))),
      features: out,
    };
  }

  population(request: LookalikePopulationRequest): number[] {
    const universe = universeOf(this.index, request.country);
    // A live shard's postings also hold accounts it does not own (every one born live, other shards'
    // follows of its own): counted within its narrowed population, as its insights count them.
    const within = universe.restricted || this.live ? universe.bits : undefined;
    return request.features.map((f) => countWithin(this.posting(f), within));
  }

  private scores(features: readonly number[], weights: readonly number[], universe: Uint32Array) {
    const scores = new Float32Array(this.index.size);
    features.forEach((f, i) => addPosting(scores, this.posting(f), universe, weights[i]!));
    return scores;
  }

  rank(request: LookalikeRankRequest): number[][] {
    const universe = universeOf(this.index, request.country).bits;
    const excluded = { fit: this.bitsOf(request.fit), all: this.bitsOf(request.all) };
    return request.rankings.map((r) =>
      Array.from(
        rankKeys(this.scores(r.features, r.weights, universe), universe, excluded[r.exclude], request.limit),
      ),
    );
  }

  describe(request: LookalikeDescribeRequest): LookalikeDescribed {
    const { index, space } = this;
    const universe = universeOf(index, request.country);
    const position = new Map(request.features.map((f, i) => [this.local(f), i]));
    const visitor = featureVisitor(index, space, !universe.restricted);
    const samples = this.routed(request.samples);
    // Scored over the samples alone (the same sums, in the same order, as over the population they
    // were ranked from): a live shard describes an account born live that another shard owns.
    const scores = this.scores(request.features, request.weights, this.bitsOfAll(samples));
    return {
      accounts: Array.from(this.routed(request.accounts), (n) => accountSummary(index, n)),
      samples: Array.from(samples, (n) => {
        const carried = new Set<number>();
        visitor(n, (f) => {
          const at = position.get(f);
          if (at !== undefined) carried.add(at);
        });
        return { score: scores[n]!, carried: [...carried] };
      }),
    };
  }

  joint(request: LookalikeJointRequest): [inSeed: number[], inPopulation: number[]] {
    const seed = this.bitsOf(request.all);
    const universe = universeOf(this.index, request.country).bits;
    const inSeed: number[] = [];
    const inPopulation: number[] = [];
    for (const [a, b] of request.pairs) {
      const pa = this.posting(-1 - a);
      const pb = this.posting(-1 - b);
      inSeed.push(jointCount(pa, pb, seed));
      inPopulation.push(jointCount(pa, pb, universe));
    }
    return [inSeed, inPopulation];
  }
}
