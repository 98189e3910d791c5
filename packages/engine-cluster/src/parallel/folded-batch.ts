import {
  CATEGORICAL_FIELDS,
  fieldIndex,
  TermTable,
  asExportRecord,
  AccountTerms,
  keepsText,
  type KeepPostText,
  actorsOf,
  countOf,
  PostTerms,
} from '@murmur/engine/ingest';
import { prepareTexts } from '@murmur/core/text';

/** What each folded record is; its numbers and strings follow in the batch's streams (merge-batch.ts). */
export const OP = {
  /** A line skipped unparsed (a record type the engine does not use). */
  skipped: 0,
  ignored: 1,
  invalid: 2,
  account: 3,
  following: 4,
  post: 5,
  catalogue: 6,
  end: 7,
} as const;

/**
 * Records of one byte range of the export, folded by a parse worker into flat streams that move to
 * the main thread without a structured clone of object graphs (typed arrays are transferred; the
 * strings travel as one joined string each). Term ids are the worker's own; `terms` lists those it
 * numbered for the first time in this batch, so the main thread extends its remap in order.
 */
export interface FoldedBatch {
  chunk: number;
  /** Whether this is the chunk's last batch. */
  last: boolean;
  /** Lines of the chunk read into this batch, blank ones included. */
  lines: number;
  terms: { joined: string; ends: Uint32Array; fields: Uint8Array };
  ops: Uint8Array;
  nums: Float64Array;
  strings: { joined: string; ends: Uint32Array };
  /** Catalogue records as parsed (a few per export). */
  catalogues: unknown[];
  /** The chunk's first line that is not JSON (1-based in the chunk) and its first 80 characters. */
  error?: { line: number; head: string };
}

