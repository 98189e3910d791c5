// A lookalike over shards (scale-out), with the single engine's results (lookalike.ts): the same
// hold-out split of the seed, the same features and weights (feature counts summed over the shards,
// features numbered as one engine numbers them: terms in export order, then follows by account),
// the same rankings (each shard's best rank keys merged by one sort) and the same samples with their
// reasons. Round trips: the seed's sample keys (its split), counts, rankings, the samples described,
// then followed accounts described and the "follows @a and @b" counts.
import type { AccountSummary } from '@murmur/core/insights';
import { normaliseCountry } from '@murmur/core/countries';
import type { MergedDictionary, ShardAsker } from '../shard/merge-insights';
import { shardOf } from '../shard/shard-index';
import { KIND_OF_FIELD } from './features';
import { splitSeed } from './holdout';
import {
  LOOKALIKE_MIN_SEED,
  LOOKALIKE_SAMPLES,
  LOOKALIKE_SIZES,
  TOP_FEATURES,
  type Lookalike,
  type LookalikeOptions,
} from './lookalike';
import { minSupportFor, weighFeatures, type WeightedFeature } from './model';
import { numbersOfKeys } from './rank';
import { pickReasons, type LookalikeReason } from './reasons';
import type { LookalikeCountPart, LookalikeDescribed } from './shard-lookalike';

type Weighted = readonly { feature: number; weight: number }[];
type Counts = Map<number, number>;
const add = (m: Counts, f: number, v: number) => m.set(f, (m.get(f) ?? 0) + v);
const byNumber = (m: Counts) => (visit: (f: number, c: number) => void) => {
  for (const f of [...m.keys()].sort((a, b) => a - b)) visit(f, m.get(f)!);
};
const order = (a: WeightedFeature, b: WeightedFeature) =>
  b.weight - a.weight || b.seedCount - a.seedCount || a.feature - b.feature;

interface SampleInfo {
  summary: AccountSummary;
  score: number;
  /** The model's features the account carries, heaviest first (reasons.ts order). */
  found: WeightedFeature[];
}

/**
 * Round trip 0: the members' sample keys from the shards that own them, and the seed split by them
 * as one engine splits it (holdout.ts). A member no shard holds keeps its number as its key, as an
 * account without an X id does.
 */
async function splitOverShards(asker: ShardAsker, members: Uint32Array) {
  const all = Array.from(members);
  const parts = await Promise.all(
    Array.from({ length: asker.shards }, (_, k) =>
      asker.ask<'lookalikeKeys', [number[], number[]]>(k, 'lookalikeKeys', { all }),
    ),
  );
  const keyOf = new Map<number, number>();
  for (const [numbers, keys] of parts) numbers.forEach((n, i) => keyOf.set(n, keys[i]!));
  return splitSeed(members, (n) => keyOf.get(n) ?? n);
}

/** The coordinator of one lookalike: the shards, the seed and how features are named on each shard. */
class Coordinator {
  readonly shards: number[];
  readonly terms: number;
  readonly all: number[];
  readonly fit: Uint32Array;
  readonly heldOut: Uint32Array;
  readonly base: { fit: number[]; all: number[]; country?: string };
  private readonly localOf: Map<number, number>[];

  constructor(
    readonly asker: ShardAsker,
    readonly dictionary: MergedDictionary,
    readonly members: Uint32Array,
    readonly country: string | undefined,
    split: { fit: Uint32Array; heldOut: Uint32Array },
  ) {
    this.shards = Array.from({ length: asker.shards }, (_, k) => k);
    this.terms = dictionary.size;
    this.all = Array.from(members);
    ({ fit: this.fit, heldOut: this.heldOut } = split);
    this.base = { fit: Array.from(this.fit), all: this.all, ...(country !== undefined && { country }) };
    // A global feature as each shard names it: its local term id (absent: the shard lacks the term).
    this.localOf = this.shards.map((k) => {
      const map = new Map<number, number>();
      dictionary.globalOf[k]!.forEach((g, t) => map.set(g, t));
      return map;
    });
  }

  get withCountry() {
    return this.country !== undefined ? { country: this.country } : {};
  }

