import { ExportFormatError } from '../errors';
import { Catalogue } from '../postings/catalogue';
import type { AudienceIndex } from '../postings/audience-index';
import { RowBuilder } from '../postings/row-builder';
import { TermTable } from '../postings/term-table';
import { readHeader } from '../parse/header';
import { asExportRecord, type ExportHeader } from '../parse/records';
import { AccountBuilder } from './account-builder';
import { finaliseSteps } from './finalise';
import { finish as runSteps, type Steps } from '../util/steps';
import { PostBuilder, type KeepPostText } from './post-builder';

export interface BuildOptions {
  /** Real accounts per indexed account; overrides the export header's `scale`. */
  scale?: number;
  /** Which posts keep their text for the content wall (default: posts with any engagement). */
  keepPostText?: KeepPostText;
  /** Called every `progressEvery` records (default 100 000) with the records read so far. */
  onProgress?: (records: number) => void;
  progressEvery?: number;
  /** Called as each build stage ends ('read' for the streaming, then the finalising steps), for profiling. */
  onStage?: (stage: string, ms: number) => void;
  /**
   * Called after each record with the term dictionary's size, so a caller can tell which record
   * introduced which term (shards order their terms as the single engine would: shard-index.ts).
   */
  onRecordTerms?: (terms: number) => void;
  /**
   * Keep each post's own term row (`AudienceIndex.postTermRows`): what the live index needs to take
   * a deleted post's words away from its author (src/live/).
   */
  keepPostTerms?: boolean;
}

export interface Builders {
  header: ExportHeader;
  terms: TermTable;
  catalogue: Catalogue;
  accounts: AccountBuilder;
  posts: PostBuilder;
  follows: RowBuilder;
}

/** Receives the export's records one at a time (header first) and builds the index at the end. */
export class RecordSink {
  private b: Builders | undefined;
  private records = 0;
  private ignored = 0;
  private invalid = 0;
  private trailer: number | undefined;
  private readonly startedAtMs = Date.now();
  private readonly startedAt = performance.now();

  constructor(private readonly options: BuildOptions = {}) {}

  /** A record seen but not parsed because its type is one the engine ignores. */
  skip(): void {
    if (!this.b)
      throw new ExportFormatError('Not a Murmur sandbox export: the first line is not its header.');
    this.records++;
    this.ignored++;
  }

  /** One parsed record. The first must be the header. */
  add(value: unknown): void {
    this.addRecord(value);
    if (this.b) this.options.onRecordTerms?.(this.b.terms.size);
  }

  /** Whether the header has been read. */
  get started(): boolean {
    return this.b !== undefined;
  }

  /** The builders, for records folded on another thread (parallel build: merge-batch.ts). */
  get builders(): Builders {
    if (!this.b)
      throw new ExportFormatError('Not a Murmur sandbox export: the first line is not its header.');
    return this.b;
  }

  /** Counts one record folded on another thread and stored through `builders` (or ignored, invalid). */
  counted(kind: 'stored' | 'ignored' | 'invalid'): void {
    this.tick();
    if (kind === 'ignored') this.ignored++;
    else if (kind === 'invalid') this.invalid++;
  }

  /** The trailer's record count, from a record folded on another thread. */
  ended(records: number): void {
    this.trailer = records;
  }

  private tick(): void {
    this.records++;
    if (this.records % (this.options.progressEvery ?? 100_000) === 0) this.options.onProgress?.(this.records);
  }

  private addRecord(value: unknown): void {
    this.tick();
    if (!this.b) {
      this.b = this.start(readHeader(value));
      return;
    }
    const r = asExportRecord(value);
    if (r === 'ignored' || r === 'invalid') {
      if (r === 'ignored') this.ignored++;
      else this.invalid++;
      return;
    }
    switch (r.type) {
      case 'account':
        return this.b.accounts.add(r);
      case 'following':
        return this.b.follows.set(
          r.n,
          r.to.filter((t) => Number.isInteger(t) && t >= 0),
        );
      case 'post':
        return this.b.posts.add(r);
      case 'catalogue':
        return this.b.catalogue.add(r);
      case 'end':
        this.trailer = r.records;
    }
  }

  finish(): AudienceIndex {
    return runSteps(this.finishSteps());
  }

  /** `finish` with a pause between the index's stages (finalise.ts `finaliseSteps`). */
  *finishSteps(): Steps<AudienceIndex> {
    if (!this.b) throw new ExportFormatError('The export is empty: expected a header line.');
    if (this.trailer !== undefined && this.trailer !== this.records) {
      throw new ExportFormatError(
        `The export is incomplete: its trailer counts ${this.trailer} records, ${this.records} were read.`,
      );
    }
    const scale = this.options.scale ?? this.b.header.scale ?? 1;
    const { onStage } = this.options;
    let last = this.startedAt;
    const mark = (stage: string) => {
      const now = performance.now();
      onStage?.(stage, now - last);
      last = now;
    };
    mark('read');
    const index = yield* finaliseSteps({
      ...this.b,
      scale,
      mark,
      keepPostTerms: this.options.keepPostTerms === true,
      stats: {
        records: this.records,
        ignoredRecords: this.ignored,
        invalidRecords: this.invalid,
        complete: this.trailer !== undefined,
        buildMs: 0,
      },
    });
    index.stats.buildMs = Date.now() - this.startedAtMs;
    return index;
  }

  private start(header: ExportHeader): Builders {
    const terms = new TermTable();
    return {
      header,
      terms,
      catalogue: new Catalogue(),
      accounts: new AccountBuilder(terms, header.accounts ?? 1024),
      posts: new PostBuilder(terms, this.options.keepPostText ?? 'engaged', header.counts?.posts ?? 1024),
      // Sized from the header's totals when it announces them, so the buffer needs no doubling.
      follows: new RowBuilder(Math.max(1024, header.counts?.follows ?? 1 << 20)),
    };
  }
}