class Growable<T extends Uint8Array | Float64Array> {
  length = 0;
  constructor(
    public data: T,
    private readonly make: (n: number) => T,
  ) {}
  push(v: number): void {
    if (this.length === this.data.length) {
      const next = this.make(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = v;
  }
  /** The filled part, and a fresh buffer for the next batch. */
  take(): T {
    const out = this.data.subarray(0, this.length) as T;
    this.data = this.make(this.data.length);
    this.length = 0;
    return out;
  }
}

const joinStrings = (list: string[]): { joined: string; ends: Uint32Array } => {
  const ends = new Uint32Array(list.length);
  let at = 0;
  for (let i = 0; i < list.length; i++) ends[i] = at += list[i]!.length;
  return { joined: list.join(''), ends };
};

/** Records held for one segmentation of their texts (BatchWriter.add). */
const HOLD = 64;

/** A parse worker's folding of parsed records into batches, with its own term table. */
export class BatchWriter {
  private readonly terms = new TermTable();
  private readonly accountTerms = new AccountTerms(this.terms);
  private readonly postTerms = new PostTerms(this.terms);
  private readonly actors: number[] = [];
  private sentTerms = 0;
  private ops = new Growable(new Uint8Array(1 << 16), (n) => new Uint8Array(n));
  private nums = new Growable(new Float64Array(1 << 20), (n) => new Float64Array(n));
  private strings: string[] = [];
  private stringChars = 0;
  private catalogues: unknown[] = [];
  lines = 0;

  constructor(private readonly keep: KeepPostText) {}

  /** Numbers and characters held so far, to decide when to send. */
  get size(): number {
    return this.nums.length * 8 + this.stringChars * 2;
  }

  skipped(): void {
    this.flush();
    this.ops.push(OP.skipped);
  }

  /**
   * Records are held HOLD at a time, so that their texts' Japanese and Chinese runs are segmented
   * together (prepareTexts: many runs to one ICU call) before they are folded in order.
   */
  add(value: unknown): void {
    this.held.push(value);
    if (this.held.length >= HOLD) this.flush();
  }

  private readonly held: unknown[] = [];
  private readonly texts: string[] = [];

  /** Folds the held records, in order, after one segmentation of their texts' new runs. */
  private flush(): void {
    const { held, texts } = this;
    if (held.length === 0) return;
    for (const value of held) {
      const r = value as { type?: unknown; bio?: unknown; text?: unknown } | null;
      const text = r?.type === 'account' ? r.bio : r?.type === 'post' ? r.text : undefined;
      if (typeof text === 'string' && text !== '') texts.push(text);
    }
    prepareTexts(texts);
    texts.length = 0;
    for (const value of held) this.fold(value);
    held.length = 0;
  }

  private fold(value: unknown): void {
    const r = asExportRecord(value);
    if (r === 'ignored' || r === 'invalid') return this.ops.push(OP[r]);
    const nums = this.nums;
    switch (r.type) {
      case 'account': {
        const profile = this.accountTerms.of(r);
        this.ops.push(OP.account);
        nums.push(r.n);
        for (const cell of this.accountTerms.cells) nums.push(cell);
        nums.push(countOf(r.followers));
        nums.push(countOf(r.following));
        nums.push(countOf(r.posts));
        nums.push((r.verified === true ? 1 : 0) | (r.protected === true ? 2 : 0));
        this.list(profile);
        this.text(String(r.id ?? ''), String(r.handle ?? ''), String(r.name ?? ''), String(r.bio ?? ''));
        return;
      }
      case 'following':
        this.ops.push(OP.following);
        nums.push(r.n);
        return this.list(r.to.filter((t) => Number.isInteger(t) && t >= 0));
      case 'post': {
        const row = this.postTerms.of(r);
        const [likes, reposts, replies] = [countOf(r.likes), countOf(r.reposts), countOf(r.replies)];
        this.ops.push(OP.post);
        for (const v of [r.n, r.author, likes, reposts, replies]) nums.push(v);
        this.list(row);
        this.list(actorsOf(r.likedBy, this.actors));
        this.list(actorsOf(r.repostedBy, this.actors));
        const kept = keepsText(this.keep, likes, reposts, replies);
        nums.push(kept ? 1 : 0);
        if (kept)
          this.text(
            String(r.id ?? ''),
            typeof r.at === 'string' ? r.at : '',
            typeof r.text === 'string' ? r.text : '',
          );
        return;
      }
      case 'catalogue':
        this.ops.push(OP.catalogue);
        this.catalogues.push(r);
        return;
      case 'end':
        this.ops.push(OP.end);
        nums.push(r.records);
    }
  }

  /** The batch so far (and its transfer list); the writer starts the next one empty. */
  take(chunk: number, last: boolean, error?: FoldedBatch['error']): [FoldedBatch, ArrayBuffer[]] {
    this.flush();
    const values = this.terms.values.slice(this.sentTerms);
    const fields = new Uint8Array(values.length);
    for (let i = 0; i < values.length; i++) fields[i] = fieldIndex(this.terms.field(this.sentTerms + i));
    this.sentTerms = this.terms.size;
    const terms = { ...joinStrings(values), fields };
    const strings = joinStrings(this.strings);
    const batch: FoldedBatch = {
      chunk,
      last,
      lines: this.lines,
      terms,
      ops: this.ops.take(),
      nums: this.nums.take(),
      strings,
      catalogues: this.catalogues,
      ...(error && { error }),
    };
    this.strings = [];
    this.stringChars = 0;
    this.catalogues = [];
    this.lines = 0;
    const buffers = [
      batch.ops.buffer,
      batch.nums.buffer,
      terms.ends.buffer,
      fields.buffer,
      strings.ends.buffer,
    ];
    return [batch, buffers as ArrayBuffer[]];
  }

  private list(values: ArrayLike<number>): void {
    this.nums.push(values.length);
    for (let i = 0; i < values.length; i++) this.nums.push(values[i]!);
  }

  private text(...values: string[]): void {
    for (const v of values) {
      this.strings.push(v);
      this.stringChars += v.length;
    }
  }
}

/** Numbers per account before its profile list: n, one cell per categorical field, 3 counts, flags. */
export const ACCOUNT_HEAD = 1 + CATEGORICAL_FIELDS.length + 4;
