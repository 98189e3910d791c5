import { fnv1a } from '@murmur/core/hash';
import { hasBit } from '../bits/bitset';
import type { AudienceIndex } from '../postings/audience-index';
import type { TermTableParts } from '../postings/term-table';
import type { Csr } from '../postings/csr';
import { CATEGORICAL_FIELDS, type CategoricalField } from '../postings/fields';
import { HandleIndex, normaliseHandle } from '../postings/handle-index';
import type { PostingStore } from '../postings/posting-store';
import type { SharedIndex, SharedPostings, SharedStrings } from '../share/share-index';
import { PackedStrings, utf8Length } from '../util/packed-strings';
import type { Steps } from '../util/steps';
import { StringColumn, type StringSource } from '../util/string-column';
import { CsrFold, PostingFold, rowFold, type FoldTask } from './fold';
import { ROWS, type RowName } from './live-base';
import { LiveHandleIndex } from './live-handles';
import type { HeldVersion } from './pin';
import { LivePostingStore, PostingLog } from './posting-log';
import { CompositeStrings, LazyCsr } from './structures';
import type { LiveState, StreamPosition } from './live-types';

// A live engine's version copied into shared memory in bounded steps (docs/LIVE.md "Insights while
// ingesting"): the reports thread's start. The version is held (pinned) when the copy starts and
// read as it was then while later batches apply between the steps; its logs are merged as they are
// copied (the folds of a background compaction, read at the held version), so the copy is a plain,
// compacted index without a blocking `compact()`. Every step copies about `stepWords` 4-byte words,
// beside at most one item larger than that (a posting, a row, a block of 512 strings).

/** What another thread opens a live engine from (`liveEngineFromShared`): a version, its position and state. */
export interface SharedLiveEngine {
  index: SharedIndex;
  position: StreamPosition;
  state: LiveState;
}

/** Words (4 bytes) a step of the copy moves by default: 64 Ki, well under a millisecond of copying. */
export const SHARE_STEP_WORDS = 1 << 16;

export interface ShareStepOptions {
  /** Words a step copies, about (one larger item may pass it). Default SHARE_STEP_WORDS. */
  stepWords?: number;
  /** Called at each pause with the words the step copied (benches, tests). */
  onStep?: (words: number) => void;
}

const share = (bytes: number): SharedArrayBuffer => new SharedArrayBuffer(bytes);
type Typed = Uint32Array | Int32Array | Uint8Array;

/** Counts the words copied and pauses once a step's worth is done. */
class Meter {
  private words = 0;
  constructor(
    readonly step: number,
    private readonly onStep?: (words: number) => void,
  ) {}

  add(words: number): void {
    this.words += words;
  }

  /** Whether this step has done its share. */
  get due(): boolean {
    return this.words >= this.step;
  }

  /** Words this step may still copy. */
  get room(): number {
    return Math.max(0, this.step - this.words);
  }

  /** A pause when this step has done its share (`force`: in any case). */
  *pause(force = false): Steps<void> {
    if (!force && !this.due) return;
    this.onStep?.(this.words);
    this.words = 0;
    yield;
  }

  /**
   * `body(from, to)` over items [0, `length`) of `wordsPer` words each, in pieces that fill the steps
   * (an item at least), pausing between them.
   */
  *each(length: number, wordsPer: number, body: (from: number, to: number) => void): Steps<void> {
    for (let from = 0; from < length;) {
      if (this.due) yield* this.pause();
      const to = Math.min(length, from + Math.max(1, Math.floor(this.room / wordsPer)));
      body(from, to);
      this.add((to - from) * wordsPer);
      from = to;
    }
  }

  /** A fold's steps, each filling the step's room (the fold's last item may pass it). */
  *fold<T>(task: FoldTask<T> & { worked: number }): Steps<T> {
    for (;;) {
      if (this.due) yield* this.pause();
      const done = task.step(Math.max(1, this.room));
      this.add(task.worked);
      if (done) return task.result();
    }
  }
}

/**
 * Copies the held version into shared memory, a step at a time, and releases it at the end (also
 * when the steps are stopped with `return()` once started). Batches may be applied to the engine
 * between the steps: the copy is of the held version.
 */
export function* shareHeldSteps(held: HeldVersion, options: ShareStepOptions = {}): Steps<SharedLiveEngine> {
  const meter = new Meter(Math.max(1, options.stepWords ?? SHARE_STEP_WORDS), options.onStep);
  try {
    // The hold (pinning the version, its state copied) is a step of its own.
    yield* meter.pause(true);
    // The engagement order as the held version's counts have it, in steps (read below).
    for (const pause of stepsOf(held.prepare())) yield* meter.pause(pause);
    const index = yield* indexSteps(held, meter);
    yield* meter.pause(true);
    return { index, position: held.position, state: held.state };
  } finally {
    held.release();
  }
}

