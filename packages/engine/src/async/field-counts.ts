import type { Share } from '@murmur/core/insights';
import type { AccountSet } from '../bits/account-set';
import { countAnd } from '../bits/bitset';
import type { AudienceIndex } from '../postings/audience-index';
import { CATEGORICAL_FIELDS, type CategoricalField } from '../postings/fields';
import { termLabel } from '../insights/labels';
import { shareOf } from '../insights/share';
import { NOT_CHANGED, type ColumnsMark } from '../live/column-log';

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

/**
 * Member and population counts of `fields` (all single-valued fields by default) for `members`.
 * `carry`: the caller's key (the history's daily point of an audience), under which this thread
 * keeps the member counts for the key's next call, which then reads only the columns of the members
 * who joined or left and of those whose values changed since (`carriedMemberCounts`).
 */
export function fieldCounts(
  index: AudienceIndex,
  members: AccountSet,
  fields: readonly CategoricalField[] = CATEGORICAL_FIELDS,
  carry = '',
): FieldCounts {
  const out: FieldCounts['fields'] = {};
  if (scratch.length < index.terms.size + 1) scratch = new Uint32Array(index.terms.size + 1);
  const counts = scratch;
  const carried = carry === '' ? undefined : carriedMemberCounts(carry, index, members, fields);
  if (carry !== '') fieldCarryStats[carried ? 'carried' : 'fromScratch']++;
  const kept: SparseFieldCounts[] = [];
  fields.forEach((field, k) => {
    const population = populationCounts(index, field);
    const values: ValueCount[] = [];
    const terms = index.terms.termsOf(field);
    let read = -1;
    try {
      if (carried) for (const [v, c] of carried[k]!) counts[v] = c;
      else read = memberCounts(index, members, field, counts);
      for (const t of terms) {
        const count = counts[t + 1]!;
        const pop = population[t + 1]!;
        if (count === 0 && pop === 0) continue;
        values.push({ value: index.terms.value(t), label: termLabel(index, t), count, population: pop });
      }
      if (carry !== '') kept.push(sparse(terms, counts));
    } finally {
      // A column holds the field's terms or none (0); were any other value counted, all are cleared.
      let cleared = counts[0]!;
      counts[0] = 0;
      for (const t of terms) {
        cleared += counts[t + 1]!;
        counts[t + 1] = 0;
      }
      if (carried) for (const [v] of carried[k]!) counts[v] = 0;
      if (read >= 0 && cleared !== read) counts.fill(0);
    }
    out[field] = values;
  });
  if (carry !== '') keepCounts(carry, index, members, fields, kept);
  return { members: members.count, population: index.population, fields: out };
}

// --- counts carried from one call to the next of the same key (the history's daily points) ---

/** Members per value (term id + 1) of one field, values ascending, every count above 0. */
type SparseFieldCounts = Map<number, number>;

/** What a key's last call counted. */
interface CarriedFields {
  /** The columns it read: a live version's place in its column log, or a built index (never changed). */
  mark: ColumnsMark | WeakRef<AudienceIndex>;
  fields: string;
  /** Its members, ascending (the set's own array, not a copy). */
  members: Uint32Array;
  counts: SparseFieldCounts[];
  used: number;
}

/** Bytes of members kept per thread for the carried counts (held, not copied: the sets' own arrays). */
export const FIELD_CARRY_BYTES = 128 * 2 ** 20;

const carriedFields = new Map<string, CarriedFields>();
let carriedFieldBytes = 0;
let fieldCalls = 0;

/** How many field counts were carried and how many counted from the members' columns (tests, benches). */
export const fieldCarryStats = { carried: 0, fromScratch: 0 };

/** Forgets every carried field count on this thread (tests). */
export function forgetFieldCarries(): void {
  carriedFields.clear();
  carriedFieldBytes = 0;
}

function sparse(terms: readonly number[], counts: Uint32Array): SparseFieldCounts {
  const out: SparseFieldCounts = new Map();
  for (const t of terms) if (counts[t + 1]! > 0) out.set(t + 1, counts[t + 1]!);
  return out;
}

const markOf = (index: AudienceIndex): CarriedFields['mark'] => index.columnsAt ?? new WeakRef(index);

/**
 * The accounts whose columns may differ between the carried call's version and `index`, with their
 * values then (NOT_CHANGED for a field they kept); undefined when that cannot be told (another index,
 * an older version, the log's writes since dropped).
 */