  wireFor(k: number, f: number): number | undefined {
    return f >= this.terms ? -1 - (f - this.terms) : this.localOf[k]!.get(f);
  }

  /** The features and weights for shard k (features it lacks carry no accounts there: left out). */
  forShard(k: number, features: Weighted) {
    const out = { features: [] as number[], weights: [] as number[] };
    for (const f of features) {
      const wire = this.wireFor(k, f.feature);
      if (wire === undefined) continue;
      out.features.push(wire);
      out.weights.push(f.weight);
    }
    return out;
  }

  /** Round trips 1 and 1b: seed counts per feature (fit part, whole) and populations, summed. */
  async counts() {
    const { asker, dictionary, terms } = this;
    const parts = await Promise.all(
      this.shards.map((k) => asker.ask<'lookalikeCount', LookalikeCountPart>(k, 'lookalikeCount', this.base)),
    );
    const fitCounts: Counts = new Map();
    const allCounts: Counts = new Map();
    parts.forEach((p, k) => {
      const [ids, fitC, allC] = p.features;
      ids.forEach((id, i) => {
        const f = id >= 0 ? dictionary.globalOf[k]![id]! : terms + (-1 - id);
        add(fitCounts, f, fitC[i]!);
        add(allCounts, f, allC[i]!);
      });
    });
    // The population carrying each feature enough of the seed (fitted part or whole) carries.
    const support = Math.min(minSupportFor(this.fit.length), minSupportFor(this.members.length));
    const wanted = [...allCounts.keys()].filter((f) => allCounts.get(f)! >= support).sort((a, b) => a - b);
    const popCounts: Counts = new Map();
    await Promise.all(
      this.shards.map(async (k) => {
        const present = wanted.filter((f) => this.wireFor(k, f) !== undefined);
        const counts = await asker.ask<'lookalikePopulation', number[]>(k, 'lookalikePopulation', {
          ...this.withCountry,
          features: present.map((f) => this.wireFor(k, f)!),
        });
        counts.forEach((c, i) => add(popCounts, present[i]!, c));
      }),
    );
    const sum = (pick: (p: LookalikeCountPart) => number) => parts.reduce((s, p) => s + pick(p), 0);
    return {
      fitCounts,
      allCounts,
      populationOf: (f: number) => popCounts.get(f) ?? 0,
      population: sum((p) => p.population),
      inPopulation: sum((p) => p.inPopulation),
      heldOutInPopulation: sum((p) => p.heldOutInPopulation),
    };
  }

  /** Round trip 2: every ranking's best `limit` over all shards (rank keys merged by one sort). */
  async rank(rankings: { exclude: 'fit' | 'all'; features: Weighted }[], limit: number) {
    const parts = await Promise.all(
      this.shards.map((k) =>
        this.asker.ask<'lookalikeRank', number[][]>(k, 'lookalikeRank', {
          ...this.base,
          limit,
          rankings: rankings.map((r) => ({ exclude: r.exclude, ...this.forShard(k, r.features) })),
        }),
      ),
    );
    return rankings.map((_, r) =>
      numbersOfKeys(
        Float64Array.from(parts.flatMap((p) => p[r]!))
          .sort()
          .subarray(0, limit),
      ),
    );
  }

  /** Accounts described by the shards that own them (`samples` with scores and features carried). */
  private async describe(
    accounts: readonly number[],
    samples: boolean,
    features: readonly WeightedFeature[],
  ) {
    const owner = (n: number) => shardOf(n, this.asker.shards);
    const described = await Promise.all(
      this.shards.map((k) => {
        const mine = accounts.filter((n) => owner(n) === k);
        const wire = samples ? this.forShard(k, features) : { features: [], weights: [] };
        return mine.length === 0
          ? Promise.resolve<LookalikeDescribed>({ accounts: [], samples: [] })
          : this.asker.ask<'lookalikeDescribe', LookalikeDescribed>(k, 'lookalikeDescribe', {
              ...this.withCountry,
              accounts: mine,
              samples: samples ? mine : [],
              ...wire,
            });
      }),
    );
    return { owner, described };
  }