/** Each pause of `steps` as `true` (so that the meter pauses there too). */
function* stepsOf(steps: Steps<void>): Generator<true> {
  for (let next = steps.next(); !next.done; next = steps.next()) yield true;
}

function* indexSteps(held: HeldVersion, meter: Meter): Steps<SharedIndex> {
  const v = held.index;
  const copy = <T extends Typed>(array: T) => copied(array, meter);
  const present = yield* copy(v.present);
  const postings = yield* postingsSteps(v.postings, Math.max(held.terms, v.postings.terms), meter);
  const followers = yield* postingsSteps(v.followers, Math.max(v.size, v.followers.terms), meter);
  const columns = {} as Record<CategoricalField, Uint32Array>;
  for (const f of CATEGORICAL_FIELDS) columns[f] = yield* copy(v.columns[f]);
  const rows = {} as Record<RowName, Csr>;
  for (const name of ROWS) rows[name] = yield* rowsSteps(v[name], meter);
  const postTermRows = yield* postRowsSteps(held, meter);
  const a = v.accounts;
  const accounts = {
    followers: yield* copy(a.followers),
    following: yield* copy(a.following),
    posts: yield* copy(a.posts),
    flags: yield* copy(a.flags),
    slot: yield* copy(a.slot),
    sampleKey: yield* copy(a.sampleKey),
    ids: yield* stringsSteps(a.ids, meter),
    handles: yield* stringsSteps(a.handles, meter),
    names: yield* stringsSteps(a.names, meter),
    bios: yield* stringsSteps(a.bios, meter),
  };
  const handleTable = yield* handlesSteps(v, meter);
  const p = v.posts;
  const posts = {
    count: p.count,
    author: yield* copy(p.author),
    likes: yield* copy(p.likes),
    reposts: yield* copy(p.reposts),
    replies: yield* copy(p.replies),
    byEngagement: yield* copy(p.byEngagement),
    kept: yield* copy(p.kept),
    ids: yield* stringsSteps(p.ids, meter),
    at: yield* stringsSteps(p.at, meter),
    text: yield* stringsSteps(p.text, meter),
  };
  const terms = yield* termsSteps(v, held.terms, meter);
  return {
    header: v.header,
    scale: v.scale,
    size: v.size,
    population: v.population,
    present,
    terms,
    postings,
    followers,
    columns,
    ...rows,
    postTermRows,
    accounts,
    handleTable,
    posts,
    catalogue: v.catalogue.parts(),
    stats: v.stats,
  };
}

/** `array` copied into shared memory a step's worth at a time (always a copy: batches may write the original once it is released). */
function* copied<T extends Typed>(array: T, meter: Meter): Steps<T> {
  const Ctor = array.constructor as new (buffer: SharedArrayBuffer) => T;
  const out = new Ctor(share(array.byteLength));
  yield* meter.each(array.length, array.BYTES_PER_ELEMENT / 4, (from, to) =>
    out.set(array.subarray(from, to), from),
  );
  return out;
}

/** The dictionary as the held version had it (later batches append their terms), a piece at a time. */
function* termsSteps(v: AudienceIndex, size: number, meter: Meter): Steps<TermTableParts> {
  const values: string[] = [];
  const fields = new Uint8Array(size);
  yield* meter.each(size, 1, (from, to) => {
    const piece = v.terms.slice(from, to);
    for (const value of piece.values) values.push(value);
    fields.set(piece.fields, from);
  });
  const { liveFrom, firstSeen } = v.terms;
  return {
    values,
    fields,
    ...(firstSeen && { firstSeen: firstSeen.slice(0, size) }),
    ...(liveFrom !== undefined && { liveFrom }),
  };
}

/** A posting store as the held version reads it (its log's entries merged), dense terms' bitsets packed. */
function* postingsSteps(store: PostingStore, terms: number, meter: Meter): Steps<SharedPostings> {
  const [log, ver] = store instanceof LivePostingStore ? [store.log, store.ver] : [new PostingLog(store), 0];
  const folded = yield* meter.fold(new PostingFold(log, ver, terms, share));
  const dense = [...folded.dense.entries()].sort(([x], [y]) => x - y);
  const denseTerms = new Uint32Array(share(dense.length * 4));
  const denseEnds = new Uint32Array(share(dense.length * 4));
  let words = 0;
  dense.forEach(([term, bits], k) => {
    denseTerms[k] = term;
    denseEnds[k] = words += bits.length;
  });
  const denseBits = new Uint32Array(share(words * 4));
  for (let k = 0; k < dense.length; k++) {
    const [bits, at] = [dense[k]![1], k === 0 ? 0 : denseEnds[k - 1]!];
    yield* meter.each(bits.length, 1, (from, to) => denseBits.set(bits.subarray(from, to), at + from));
  }
  const { size, counts, offsets, data } = folded;
  return { size, counts, offsets, data, denseTerms, denseEnds, denseBits };
}