function columnChanges(
  mark: CarriedFields['mark'],
  index: AudienceIndex,
  fields: readonly CategoricalField[],
): Map<number, Uint32Array> | undefined {
  if (mark instanceof WeakRef) return mark.deref() === index ? new Map() : undefined;
  const now = index.columnsAt;
  if (!now || now.log !== mark.log || now.ver < mark.ver) return undefined;
  // Writes after `index`'s version are read too: a member's value then is the first write's old
  // value, and its value now is read from `index`, so a later write adds and takes away nothing.
  return now.ver === mark.ver ? new Map() : mark.log.changesSince(mark.ver, fields);
}

/**
 * Each field's member counts brought from the key's last call to `members` on `index`: the values
 * of the members who left taken away (as they were then), those of the members who joined added,
 * and for the members kept whose values changed since, the old value taken away and the new one
 * added — exactly the counts read from every member's column. Undefined when not carried.
 */
function carriedMemberCounts(
  key: string,
  index: AudienceIndex,
  members: AccountSet,
  fields: readonly CategoricalField[],
): SparseFieldCounts[] | undefined {
  const before = carriedFields.get(key);
  if (!before || before.fields !== fields.join(',')) return undefined;
  const changes = columnChanges(before.mark, index, fields);
  if (!changes) return undefined;
  const then = before.members;
  const now = members.toArray();
  // The members who joined and left: one merge of the two ascending lists.
  const joined: number[] = [];
  const left: number[] = [];
  let i = 0;
  let j = 0;
  while (i < then.length || j < now.length) {
    const a = i < then.length ? then[i]! : Infinity;
    const b = j < now.length ? now[j]! : Infinity;
    if (a === b) {
      i++;
      j++;
    } else if (a < b) {
      left.push(a);
      i++;
    } else {
      joined.push(b);
      j++;
    }
    // A change as large as the set is no cheaper than reading the columns.
    if (joined.length + left.length > now.length) return undefined;
  }
  const bits = members.bits;
  const isMember = (n: number): boolean => ((bits[n >>> 5]! >>> (n & 31)) & 1) === 1;
  const wasMember = (n: number): boolean => {
    let [lo, hi] = [0, then.length];
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (then[mid]! < n) lo = mid + 1;
      else hi = mid;
    }
    return then[lo] === n;
  };
  const out = fields.map((field, k) => {
    const counts = new Map(before.counts[k]);
    const column = index.columns[field];
    const add = (v: number, by: number): void => {
      if (v !== 0) counts.set(v, (counts.get(v) ?? 0) + by);
    };
    for (const n of left) {
      const old = changes.get(n)?.[k];
      add(old === undefined || old === NOT_CHANGED ? column[n]! : old, -1);
    }
    for (const n of joined) add(column[n]!, 1);
    for (const [n, values] of changes) {
      const old = values[k]!;
      if (old === NOT_CHANGED || !isMember(n) || !wasMember(n)) continue;
      add(old, -1);
      add(column[n]!, 1);
    }
    for (const [v, c] of counts) if (c === 0) counts.delete(v);
    return counts;
  });
  // A count below zero cannot come from a true carry: counted again rather than told wrong.
  if (out.some((counts) => [...counts.values()].some((c) => c < 0))) return undefined;
  return out;
}

function keepCounts(
  key: string,
  index: AudienceIndex,
  members: AccountSet,
  fields: readonly CategoricalField[],
  counts: SparseFieldCounts[],
): void {
  fieldCalls++;
  const list = members.toArray();
  const old = carriedFields.get(key);
  if (old) {
    carriedFields.delete(key);
    carriedFieldBytes -= old.members.byteLength;
  }
  // As the tallies are kept (insights/tally-carry.ts): counts no call used for a whole round of the
  // keys go first; failing that, this one is not kept.
  for (const [k, e] of carriedFields) {
    if (carriedFieldBytes + list.byteLength <= FIELD_CARRY_BYTES || e.used >= fieldCalls - carriedFields.size)
      break;
    carriedFields.delete(k);
    carriedFieldBytes -= e.members.byteLength;
  }
  if (carriedFieldBytes + list.byteLength > FIELD_CARRY_BYTES) return;
  carriedFields.set(key, {
    mark: markOf(index),
    fields: fields.join(','),
    members: list,
    counts,
    used: fieldCalls,
  });
  carriedFieldBytes += list.byteLength;
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
