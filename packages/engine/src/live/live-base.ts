import { hasBit } from '../bits/bitset';
import { AccountSet } from '../bits/account-set';
import { invert } from '../ingest/invert';
import { transpose } from '../ingest/transpose';
import type { AudienceIndex } from '../postings/audience-index';
import type { Csr } from '../postings/csr';
import { CATEGORICAL_FIELDS } from '../postings/fields';
import { HandleIndex } from '../postings/handle-index';
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

/** The index with room for `capacity` accounts: per-account arrays and bitsets lengthened. */
export function withCapacity(index: AudienceIndex, capacity: number): AudienceIndex {
  if (capacity <= index.size) return index;
  const columns = { ...index.columns };
  for (const f of CATEGORICAL_FIELDS) columns[f] = grown(index.columns[f], capacity);
  const rows = {} as Record<RowName, Csr>;
  for (const name of ROWS) rows[name] = replaceRows(index[name], new Map(), capacity);
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
  return compactIndex(grownIndex);
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