/** A CSR as the held version reads it: a live one's log merged, a plain one copied. */
function* rowsSteps(csr: Csr, meter: Meter): Steps<Csr> {
  if (csr instanceof LazyCsr) {
    const { log, ver, rows } = csr.source;
    return yield* meter.fold(rowFold(log, ver, rows, share));
  }
  return { offsets: yield* copied(csr.offsets, meter), data: yield* copied(csr.data, meter) };
}

/**
 * The posts' term rows at the held version, as `compact()` leaves them: the folded CSR with the
 * rows of posts added since, and deleted posts' rows empty.
 */
function* postRowsSteps(held: HeldVersion, meter: Meter): Steps<Csr> {
  const { base, live, rows } = held.postRows;
  const deleted = held.state.deletedPosts;
  function* changes(): Generator<readonly [number, ArrayLike<number>]> {
    for (const [p, row] of live) if (!sortedHas(deleted, p)) yield [p, row];
    for (const p of deleted) yield [p, NO_ROW];
  }
  return yield* meter.fold(new CsrFold(base, changes(), rows, share));
}

const NO_ROW = new Uint32Array(0);

function sortedHas(sorted: Uint32Array, value: number): boolean {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] === value) return true;
    if (sorted[mid]! < value) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}

/**
 * The handle table at the held version: the base table with the handles its log changed by then
 * added (as a compaction folds them, live-handles.ts `foldHandles`), or, once that would be over half
 * full, built again from the version's accounts.
 */
function* handlesSteps(v: AudienceIndex, meter: Meter): Steps<Int32Array> {
  const handles = v.handles;
  const base = handles instanceof LiveHandleIndex ? handles.base : handles;
  const table = yield* copied(base.table, meter);
  if (!(handles instanceof LiveHandleIndex)) return table;
  let used = 0;
  yield* meter.each(table.length, 1, (from, to) => {
    for (let at = from; at < to; at++) if (table[at] !== -1) used++;
  });
  const mask = table.length - 1;
  // Read as the log grows: a handle changed after the held version has no entry at or before it.
  for (const [handle, list] of handles.log.changes) {
    let i = list.length - 1;
    while (i >= 0 && list[i]![0] > handles.ver) i--;
    meter.add(1);
    const n = i >= 0 ? list[i]![1] : -1;
    if (n >= 0) {
      let at = fnv1a(handle) & mask;
      while (table[at] !== -1 && table[at] !== n) at = (at + 1) & mask;
      if (table[at] === -1) {
        table[at] = n;
        used++;
      }
    }
    if (meter.due) yield* meter.pause();
  }
  if (used * 2 <= table.length) return table;
  return yield* builtHandles(v, meter);
}

/** `HandleIndex.build` over the version's accounts, in steps. */
function* builtHandles(v: AudienceIndex, meter: Meter): Steps<Int32Array> {
  const table = new Int32Array(share(HandleIndex.tableLength(v.size) * 4));
  yield* meter.each(table.length, 1, (from, to) => table.fill(-1, from, to));
  const mask = table.length - 1;
  const { slot, handles } = v.accounts;
  yield* meter.each(v.size, 4, (from, to) => {
    for (let n = from; n < to; n++) {
      const handle = hasBit(v.present, n) && slot[n] ? normaliseHandle(handles.get(slot[n]! - 1)) : '';
      if (!handle) continue;
      let at = fnv1a(handle) & mask;
      while (table[at] !== -1) at = (at + 1) & mask;
      table[at] = n;
    }
  });
  return table;
}

/** A part of a string column: its first `size` entries. */
interface Segment {
  readonly source: StringSource;
  readonly size: number;
}

/** The column's parts: a live column is its base's entries, then those the stream added. */
function segmentsOf(source: StringSource, size = source.size): Segment[] {
  if (source instanceof CompositeStrings) {
    const base = Math.min(size, source.baseSize);
    return [...segmentsOf(source.base, base), ...segmentsOf(source.live, size - base)];
  }
  return size > 0 ? [{ source, size }] : [];
}

/**
 * A string column at the held version as shared UTF-8 (PackedStrings' parts), in two passes a piece
 * of a block at a time: each entry's end in bytes, then the bytes encoded straight into the shared
 * array (no buffer per block: at a million accounts those made the collector pause the steps).
 */
