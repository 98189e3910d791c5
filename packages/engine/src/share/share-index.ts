import { AccountSet } from '../bits/account-set';
import type { AccountColumns, AudienceIndex, IndexStats, PostColumns } from '../index/audience-index';
import { Catalogue } from '../index/catalogue';
import type { Csr } from '../index/csr';
import { CATEGORICAL_FIELDS, type CategoricalField } from '../index/fields';
import { HandleIndex } from '../index/handle-index';
import { PostingStore } from '../index/posting-store';
import { TermTable, type TermTableParts } from '../index/term-table';
import type { CatalogueRecord, ExportHeader } from '../parse/records';
import { PackedStrings, packStrings } from '../util/packed-strings';
import { StringColumn, type StringSource } from '../util/string-column';

type Typed = Uint32Array | Int32Array | Uint8Array;

interface SharedStrings {
  readonly bytes: Uint8Array;
  readonly ends: Uint32Array;
}

interface SharedPostings {
  readonly size: number;
  readonly counts: Uint32Array;
  readonly offsets: Uint32Array;
  readonly data: Uint32Array;
  /** Dense terms, ascending, and their bitsets one after another (denseEnds[k] words in all). */
  readonly denseTerms: Uint32Array;
  readonly denseEnds: Uint32Array;
  readonly denseBits: Uint32Array;
}

type StringsOf<T> = { [K in keyof T]: T[K] extends StringSource ? SharedStrings : T[K] };

/**
 * The index as data another thread can receive (postMessage, piscina's workerData): every typed
 * array lives in a SharedArrayBuffer, which structured cloning shares instead of copying; strings
 * of the account and post columns are UTF-8 bytes in shared memory too. Only the term dictionary
 * and the catalogues (strings in Maps, which cannot be shared) are copied into each thread.
 * Opaque to callers: hand it to `indexFromShared` (or `engineFromShared`) in the other thread.
 */
export interface SharedIndex {
  readonly header: ExportHeader;
  readonly scale: number;
  readonly size: number;
  readonly population: number;
  readonly present: Uint32Array;
  readonly terms: TermTableParts;
  readonly postings: SharedPostings;
  readonly followers: SharedPostings;
  readonly columns: Readonly<Record<CategoricalField, Uint32Array>>;
  readonly profileTerms: Csr;
  readonly postTerms: Csr;
  readonly following: Csr;
  readonly postsByAuthor: Csr;
  readonly likesByActor: Csr;
  readonly repostsByActor: Csr;
  readonly accounts: StringsOf<AccountColumns>;
  readonly handleTable: Int32Array;
  readonly posts: StringsOf<PostColumns>;
  readonly catalogue: readonly CatalogueRecord[];
  readonly stats: IndexStats;
}

const allocate = (bytes: number): SharedArrayBuffer => new SharedArrayBuffer(bytes);

/** The same values in shared memory (unchanged when they already are). */
export function toShared<T extends Typed>(array: T): T {
  if (array.buffer instanceof SharedArrayBuffer) return array;
  const Ctor = array.constructor as new (buffer: ArrayBufferLike) => T;
  const copy = new Ctor(allocate(array.byteLength));
  copy.set(array);
  return copy;
}

const shareCsr = (csr: Csr): Csr => ({ offsets: toShared(csr.offsets), data: toShared(csr.data) });

function sharePostings(store: PostingStore): SharedPostings {
  const dense = [...store.dense.entries()].sort(([a], [b]) => a - b);
  const denseEnds = new Uint32Array(allocate(dense.length * 4));
  let words = 0;
  dense.forEach(([, bits], k) => (denseEnds[k] = words += bits.length));
  const denseBits = new Uint32Array(allocate(words * 4));
  dense.forEach(([, bits], k) => denseBits.set(bits, k === 0 ? 0 : denseEnds[k - 1]));
  return {
    size: store.size,
    counts: toShared(store.counts),
    offsets: toShared(store.offsets),
    data: toShared(store.data),
    denseTerms: toShared(Uint32Array.from(dense, ([term]) => term)),
    denseEnds,
    denseBits,
  };
}

function postingsFromShared(p: SharedPostings): PostingStore {
  const dense = new Map<number, Uint32Array>();
  p.denseTerms.forEach((term, k) => {
    dense.set(term, p.denseBits.subarray(k === 0 ? 0 : p.denseEnds[k - 1], p.denseEnds[k]));
  });
  return new PostingStore(p.size, p.counts, p.offsets, p.data, dense);
}

function shareStrings(column: StringSource): SharedStrings {
  if (column instanceof PackedStrings) return { bytes: column.bytes, ends: column.ends };
  if (column instanceof StringColumn) {
    const packed = packStrings(column, allocate);
    return { bytes: packed.bytes, ends: packed.ends };
  }
  throw new TypeError('Unknown string column');
}

const stringsFromShared = (s: SharedStrings): PackedStrings => new PackedStrings(s.bytes, s.ends);

