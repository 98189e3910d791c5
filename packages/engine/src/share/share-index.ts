import { AccountSet } from '../bits/account-set';
import type { AccountColumns, AudienceIndex, IndexStats, PostColumns } from '../postings/audience-index';
import { Catalogue } from '../postings/catalogue';
import type { Csr } from '../postings/csr';
import { CATEGORICAL_FIELDS, type CategoricalField } from '../postings/fields';
import { HandleIndex } from '../postings/handle-index';
import { PostingStore } from '../postings/posting-store';
import { sampleKeysOf } from '../postings/sample-key';
import { TermTable, type TermTableParts } from '../postings/term-table';
import type { CatalogueRecord, ExportHeader } from '../parse/records';
import { PackedStrings, packStrings } from '../util/packed-strings';
import { StringColumn, type StringSource } from '../util/string-column';
import { finish, type Steps } from '../util/steps';

type Typed = Uint32Array | Int32Array | Uint8Array;

/** A string column in shared memory (PackedStrings' parts). */
export interface SharedStrings {
  readonly bytes: Uint8Array;
  readonly ends: Uint32Array;
}

/** A posting store in shared memory. */
export interface SharedPostings {
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
  /** Each post's own terms, when the index keeps them (a live index needs them). */
  readonly postTermRows?: Csr;
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

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * Replaces `owner[key]` by its shared copy and returns the copy: the original index is re-homed as
 * it is copied, so each original array can be collected before the next one is copied and the
 * transient cost is one array, not a second index.
 */
function rehome<T extends object, K extends keyof T>(owner: T, key: K, share: (value: T[K]) => T[K]): T[K] {
  const copy = share(owner[key]);
  (owner as Mutable<T>)[key] = copy;
  return copy;
}

const shareArray = <T extends Typed>(value: T): T => toShared(value);

function shareCsr(csr: Csr): Csr {
  return { offsets: rehome(csr, 'offsets', shareArray), data: rehome(csr, 'data', shareArray) };
}

function sharePostings(store: PostingStore): SharedPostings {
  const dense = [...store.dense.entries()].sort(([a], [b]) => a - b);
  const denseEnds = new Uint32Array(allocate(dense.length * 4));
  let words = 0;
  dense.forEach(([, bits], k) => (denseEnds[k] = words += bits.length));
  const denseBits = new Uint32Array(allocate(words * 4));
  dense.forEach(([, bits], k) => denseBits.set(bits, k === 0 ? 0 : denseEnds[k - 1]));
  const shared: SharedPostings = {
    size: store.size,
    counts: rehome(store, 'counts', shareArray),
    offsets: rehome(store, 'offsets', shareArray),
    data: rehome(store, 'data', shareArray),
    denseTerms: toShared(Uint32Array.from(dense, ([term]) => term)),
    denseEnds,
    denseBits,
  };
  (store as Mutable<PostingStore>).dense = postingsFromShared(shared).dense;
  return shared;
}

function postingsFromShared(p: SharedPostings): PostingStore {
  const dense = new Map<number, Uint32Array>();
  p.denseTerms.forEach((term, k) => {
    dense.set(term, p.denseBits.subarray(k === 0 ? 0 : p.denseEnds[k - 1], p.denseEnds[k]));
  });
  return new PostingStore(p.size, p.counts, p.offsets, p.data, dense);
}

/** The column as shared UTF-8 (PackedStrings), put in place of the original in `owner`. */
function shareStrings<T extends object, K extends keyof T>(owner: T, key: K): SharedStrings {
  const column = owner[key] as StringSource;
  let packed: PackedStrings;
  if (column instanceof PackedStrings) packed = column;
  else if (column instanceof StringColumn) packed = packStrings(column, allocate);
  else throw new TypeError('Unknown string column');
  (owner as Mutable<T>)[key] = packed as T[K];
  return { bytes: packed.bytes, ends: packed.ends };
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

/** The per-account rows of a shared index, in the order they are copied. */
const SHARED_ROWS = [
  'profileTerms',
  'postTerms',
  'following',
  'postsByAuthor',
  'likesByActor',
  'repostsByActor',
] as const;

/**
 * Moves the index's typed arrays and string columns into SharedArrayBuffers. Returns the description
 * to send to worker threads and the index for this thread over the same shared memory (keeping the
 * term dictionary and catalogues it had). `index` itself is re-homed array by array as the copies are
 * made (it reads the shared copies afterwards), so the originals are collected one at a time rather
 * than the index being held twice.
 */
export function shareIndex(index: AudienceIndex): { shared: SharedIndex; index: AudienceIndex } {
  return finish(shareIndexSteps(index));
}

/**
 * `shareIndex` with a pause after each large part (postings, rows, string columns: a second or more
 * each at a million accounts), for a caller that turns the event loop between them while nothing
 * changes the index (a server starting). The same copies either way.
 */
export function* shareIndexSteps(index: AudienceIndex): Steps<{ shared: SharedIndex; index: AudienceIndex }> {
  const { accounts: a, posts: p } = index;
  const columns = index.columns as Mutable<AudienceIndex['columns']>;
  const present = rehome(index, 'present', shareArray);
  const postings = sharePostings(index.postings);
  yield;
  const followers = sharePostings(index.followers);
  yield;
  const sharedColumns = Object.fromEntries(
    CATEGORICAL_FIELDS.map((f) => [f, rehome(columns, f, shareArray)]),
  ) as SharedIndex['columns'];
  const rows = {} as Record<(typeof SHARED_ROWS)[number], Csr>;
  for (const name of SHARED_ROWS) {
    rows[name] = shareCsr(index[name]);
    yield;
  }
  const postTermRows = index.postTermRows ? shareCsr(index.postTermRows) : undefined;
  yield;
  const accountColumns = {
    followers: rehome(a, 'followers', shareArray),
    following: rehome(a, 'following', shareArray),
    posts: rehome(a, 'posts', shareArray),
    flags: rehome(a, 'flags', shareArray),
    slot: rehome(a, 'slot', shareArray),
    sampleKey: rehome(a, 'sampleKey', shareArray),
  };
  const ids = shareStrings(a, 'ids');
  yield;
  const handles = shareStrings(a, 'handles');
  yield;
  const names = shareStrings(a, 'names');
  yield;
  const bios = shareStrings(a, 'bios');
  yield;
  const handleTable = rehome(index.handles, 'table', shareArray);
  const postColumns = {
    count: p.count,
    author: rehome(p, 'author', shareArray),
    likes: rehome(p, 'likes', shareArray),
    reposts: rehome(p, 'reposts', shareArray),
    replies: rehome(p, 'replies', shareArray),
    byEngagement: rehome(p, 'byEngagement', shareArray),
    kept: rehome(p, 'kept', shareArray),
  };
  yield;
  const postIds = shareStrings(p, 'ids');
  yield;
  const postAt = shareStrings(p, 'at');
  yield;
  const postText = shareStrings(p, 'text');
  yield;
  const shared: SharedIndex = {
    header: index.header,
    scale: index.scale,
    size: index.size,
    population: index.population,
    present,
    terms: index.terms.parts(),
    postings,
    followers,
    columns: sharedColumns,
    ...rows,
    ...(postTermRows ? { postTermRows } : {}),
    accounts: { ...accountColumns, ids, handles, names, bios },
    handleTable,
    posts: { ...postColumns, ids: postIds, at: postAt, text: postText },
    catalogue: index.catalogue.parts(),
    stats: index.stats,
  };
  const here = assemble(shared, index.terms, index.catalogue);
  for (const [name, set] of index.customAudiences) here.customAudiences.set(name, shareAccountSet(set));
  return { shared, index: here };
}

/**
 * `shared` with its accounts' sample keys (AccountColumns.sampleKey) in shared memory: as it is
 * when it has them, else computed from the slots and X ids (a snapshot written before the keys were
 * kept loads with them, once, before it is handed to any thread).
 */
export function withSampleKeys(shared: SharedIndex): SharedIndex {
  const a = shared.accounts;
  // Absent from an older snapshot's tree, whatever the type says.
  const kept = (a as { sampleKey?: unknown }).sampleKey;
  const size = Math.max(shared.size, a.slot.length);
  if (kept instanceof Uint32Array && kept.length >= size) return shared;
  const into = new Uint32Array(allocate(size * 4));
  const sampleKey = sampleKeysOf(size, a.slot, stringsFromShared(a.ids), into);
  return { ...shared, accounts: { ...a, sampleKey } };
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
    ...(s.postTermRows ? { postTermRows: s.postTermRows } : {}),
    catalogue,
    customAudiences: new Map(),
    stats: s.stats,
  };
}
