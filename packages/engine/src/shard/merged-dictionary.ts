// The shards' term dictionaries merged (insights over shards, merge-insights.ts): one numbering of
// the terms, as the single engine numbers them, and the term panels' shares against a baseline.
import type { Share } from '@murmur/core/insights';
import { AGE_BANDS, AGES } from '@murmur/core/targeting';
import { bandWithin, parseBand } from '../evaluate/age';
import { FIELDS, type Field } from '../postings/fields';
import type { ReferenceCounts } from '../insights/reference';
import { distinctiveScore, MIN_SUPPORT, shareOf } from '../insights/share';
import { byValue, topK } from '../util/top-k';
import type { ShardDictionary, Sparse } from './shard-insights';

/** The shards' term dictionaries as one, numbered as the single engine numbers its terms. */
export class MergedDictionary {
  readonly values: string[] = [];
  readonly labels: string[] = [];
  readonly fieldOf: Field[] = [];
  readonly populations: number[] = [];
  readonly population: number;
  /** Per shard: global term id of each local term id. */
  readonly globalOf: Int32Array[];
  private readonly byField = new Map<Field, number[]>();
  /** Ties in a ranked panel, by value: as the single engine ranks them (util/top-k.ts `byValue`). */
  private readonly byValue = byValue((t) => this.values[t]!);
  private readonly ids = new Map<string, number>();

  constructor(parts: readonly ShardDictionary[]) {
    this.population = parts.reduce((sum, p) => sum + p.population, 0);
    const merged = new Map<
      string,
      { field: number; value: string; label: string; order: number; population: number }
    >();
    for (const p of parts) {
      for (let t = 0; t < p.values.length; t++) {
        const key = `${p.fields[t]}\u0000${p.values[t]}`;
        const known = merged.get(key);
        if (!known) {
          merged.set(key, {
            field: p.fields[t]!,
            value: p.values[t]!,
            label: p.labels[t]!,
            order: p.order[t]!,
            population: p.populations[t]!,
          });
        } else {
          known.order = Math.min(known.order, p.order[t]!);
          known.population += p.populations[t]!;
        }
      }
    }
    // Terms born live share one order (BORN_LIVE_ORDER): by field, then value, as a live engine's
    // term table lists them. The export's terms never tie.
    const sorted = [...merged.entries()].sort(
      (a, b) =>
        a[1].order - b[1].order ||
        a[1].field - b[1].field ||
        (a[1].value < b[1].value ? -1 : a[1].value > b[1].value ? 1 : 0),
    );
    sorted.forEach(([key, term], id) => {
      this.ids.set(key, id);
      this.values.push(term.value);
      this.labels.push(term.label);
      this.populations.push(term.population);
      const field = FIELDS[term.field]!;
      this.fieldOf.push(field);
      let list = this.byField.get(field);
      if (!list) this.byField.set(field, (list = []));
      list.push(id);
    });
    this.globalOf = parts.map((p) =>
      Int32Array.from(p.values, (value, t) => this.ids.get(`${p.fields[t]}\u0000${value}`)!),
    );
  }

  get size(): number {
    return this.values.length;
  }

  termsOf(field: Field): readonly number[] {
    return this.byField.get(field) ?? [];
  }

  find(field: Field, value: string): number | undefined {
    return this.ids.get(`${FIELDS.indexOf(field)}\u0000${value}`);
  }

  /** Adds a shard's sparse counts (local term ids) into `into` (global term ids). */
  add(into: Uint32Array, shard: number, [ids, counts]: Sparse): Uint32Array {
    const globalOf = this.globalOf[shard]!;
    for (let i = 0; i < ids.length; i++) into[globalOf[ids[i]!]!]! += counts[i]!;
    return into;
  }

  /** The whole network's counts of each term (its population among all accounts). */
  get network(): ReferenceCounts {
    return { count: (t) => this.populations[t]!, base: this.population, sampled: false };
  }

  /** Term `t` held by `count` of `base` members, against `reference` (the whole network by default). */
  termShare(t: number, count: number, base: number, reference = this.network): Share {
    return shareOf(this.values[t]!, this.labels[t]!, count, base, reference.count(t), reference.base);
  }

  /** fieldShares of field-shares.ts. */
  top(
    field: Field,
    counts: Uint32Array,
    base: number,
    limit: number,
    minSupport = MIN_SUPPORT,
    reference = this.network,
  ): Share[] {
    return topK(
      this.termsOf(field),
      (t) => (counts[t]! < minSupport ? 0 : counts[t]!),
      limit,
      this.byValue,
    ).map((t) => this.termShare(t, counts[t]!, base, reference));
  }

  /** distinctiveShares of field-shares.ts (values held by at least 1 % of the members). */
  distinctive(
    field: Field,
    counts: Uint32Array,
    base: number,
    limit: number,
    minSupport = MIN_SUPPORT,
    reference = this.network,
  ): Share[] {
    const floor = Math.max(minSupport, Math.ceil(base * 0.01));
    const score = (t: number) =>
      distinctiveScore(counts[t]!, base, reference.count(t), reference.base, floor, reference.sampled);
    return topK(this.termsOf(field), score, limit, this.byValue).map((t) =>
      this.termShare(t, counts[t]!, base, reference),
    );
  }

  /** distinctiveTerms of communities/naming.ts. */
  distinctiveTerms(field: Field, counts: Uint32Array, groupSize: number, limit: number): Share[] {
    const floor = Math.max(MIN_SUPPORT, Math.ceil(groupSize * 0.05));
    const score = (t: number) => {
      const c = counts[t]!;
      const population = this.populations[t]!;
      if (c < floor || population === 0) return 0;
      return c * Math.log(c / groupSize / (population / this.population));
    };
    return topK(this.termsOf(field), score, limit, this.byValue).map((t) =>
      this.termShare(t, counts[t]!, groupSize),
    );
  }

  /** The age bands, youngest first, against `reference` (demographics). */
  ageBands(categorical: Uint32Array, members: number, reference: ReferenceCounts): Share[] {
    const age = (t: number) => parseBand(this.values[t]!)?.[0] ?? 999;
    const bands = [...this.termsOf('ageBand')].sort((a, b) => age(a) - age(b));
    return bands.map((t) => this.termShare(t, categorical[t]!, members, reference));
  }

  /** age-groups.ts: each group the sum of the bands inside it, against `reference`. */
  ageGroups(categorical: Uint32Array, members: number, reference: ReferenceCounts) {
    const ageBand = this.termsOf('ageBand');
    const group = (value: (typeof AGE_BANDS)[number] | (typeof AGES)[number]): Share => {
      let n = 0;
      let population = 0;
      for (const t of ageBand) {
        if (!bandWithin(this.values[t]!, value)) continue;
        n += categorical[t]!;
        population += reference.count(t);
      }
      return shareOf(value, value, n, members, population, reference.base);
    };
    return {
      bands: AGE_BANDS.map(group),
      over: AGES.filter((a) => a !== 'AGE_ANY').map(group),
      unknown: members - ageBand.reduce((s, t) => s + categorical[t]!, 0),
    };
  }
}
