import { hasBit } from '../bits/bitset';
import { AccountSet } from '../bits/account-set';
import { invert } from '../ingest/invert';
import { transpose } from '../ingest/transpose';
import type { AudienceIndex } from '../postings/audience-index';
import type { Csr } from '../postings/csr';
import { CATEGORICAL_FIELDS } from '../postings/fields';
import { HandleIndex } from '../postings/handle-index';
import { PostingStore } from '../postings/posting-store';
import { isDense } from '../bits/posting';
import { grownSampleKeys } from '../postings/sample-key';
import { StringColumn } from '../util/string-column';
import { grown, grownBits, replaceRows } from './structures';

// The live index's base: what it needs of a built index before it can follow the network (room for
// new accounts, a kept slot for every post number) and the compaction of a version into a new base.

/** The per-account rows a live index keeps as version chains (README "Live updates"). */
export const ROWS = [
  'following',
  'profileTerms',
  'postTerms',
  'postsByAuthor',
  'likesByActor',
  'repostsByActor',
] as const;
export type RowName = (typeof ROWS)[number];

/** Why the live index refuses a base index. */
export class LiveIndexError extends Error {}

/** The members of a bitset, in order. */
export function bitsToList(bits: Uint32Array): number[] {
  const out: number[] = [];
  for (let w = 0; w < bits.length; w++) {
    let word = bits[w]!;
    while (word !== 0) {
      const b = 31 - Math.clz32(word & -word);
      out.push((w << 5) + b);
      word &= word - 1;
    }
  }
  return out;
}

/**
 * The index with room for `capacity` accounts: per-account arrays and bitsets lengthened. Its postings,
 * followers and handle table are counted again from its rows (`'recount'`: a version whose rows
 * carry live changes), or, for an index whose postings are its rows' (a base as built or compacted),
 * lengthened as those would be counted over `capacity` (`'grow'`: the same index, without inverting
 * every posting and follow again; seconds at a million accounts).
 */
export function withCapacity(
  index: AudienceIndex,
  capacity: number,
  derived: 'recount' | 'grow' = 'recount',
): AudienceIndex {
  if (capacity <= index.size) return index;
  const columns = { ...index.columns };
  for (const f of CATEGORICAL_FIELDS) columns[f] = grown(index.columns[f], capacity);
  const rows = {} as Record<RowName, Csr>;
  for (const name of ROWS)
    rows[name] =
      derived === 'grow' ? lengthened(index[name], capacity) : replaceRows(index[name], new Map(), capacity);
  const customAudiences = new Map<string, AccountSet>();
  for (const [name, set] of index.customAudiences)
    customAudiences.set(name, new AccountSet(capacity, grownBits(set.bits, capacity)));
  const present = grownBits(index.present, capacity);
  const a = index.accounts;
  const grownIndex: AudienceIndex = {
    ...index,
    size: capacity,
    present,
    columns,
    ...rows,
    accounts: {
      ...a,
      followers: grown(a.followers, capacity),
      following: grown(a.following, capacity),
      posts: grown(a.posts, capacity),
      flags: grown(a.flags, capacity),
      slot: grown(a.slot, capacity),
      sampleKey: grownSampleKeys(a.sampleKey, capacity),
    },
    customAudiences,
  };
  if (derived === 'recount') return compactIndex(grownIndex);
  const { slot, handles: handleStrings } = grownIndex.accounts;
  return {
    ...grownIndex,
    postings: grownPostings(index.postings, capacity),
    followers: grownPostings(index.followers, capacity, capacity),
    handles:
      HandleIndex.tableLength(capacity) === index.handles.table.length
        ? index.handles
        : HandleIndex.build(
            capacity,
            (n) => (slot[n] ? handleStrings.get(slot[n] - 1) : ''),
            (n) => hasBit(present, n),
          ),
  };
}

/** `csr` with empty rows up to `rows`: its data kept, its offsets lengthened. */
function lengthened(csr: Csr, rows: number): Csr {
  const offsets = grown(csr.offsets, rows + 1);
  offsets.fill(csr.offsets[csr.offsets.length - 1]!, csr.offsets.length);
  return { offsets, data: csr.data };
}