  /** Round trip 3: the sampled accounts, their scores and the model's features they carry. */
  async samples(sampled: readonly number[], features: readonly WeightedFeature[]) {
    const { owner, described } = await this.describe(sampled, true, features);
    const info = new Map<number, SampleInfo>();
    described.forEach((d, k) => {
      const wire = this.forShard(k, features);
      const byWire = new Map(features.map((f) => [this.wireFor(k, f.feature), f]));
      sampled
        .filter((n) => owner(n) === k)
        .forEach((n, i) => {
          const s = d.samples[i]!;
          info.set(n, {
            summary: d.accounts.find((a) => a.account === n)!,
            score: s.score,
            found: s.carried.map((at) => byWire.get(wire.features[at])!).sort(order),
          });
        });
    });
    return info;
  }

  /** Round trip 4: followed accounts described, and seed and population following both of each pair. */
  async followed(named: ReadonlySet<number>, pairs: [number, number][]) {
    const [{ described }, jointParts] = await Promise.all([
      this.describe([...named], false, []),
      pairs.length === 0
        ? Promise.resolve<[number[], number[]][]>([])
        : Promise.all(
            this.shards.map((k) =>
              this.asker.ask<'lookalikeJoint', [number[], number[]]>(k, 'lookalikeJoint', {
                all: this.all,
                ...this.withCountry,
                pairs,
              }),
            ),
          ),
    ]);
    const accounts = new Map<number, AccountSummary>();
    for (const d of described) for (const a of d.accounts) accounts.set(a.account, a);
    const joint = new Map<string, [number, number]>();
    pairs.forEach(([a, b], i) =>
      joint.set(`${a},${b}`, [
        jointParts.reduce((s, p) => s + p[0][i]!, 0),
        jointParts.reduce((s, p) => s + p[1][i]!, 0),
      ]),
    );
    return { accounts, joint };
  }
}

/** reasons.ts over merged counts: one feature's reason, and an account's three. */
function explainer(
  c: Coordinator,
  accounts: ReadonlyMap<number, AccountSummary>,
  joint: ReadonlyMap<string, [number, number]>,
  groups: { seedSize: number; population: number; minSupport: number },
) {
  const { dictionary, terms } = c;
  const reasonOf = (f: WeightedFeature): LookalikeReason => {
    const follows = f.feature >= terms;
    const who = follows ? accounts.get(f.feature - terms)! : undefined;
    return {
      kind: who ? 'follows' : (KIND_OF_FIELD[dictionary.fieldOf[f.feature]!] ?? 'bio_word'),
      value: who ? who.id : dictionary.values[f.feature]!,
      label: who ? `@${who.handle}` : dictionary.labels[f.feature]!,
      also: [],
      seedShare: f.seedShare,
      populationShare: f.populationShare,
      lift: Math.exp(f.weight),
    };
  };
  const followsBoth = (first: WeightedFeature, second: WeightedFeature): LookalikeReason | undefined => {
    const [inSeed, inPop] = joint.get(`${first.feature - terms},${second.feature - terms}`)!;
    const { seedSize, population, minSupport } = groups;
    const seedShare = inSeed / seedSize;
    const populationShare = population > 0 ? inPop / population : 0;
    if (inSeed < minSupport || seedShare <= populationShare) return undefined;
    const other = reasonOf(second);
    return {
      ...reasonOf(first),
      also: [{ value: other.value, label: other.label }],
      seedShare,
      populationShare,
      lift: (inSeed + 1) / (seedSize + 2) / ((inPop + 1) / (population + 2)),
    };
  };
  const reasons = (found: readonly WeightedFeature[]): LookalikeReason[] => {
    const [first, second] = found.filter((f) => f.feature >= terms);
    const both = first && second ? followsBoth(first, second) : undefined;
    return pickReasons(found, first, second, both, reasonOf);
  };
  return { reasonOf, reasons };
}