/** A custom audience's bitset moved into shared memory, so workers read the registered set itself. */
export const shareAccountSet = (set: AccountSet): AccountSet =>
  set.bits.buffer instanceof SharedArrayBuffer
    ? set
    : new AccountSet(set.size, toShared(set.bits), set.count);

/**
 * An account set as another thread receives it (structured-cloneable; its bitset in shared memory,
 * so sending it copies nothing). Opaque to callers: `accountSetFromShared` turns it back.
 */
export interface SharedAccountSet {
  readonly size: number;
  readonly bits: Uint32Array;
  readonly count: number;
}

export function toSharedAccountSet(set: AccountSet): SharedAccountSet {
  const shared = shareAccountSet(set);
  return { size: shared.size, bits: shared.bits, count: shared.count };
}

export const accountSetFromShared = (s: SharedAccountSet): AccountSet =>
  new AccountSet(s.size, s.bits, s.count);

/**
 * Copies the index's typed arrays and string columns into SharedArrayBuffers. Returns the
 * description to send to worker threads and an index over the shared copies for this thread, which
 * keeps the term dictionary and catalogues it already had: once the caller drops the original
 * index, every thread reads one copy of the arrays. (Building straight into shared memory would
 * avoid the transient second copy; at 1M accounts that is ~770 MB during the copy.)
 */
export function shareIndex(index: AudienceIndex): { shared: SharedIndex; index: AudienceIndex } {
  const { accounts: a, posts: p } = index;
  const shared: SharedIndex = {
    header: index.header,
    scale: index.scale,
    size: index.size,
    population: index.population,
    present: toShared(index.present),
    terms: index.terms.parts(),
    postings: sharePostings(index.postings),
    followers: sharePostings(index.followers),
    columns: Object.fromEntries(
      CATEGORICAL_FIELDS.map((f) => [f, toShared(index.columns[f])]),
    ) as SharedIndex['columns'],
    profileTerms: shareCsr(index.profileTerms),
    postTerms: shareCsr(index.postTerms),
    following: shareCsr(index.following),
    postsByAuthor: shareCsr(index.postsByAuthor),
    likesByActor: shareCsr(index.likesByActor),
    repostsByActor: shareCsr(index.repostsByActor),
    accounts: {
      followers: toShared(a.followers),
      following: toShared(a.following),
      posts: toShared(a.posts),
      flags: toShared(a.flags),
      slot: toShared(a.slot),
      ids: shareStrings(a.ids),
      handles: shareStrings(a.handles),
      names: shareStrings(a.names),
      bios: shareStrings(a.bios),
    },
    handleTable: toShared(index.handles.table),
    posts: {
      count: p.count,
      author: toShared(p.author),
      likes: toShared(p.likes),
      reposts: toShared(p.reposts),
      replies: toShared(p.replies),
      byEngagement: toShared(p.byEngagement),
      kept: toShared(p.kept),
      ids: shareStrings(p.ids),
      at: shareStrings(p.at),
      text: shareStrings(p.text),
    },
    catalogue: index.catalogue.parts(),
    stats: index.stats,
  };
  const here = assemble(shared, index.terms, index.catalogue);
  for (const [name, set] of index.customAudiences) here.customAudiences.set(name, shareAccountSet(set));
  return { shared, index: here };
}

/** The index over shared memory in a worker thread (the dictionary and catalogues rebuilt locally). */
export function indexFromShared(shared: SharedIndex): AudienceIndex {
  return assemble(shared, TermTable.fromParts(shared.terms), Catalogue.fromParts(shared.catalogue));
}

function assemble(s: SharedIndex, terms: TermTable, catalogue: Catalogue): AudienceIndex {
  const accounts: AccountColumns = {
    ...s.accounts,
    ids: stringsFromShared(s.accounts.ids),
    handles: stringsFromShared(s.accounts.handles),
    names: stringsFromShared(s.accounts.names),
    bios: stringsFromShared(s.accounts.bios),
  };
  const { slot, handles } = accounts;
  return {
    header: s.header,
    scale: s.scale,
    size: s.size,
    population: s.population,
    present: s.present,
    terms,
    postings: postingsFromShared(s.postings),
    columns: s.columns,
    profileTerms: s.profileTerms,
    postTerms: s.postTerms,
    following: s.following,
    followers: postingsFromShared(s.followers),
    accounts,
    handles: new HandleIndex(s.handleTable, (n) => (slot[n] ? handles.get(slot[n] - 1) : '')),
    posts: {
      ...s.posts,
      ids: stringsFromShared(s.posts.ids),
      at: stringsFromShared(s.posts.at),
      text: stringsFromShared(s.posts.text),
    },
    postsByAuthor: s.postsByAuthor,
    likesByActor: s.likesByActor,
    repostsByActor: s.repostsByActor,
    catalogue,
    customAudiences: new Map(),
    stats: s.stats,
  };
}