/**
 * `store` over `capacity` (≥ its size) accounts and `terms` (≥ its terms; the followers' store has a
 * term per account, so it grows with them: new terms are empty), laid out as postings counted over
 * `capacity` are (ingest/posting-layout.ts: a term is a bitset when count × 32 > size): a dense term
 * keeps its bitset, lengthened, or becomes a list when the longer range makes it rare; lists are kept.
 */
export function grownPostings(
  store: PostingStore,
  capacity: number,
  terms = store.counts.length,
): PostingStore {
  if (capacity <= store.size && terms <= store.counts.length) return store;
  const counts = grown(store.counts, terms);
  const dense = new Map<number, Uint32Array>();
  let listed = false;
  for (const [term, bits] of store.dense) {
    if (isDense(counts[term]!, capacity)) dense.set(term, grownBits(bits, capacity));
    else listed = true;
  }
  if (!listed) {
    const offsets = grown(store.offsets, terms + 1);
    offsets.fill(store.offsets[store.offsets.length - 1]!, store.offsets.length);
    return new PostingStore(capacity, counts, offsets, store.data, dense);
  }
  const offsets = new Uint32Array(terms + 1);
  for (let t = 0; t < terms; t++) offsets[t + 1] = offsets[t]! + (dense.has(t) ? 0 : counts[t]!);
  const data = new Uint32Array(offsets[terms]!);
  for (let t = 0; t < store.counts.length; t++) {
    if (dense.has(t)) continue;
    const bits = store.dense.get(t);
    if (bits) data.set(bitsToList(bits), offsets[t]);
    else data.set(store.data.subarray(store.offsets[t], store.offsets[t + 1]), offsets[t]);
  }
  return new PostingStore(capacity, counts, offsets, data, dense);
}

/** The author column's value for a post number without a record (finalise: author + 1 = 0). */
const NO_AUTHOR = 0xffffffff;

/**
 * The base with a kept slot for every post number (the live index addresses a post's id, time and
 * text by its number), and the post numbers without a record: an export taken after posts were
 * deleted has gaps in its post numbers, which get empty strings here.
 * @throws LiveIndexError when a post with a record was not kept (built without keepPostText "all").
 */
export function everyPostNumberKept(base: AudienceIndex): { base: AudienceIndex; gaps: number[] } {
  const { kept, count, author } = base.posts;
  if (kept.length === count && kept.every((p, k) => p === k)) return { base, gaps: [] };
  const gaps: number[] = [];
  const source = { ids: base.posts.ids, at: base.posts.at, text: base.posts.text };
  const columns = { ids: new StringColumn(), at: new StringColumn(), text: new StringColumn() };
  let k = 0;
  for (let p = 0; p < count; p++) {
    if (kept[k] === p) {
      for (const c of ['ids', 'at', 'text'] as const) columns[c].push(source[c].get(k));
      k++;
      continue;
    }
    if (author[p] !== NO_AUTHOR)
      throw new LiveIndexError('A live index needs every post’s id: build it with keepPostText: "all".');
    for (const c of ['ids', 'at', 'text'] as const) columns[c].push('');
    gaps.push(p);
  }
  const identity = new Uint32Array(count);
  for (let p = 0; p < count; p++) identity[p] = p;
  return { base: { ...base, posts: { ...base.posts, ...columns, kept: identity } }, gaps };
}

/** The index with its postings, followers and handle table rebuilt from its rows and columns. */
export function compactIndex(index: AudienceIndex): AudienceIndex {
  const { size } = index;
  const present8 = new Uint8Array(size);
  for (let n = 0; n < size; n++) if (hasBit(index.present, n)) present8[n] = 1;
  const postings = invert(index.terms.size, size, {
    columns: CATEGORICAL_FIELDS.map((f) => index.columns[f]),
    rows: [index.profileTerms, index.postTerms],
    present: present8,
  });
  const followers = transpose(index.following, size, present8);
  const { slot, handles: handleStrings } = index.accounts;
  const handleOf = (n: number): string => (slot[n] ? handleStrings.get(slot[n] - 1) : '');
  const handles = HandleIndex.build(size, handleOf, (n) => present8[n] === 1);
  return { ...index, postings, followers, handles, stats: { ...index.stats, terms: index.terms.size } };
}