/** `lookalike` over the shards; the seed is global account numbers (any order, repeats ignored). */
export async function shardedLookalike(
  asker: ShardAsker,
  dictionary: MergedDictionary,
  seedNumbers: ArrayLike<number>,
  options: LookalikeOptions = {},
): Promise<Lookalike> {
  const started = performance.now();
  const members = Uint32Array.from(new Set(Array.from(seedNumbers))).sort();
  if (members.length < LOOKALIKE_MIN_SEED) {
    throw new RangeError(`A lookalike needs a seed of at least ${LOOKALIKE_MIN_SEED} indexed accounts.`);
  }
  const country = options.country === undefined ? undefined : normaliseCountry(options.country)?.code;
  if (options.country !== undefined && country === undefined) {
    throw new RangeError(`Unknown country: ${options.country}`);
  }
  const c = new Coordinator(asker, dictionary, members, country, await splitOverShards(asker, members));
  const { fit, heldOut, terms } = c;
  const counts = await c.counts();
  const { population, heldOutInPopulation } = counts;

  const percents = [...new Set(options.sizes ?? LOOKALIKE_SIZES)].sort((a, b) => a - b);
  const targets = percents.map((p) => Math.round((population * p) / 100));
  const longest = Math.max(0, ...targets);
  const evaluate = options.evaluate !== false && heldOutInPopulation > 0;
  const fitSupport = minSupportFor(fit.length);
  const features = weighFeatures(byNumber(counts.allCounts), counts.populationOf, members.length, population);
  const rankings = [
    ...(evaluate
      ? [
          {
            exclude: 'fit' as const,
            features: weighFeatures(byNumber(counts.fitCounts), counts.populationOf, fit.length, population),
          },
          {
            // The baseline: the fit seed's interest shares (lookalike.ts baselineFeatures).
            exclude: 'fit' as const,
            features: dictionary
              .termsOf('interest')
              .filter((t) => (counts.fitCounts.get(t) ?? 0) >= fitSupport)
              .map((t) => ({ feature: t, weight: counts.fitCounts.get(t)! / fit.length })),
          },
        ]
      : []),
    { exclude: 'all' as const, features },
  ];
  const merged = await c.rank(rankings, longest);
  const ranked = merged.at(-1)!;
  const heldOutSet = new Set(heldOut);
  const recall = (list: Uint32Array, target: number) => {
    let hits = 0;
    for (let i = 0; i < Math.min(target, list.length); i++) if (heldOutSet.has(list[i]!)) hits++;
    return hits / heldOutInPopulation;
  };

  const sampleCount = Math.min(options.samples ?? LOOKALIKE_SAMPLES, ranked.length);
  const positions = Array.from({ length: sampleCount }, (_, i) =>
    Math.floor((i * ranked.length) / sampleCount),
  );
  const info = await c.samples(
    positions.map((at) => ranked[at]!),
    features,
  );
  // Followed accounts to name (top features, reasons) and the pairs said together.
  const named = new Set<number>();
  const pairs: [number, number][] = [];
  for (const f of features.slice(0, TOP_FEATURES)) if (f.feature >= terms) named.add(f.feature - terms);
  for (const { found } of info.values()) {
    for (const f of found) if (f.feature >= terms) named.add(f.feature - terms);
    const [first, second] = found.filter((f) => f.feature >= terms);
    if (first && second) pairs.push([first.feature - terms, second.feature - terms]);
  }
  const { accounts, joint } = await c.followed(named, pairs);
  const minSupport = minSupportFor(members.length);
  const { reasonOf, reasons } = explainer(c, accounts, joint, {
    seedSize: members.length,
    population,
    minSupport,
  });

  return {
    method: 'log-lift',
    country: country ?? null,
    population,
    seed: {
      size: members.length,
      inPopulation: counts.inPopulation,
      fit: fit.length,
      heldOut: heldOut.length,
      heldOutInPopulation,
    },
    minSupport,
    featuresUsed: features.length,
    features: features.slice(0, TOP_FEATURES).map(reasonOf),
    sizes: percents.map((percent, i) => ({
      percent,
      target: targets[i]!,
      count: Math.min(targets[i]!, ranked.length),
      recall: evaluate ? recall(merged[0]!, targets[i]!) : null,
      baselineRecall: evaluate ? recall(merged[1]!, targets[i]!) : null,
    })),
    samples: positions.map((at) => {
      const n = ranked[at]!;
      const s = info.get(n)!;
      return { account: s.summary, rank: at + 1, score: s.score, reasons: reasons(s.found) };
    }),
    ranked,
    ms: Math.round(performance.now() - started),
  };
}
