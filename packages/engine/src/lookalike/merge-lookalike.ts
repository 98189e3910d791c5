// A lookalike over shards (scale-out), with the single engine's results (lookalike.ts): the same
// hold-out split of the seed, the same features and weights (feature counts summed over the shards,
// features numbered as one engine numbers them: terms in export order, then follows by account),
// the same rankings (each shard's best rank keys merged by one sort) and the same samples with their
// reasons. Round trips: counts, rankings, the samples described, then followed accounts described
// and the "follows @a and @b" counts.
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
import { REASONS_PER_ACCOUNT, type LookalikeReason } from './reasons';
import type { LookalikeCountPart, LookalikeDescribed } from './shard-lookalike';

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
  const shards = Array.from({ length: asker.shards }, (_, k) => k);
  const all = Array.from(members);
  const { fit, heldOut } = splitSeed(members);
  const fitList = Array.from(fit);
  const base = { fit: fitList, all, ...(country !== undefined && { country }) };

  // 1. Feature counts, summed; a feature's global number: its merged term id, or terms + account.
  const parts = await Promise.all(
    shards.map((k) => asker.ask<'lookalikeCount', LookalikeCountPart>(k, 'lookalikeCount', base)),
  );
  const terms = dictionary.size;
  const fitCounts = new Map<number, number>();
  const allCounts = new Map<number, number>();
  const add = (m: Map<number, number>, f: number, v: number) => m.set(f, (m.get(f) ?? 0) + v);
  parts.forEach((p, k) => {
    const [ids, fitC, allC] = p.features;
    ids.forEach((id, i) => {
      const f = id >= 0 ? dictionary.globalOf[k]![id]! : terms + (-1 - id);
      add(fitCounts, f, fitC[i]!);
      add(allCounts, f, allC[i]!);
    });
  });
  const population = parts.reduce((s, p) => s + p.population, 0);
  const heldOutInPopulation = parts.reduce((s, p) => s + p.heldOutInPopulation, 0);
  const inPopulation = parts.reduce((s, p) => s + p.inPopulation, 0);
  const byNumber = (m: Map<number, number>) => (visit: (f: number, c: number) => void) => {
    for (const f of [...m.keys()].sort((a, b) => a - b)) visit(f, m.get(f)!);
  };
  // A global feature as each shard names it: its local term id (absent: the shard lacks the term).
  const localOf = shards.map((k) => {
    const map = new Map<number, number>();
    dictionary.globalOf[k]!.forEach((g, t) => map.set(g, t));
    return map;
  });
  const wireFor = (k: number, f: number) => (f >= terms ? -1 - (f - terms) : localOf[k]!.get(f));
  /** The features and weights for shard k (features it lacks carry no accounts there: left out). */
  const forShard = (k: number, features: readonly { feature: number; weight: number }[]) => {
    const out = { features: [] as number[], weights: [] as number[] };
    for (const f of features) {
      const wire = wireFor(k, f.feature);
      if (wire === undefined) continue;
      out.features.push(wire);
      out.weights.push(f.weight);
    }
    return out;
  };

  // 1b. The population carrying each feature enough of the seed (fitted part or whole) carries.
  const support = Math.min(minSupportFor(fit.length), minSupportFor(members.length));
  const wanted = [...allCounts.keys()].filter((f) => allCounts.get(f)! >= support).sort((a, b) => a - b);
  const popCounts = new Map<number, number>();
  await Promise.all(
    shards.map((k) => {
      const present = wanted.filter((f) => wireFor(k, f) !== undefined);
      return asker
        .ask<'lookalikePopulation', number[]>(k, 'lookalikePopulation', {
          ...(country !== undefined && { country }),
          features: present.map((f) => wireFor(k, f)!),
        })
        .then((counts) => counts.forEach((c, i) => add(popCounts, present[i]!, c)));
    }),
  );
  const populationOf = (f: number) => popCounts.get(f) ?? 0;

  const percents = [...new Set(options.sizes ?? LOOKALIKE_SIZES)].sort((a, b) => a - b);
  const targets = percents.map((p) => Math.round((population * p) / 100));
  const longest = Math.max(0, ...targets);
  const evaluate = options.evaluate !== false && heldOutInPopulation > 0;
  const fitFeatures = evaluate
    ? weighFeatures(byNumber(fitCounts), populationOf, fit.length, population)
    : [];
  const fitSupport = minSupportFor(fit.length);
  const baseline = evaluate
    ? dictionary
        .termsOf('interest')
        .filter((t) => (fitCounts.get(t) ?? 0) >= fitSupport)
        .map((t) => ({ feature: t, weight: fitCounts.get(t)! / fit.length }))
    : [];
  const features = weighFeatures(byNumber(allCounts), populationOf, members.length, population);
  const minSupport = minSupportFor(members.length);

  // 2. Rankings: the held-out fit and baseline (fit seed excluded), the model (whole seed excluded).
  const rankings = [
    ...(evaluate
      ? [
          { exclude: 'fit' as const, features: fitFeatures },
          { exclude: 'fit' as const, features: baseline },
        ]
      : []),
    { exclude: 'all' as const, features },
  ];
  const rankParts = await Promise.all(
    shards.map((k) =>
      asker.ask<'lookalikeRank', number[][]>(k, 'lookalikeRank', {
        ...base,
        limit: longest,
        rankings: rankings.map((r) => ({ exclude: r.exclude, ...forShard(k, r.features) })),
      }),
    ),
  );
  const merged = rankings.map((_, r) =>
    numbersOfKeys(
      Float64Array.from(rankParts.flatMap((p) => p[r]!))
        .sort()
        .subarray(0, longest),
    ),
  );
  const ranked = merged.at(-1)!;
  const heldOutSet = new Set(heldOut);
  const hits = (list: Uint32Array, count: number) => {
    let h = 0;
    for (let i = 0; i < count; i++) if (heldOutSet.has(list[i]!)) h++;
    return h;
  };
  const evaluation = targets.map((target) =>
    evaluate
      ? {
          recall: hits(merged[0]!, Math.min(target, merged[0]!.length)) / heldOutInPopulation,
          baselineRecall: hits(merged[1]!, Math.min(target, merged[1]!.length)) / heldOutInPopulation,
        }
      : { recall: null, baselineRecall: null },
  );

  // 3. The samples, spread over the ranking, described by their shards.
  const sampleCount = Math.min(options.samples ?? LOOKALIKE_SAMPLES, ranked.length);
  const positions = Array.from({ length: sampleCount }, (_, i) =>
    Math.floor((i * ranked.length) / sampleCount),
  );
  const sampled = positions.map((at) => ranked[at]!);
  const owner = (n: number) => shardOf(n, asker.shards);
  const described = await Promise.all(
    shards.map((k) => {
      const mine = sampled.filter((n) => owner(n) === k);
      const wire = forShard(k, features);
      return mine.length === 0
        ? Promise.resolve({ accounts: [], samples: [] } as LookalikeDescribed)
        : asker.ask<'lookalikeDescribe', LookalikeDescribed>(k, 'lookalikeDescribe', {
            ...(country !== undefined && { country }),
            accounts: mine,
            samples: mine,
            ...wire,
          });
    }),
  );
  // Per sampled account: its summary, score and the model's features it carries (global numbers).
  const sampleInfo = new Map<
    number,
    { summary: AccountSummary; score: number; carried: WeightedFeature[] }
  >();
  described.forEach((d, k) => {
    const wire = forShard(k, features);
    const byWire = new Map(features.map((f) => [wireFor(k, f.feature), f]));
    const mine = sampled.filter((n) => owner(n) === k);
    mine.forEach((n, i) => {
      const s = d.samples[i]!;
      sampleInfo.set(n, {
        summary: d.accounts.find((a) => a.account === n)!,
        score: s.score,
        carried: s.carried.map((at) => byWire.get(wire.features[at]!)!),
      });
    });
  });
  const order = (a: WeightedFeature, b: WeightedFeature) =>
    b.weight - a.weight || b.seedCount - a.seedCount || a.feature - b.feature;
  const reasonsOf = new Map<number, WeightedFeature[]>();
  const pairs: [number, number][] = [];
  for (const [n, info] of sampleInfo) {
    const found = [...info.carried].sort(order);
    reasonsOf.set(n, found);
    const [first, second] = found.filter((f) => f.feature >= terms);
    if (first && second) pairs.push([first.feature - terms, second.feature - terms]);
  }

  // 4. Followed accounts named (top features, reasons) described by their shards; pairs counted.
  const named = new Set<number>();
  for (const f of features.slice(0, TOP_FEATURES)) if (f.feature >= terms) named.add(f.feature - terms);
  for (const found of reasonsOf.values())
    for (const f of found) if (f.feature >= terms) named.add(f.feature - terms);
  const [describedFollows, jointParts] = await Promise.all([
    Promise.all(
      shards.map((k) => {
        const mine = [...named].filter((n) => owner(n) === k);
        return mine.length === 0
          ? Promise.resolve({ accounts: [], samples: [] } as LookalikeDescribed)
          : asker.ask<'lookalikeDescribe', LookalikeDescribed>(k, 'lookalikeDescribe', {
              accounts: mine,
              samples: [],
              features: [],
              weights: [],
            });
      }),
    ),
    pairs.length === 0
      ? Promise.resolve([] as [number[], number[]][])
      : Promise.all(
          shards.map((k) =>
            asker.ask<'lookalikeJoint', [number[], number[]]>(k, 'lookalikeJoint', {
              all,
              ...(country !== undefined && { country }),
              pairs,
            }),
          ),
        ),
  ]);
  const accounts = new Map<number, AccountSummary>();
  for (const d of describedFollows) for (const a of d.accounts) accounts.set(a.account, a);
  const joint = new Map<string, [number, number]>();
  pairs.forEach(([a, b], i) =>
    joint.set(`${a},${b}`, [
      jointParts.reduce((s, p) => s + p[0][i]!, 0),
      jointParts.reduce((s, p) => s + p[1][i]!, 0),
    ]),
  );

  const reasonOf = (f: WeightedFeature): LookalikeReason => {
    let kind: LookalikeReason['kind'];
    let value: string;
    let label: string;
    if (f.feature >= terms) {
      const who = accounts.get(f.feature - terms)!;
      kind = 'follows';
      value = who.id;
      label = `@${who.handle}`;
    } else {
      kind = KIND_OF_FIELD[dictionary.fieldOf[f.feature]!] ?? 'bio_word';
      value = dictionary.values[f.feature]!;
      label = dictionary.labels[f.feature]!;
    }
    return {
      kind,
      value,
      label,
      also: [],
      seedShare: f.seedShare,
      populationShare: f.populationShare,
      lift: Math.exp(f.weight),
    };
  };
  // reasons.ts reasonsFor, from the merged counts.
  const reasons = (n: number): LookalikeReason[] => {
    const found = reasonsOf.get(n)!;
    const [first, second] = found.filter((f) => f.feature >= terms);
    let both: LookalikeReason | undefined;
    if (first && second) {
      const [inSeed, inPop] = joint.get(`${first.feature - terms},${second.feature - terms}`)!;
      const seedShare = inSeed / members.length;
      const populationShare = population > 0 ? inPop / population : 0;
      if (inSeed >= minSupport && seedShare > populationShare) {
        const other = reasonOf(second);
        both = {
          ...reasonOf(first),
          also: [{ value: other.value, label: other.label }],
          seedShare,
          populationShare,
          lift: (inSeed + 1) / (members.length + 2) / ((inPop + 1) / (population + 2)),
        };
      }
    }
    const out: LookalikeReason[] = [];
    const said = new Set<string>();
    for (const f of found) {
      if (both && f === second) continue;
      const reason = both && f === first ? both : reasonOf(f);
      const key = reason.kind === 'hashtag' || reason.kind === 'post_word' ? `post:${reason.value}` : '';
      if (key && said.has(key)) continue;
      if (key) said.add(key);
      out.push(reason);
      if (out.length === REASONS_PER_ACCOUNT) break;
    }
    return out;
  };

  return {
    method: 'log-lift',
    country: country ?? null,
    population,
    seed: {
      size: members.length,
      inPopulation,
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
      ...evaluation[i]!,
    })),
    samples: positions.map((at) => {
      const n = ranked[at]!;
      const info = sampleInfo.get(n)!;
      return { account: info.summary, rank: at + 1, score: info.score, reasons: reasons(n) };
    }),
    ranked,
    ms: Math.round(performance.now() - started),
  };
}
