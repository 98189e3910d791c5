import type { Share } from '@murmur/core/insights';
import type { AccountSet } from '../bits/account-set';
import { countAnd } from '../bits/bitset';
import type { AudienceIndex } from '../postings/audience-index';
import { CATEGORICAL_FIELDS, type CategoricalField } from '../postings/fields';
import { termLabel } from '../insights/labels';
import { shareOf } from '../insights/share';

/** One value of a single-valued field: members holding it, and accounts of the population holding it. */
export interface ValueCount {
  value: string;
  label: string;
  count: number;
  population: number;
}

/**
 * The mergeable form of the member panels (demographics, devices, jobs, locations): for each
 * single-valued field, every value held by a member or by an account of the population, with both
 * counts. Counts of disjoint account sets (shards) add up exactly, and shares and affinities are
 * computed from the sums (`sharesOf`), so a sharded engine gives the single engine's figures.
 */
export interface FieldCounts {
  /** Members the counts cover. */
  members: number;
  /** Accounts of the population (the index's present accounts). */
  population: number;
  fields: Partial<Record<CategoricalField, ValueCount[]>>;
}

const populationMemo = new WeakMap<AudienceIndex, Map<CategoricalField, Uint32Array>>();

/** Present accounts per term of `field` (index: term id + 1), computed once per index. */
function populationCounts(index: AudienceIndex, field: CategoricalField): Uint32Array {
  let byField = populationMemo.get(index);
  if (!byField) populationMemo.set(index, (byField = new Map<CategoricalField, Uint32Array>()));
  let counts = byField.get(field);
  if (!counts) {
    counts = new Uint32Array(index.terms.size + 1);
    const column = index.columns[field];
    const present = index.present;
    for (let w = 0; w < present.length; w++) {
      let word = present[w]!;
      while (word !== 0) {
        const bit = word & -word;
        counts[column[(w << 5) + (31 - Math.clz32(bit))]!]!++;
        word ^= bit;
      }
    }
    byField.set(field, counts);
  }
  return counts;
}

/**
 * Relative costs of a dense posting's word, a list posting's entry and a member's column read
 * (insights/counts.ts `categoricalCounts`, which chooses the same way).
 */
const WORD_COST = 10;
const LIST_COST = 9;
const MEMBER_COST = 7;

/** Members holding term `t`: a popcount of members ∩ its posting, or a bit test per listed account. */
function postingCount(index: AudienceIndex, bits: Uint32Array, t: number): number {
  const p = index.postings.get(t);
  if (p.kind === 'bits') return countAnd(bits, p.bits);
  let c = 0;
  const list = p.list;
  for (let i = 0; i < p.count; i++) {
    const n = list[i]!;
    c += (bits[n >>> 5]! >>> (n & 31)) & 1;
  }
  return c;
}

/**
 * Counters per term id + 1 kept between calls on this thread (all zero between calls): a field has
 * few values, the dictionary ~100 000 terms at a million accounts, so each field's counts are not a
 * new array of the dictionary's size (a history point counts 5 fields of every audience).
 */
let scratch = new Uint32Array(0);

/**
 * Members per term of `field` in `counts` (index: term id + 1; 0: members without a value): from the
 * field's postings when that reads less than the members' column (a field of few values over a large
 * audience), else from the column. The same counts either way: a single-valued field's postings
 * partition the accounts holding a value. Returns the members read from the column (-1: none).
 */
function memberCounts(
  index: AudienceIndex,
  members: AccountSet,
  field: CategoricalField,
  counts: Uint32Array,
): number {
  const terms = index.terms.termsOf(field);
  let cost = 0;
  for (const t of terms) {
    const p = index.postings.get(t);
    cost += p.kind === 'bits' ? members.bits.length * WORD_COST : p.count * LIST_COST;
  }
  if (cost < members.count * MEMBER_COST) {
    for (const t of terms) counts[t + 1] = postingCount(index, members.bits, t);
    return -1;
  }
  const list = members.toArray();
  const column = index.columns[field];
  for (let i = 0; i < list.length; i++) counts[column[list[i]!]!]!++;
  return list.length;
}

/** Member and population counts of `fields` (all single-valued fields by default) for `members`. */
export function fieldCounts(
  index: AudienceIndex,
  members: AccountSet,
  fields: readonly CategoricalField[] = CATEGORICAL_FIELDS,
): FieldCounts {
  const out: FieldCounts['fields'] = {};
  if (scratch.length < index.terms.size + 1) scratch = new Uint32Array(index.terms.size + 1);
  const counts = scratch;
  for (const field of fields) {
    const population = populationCounts(index, field);
    const values: ValueCount[] = [];
    let read = -1;
    try {
      read = memberCounts(index, members, field, counts);
      for (const t of index.terms.termsOf(field)) {
        const count = counts[t + 1]!;
        const pop = population[t + 1]!;
        if (count === 0 && pop === 0) continue;
        values.push({ value: index.terms.value(t), label: termLabel(index, t), count, population: pop });
      }
    } finally {
      // A column holds the field's terms or none (0); were any other value counted, all are cleared.
      let cleared = counts[0]!;
      counts[0] = 0;
      for (const t of index.terms.termsOf(field)) {
        cleared += counts[t + 1]!;
        counts[t + 1] = 0;
      }
      if (read >= 0 && cleared !== read) counts.fill(0);
    }
    out[field] = values;
  }
  return { members: members.count, population: index.population, fields: out };
}

/** Sums field counts of disjoint account sets (shards): the counts of their union. */
export function mergeFieldCounts(parts: readonly FieldCounts[]): FieldCounts {
  const fields: FieldCounts['fields'] = {};
  const byField = new Map<CategoricalField, Map<string, ValueCount>>();
  let members = 0;
  let population = 0;
  for (const part of parts) {
    members += part.members;
    population += part.population;
    for (const [field, values] of Object.entries(part.fields) as [CategoricalField, ValueCount[]][]) {
      let merged = byField.get(field);
      if (!merged) byField.set(field, (merged = new Map<string, ValueCount>()));
      for (const v of values) {
        const known = merged.get(v.value);
        if (known) {
          known.count += v.count;
          known.population += v.population;
        } else merged.set(v.value, { ...v });
      }
    }
  }
  for (const [field, merged] of byField) fields[field] = [...merged.values()];
  return { members, population, fields };
}

/**
 * A field's values as panel shares (count of the members, against the population), the most held
 * first (ties by value); `limit` of them.
 */
export function sharesOf(counts: FieldCounts, field: CategoricalField, limit = Infinity): Share[] {
  return (counts.fields[field] ?? [])
    .filter((v) => v.count > 0)
    .sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0))
    .slice(0, limit)
    .map((v) => shareOf(v.value, v.label, v.count, counts.members, v.population, counts.population));
}