function* stringsSteps(column: StringSource, meter: Meter): Steps<SharedStrings> {
  const segments = segmentsOf(column);
  const ends = new Uint32Array(share(column.size * 4));
  let [slot, bytes] = [0, 0];
  for (const { source, size } of segments) {
    if (source instanceof PackedStrings) {
      const [from, base] = [slot, bytes];
      yield* meter.each(size, 1, (f, t) => {
        for (let i = f; i < t; i++) ends[from + i] = base + source.ends[i]!;
      });
      [slot, bytes] = [slot + size, bytes + source.ends[size - 1]!];
      continue;
    }
    for (const block of blocksOf(source, size))
      for (const piece of piecesOf(block, meter)) {
        bytes = utf8Ends(piece, ends, slot, bytes);
        slot += piece.ends.length;
        meter.add(piece.ends.length + piece.joined.length / 4);
        yield* meter.pause();
      }
  }
  const out = new Uint8Array(share(bytes));
  const encoder = new TextEncoder();
  [slot, bytes] = [0, 0];
  for (const { source, size } of segments) {
    if (source instanceof PackedStrings) {
      const at = bytes;
      const length = source.ends[size - 1]!;
      yield* meter.each(length, 1 / 4, (f, t) => out.set(source.bytes.subarray(f, t), at + f));
      [slot, bytes] = [slot + size, bytes + length];
      continue;
    }
    for (const block of blocksOf(source, size))
      for (const piece of piecesOf(block, meter)) {
        const end = ends[slot + piece.ends.length - 1]!;
        encodeInto(encoder, piece, out.subarray(bytes, end));
        [slot, bytes] = [slot + piece.ends.length, end];
        meter.add(piece.ends.length + piece.joined.length / 4);
        yield* meter.pause();
      }
  }
  return { bytes: out, ends };
}

/** Any character past ASCII (a block without one has as many bytes as characters). */
const NOT_ASCII = /[\u0080-\uffff]/;

/** Writes the UTF-8 end of each entry of `block` from `slot` on, counted from `base` bytes; the last. */
function utf8Ends(
  block: { joined: string; ends: Uint32Array },
  ends: Uint32Array,
  slot: number,
  base: number,
): number {
  const { joined } = block;
  const ascii = !NOT_ASCII.test(joined);
  let [at, prev] = [base, 0];
  for (let k = 0; k < block.ends.length; k++) {
    const end = block.ends[k]!;
    at += ascii ? end - prev : utf8Length(joined, prev, end);
    ends[slot + k] = at;
    prev = end;
  }
  return at;
}

/**
 * Encodes the block into `into` (exactly its entries' bytes): at once, or entry by entry where an
 * entry ends in half a surrogate pair that the next one completes (each half is U+FFFD alone).
 */
function encodeInto(
  encoder: InstanceType<typeof TextEncoder>,
  block: { joined: string; ends: Uint32Array },
  into: Uint8Array,
): void {
  const { joined, ends } = block;
  if (encoder.encodeInto(joined, into).written === into.length) return;
  let [at, prev] = [0, 0];
  for (const end of ends) {
    at += encoder.encodeInto(joined.slice(prev, end), into.subarray(at)).written;
    prev = end;
  }
}

/**
 * A block of strings in pieces of entries that fill the step's room (about: a character counted as
 * a byte), the block itself when it fits (always, with steps of the default size).
 */
function* piecesOf(
  block: { joined: string; ends: Uint32Array },
  meter: Meter,
): Generator<{ joined: string; ends: Uint32Array }> {
  const { joined, ends } = block;
  for (let k = 0; k < ends.length;) {
    const from = k === 0 ? 0 : ends[k - 1]!;
    let end = k + 1;
    let words = 1 + (ends[k]! - from) / 4;
    while (end < ends.length && words + 1 + (ends[end]! - ends[end - 1]!) / 4 <= meter.room) {
      words += 1 + (ends[end]! - ends[end - 1]!) / 4;
      end++;
    }
    yield k === 0 && end === ends.length
      ? block
      : { joined: joined.slice(from, ends[end - 1]), ends: ends.subarray(k, end).map((e) => e - from) };
    k = end;
  }
}

/** The first `size` entries of a column, a block of 512 at a time. */
function* blocksOf(source: StringSource, size: number): Generator<{ joined: string; ends: Uint32Array }> {
  if (source instanceof StringColumn) {
    yield* source.blocksOf(size);
    return;
  }
  for (let from = 0; from < size; from += 512) {
    const entries = Array.from({ length: Math.min(512, size - from) }, (_, k) => source.get(from + k));
    const ends = new Uint32Array(entries.length);
    let at = 0;
    entries.forEach((s, k) => (ends[k] = at += s.length));
    yield { joined: entries.join(''), ends };
  }
}
