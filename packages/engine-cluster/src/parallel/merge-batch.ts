import {
  CATEGORICAL_FIELDS,
  FIELDS,
  type CatalogueRecord,
  invalidLine,
  type RecordSink,
} from '@murmur/engine/ingest';
import { OP, type FoldedBatch } from './folded-batch';

/**
 * Folds parse workers' batches into the sink's builders, strictly in file order. Each worker's term
 * ids are remapped to the global table: a worker lists the terms it numbers in first-seen order, and
 * as batches are merged in file order, the terms new to the whole export get global ids in the
 * order the sequential build would give them. The builders' own `place` stores each record, as for
 * a record read on this thread.
 */
export class BatchMerger {
  private readonly remaps = new Map<number, number[]>();
  private readonly cells = new Array<number>(CATEGORICAL_FIELDS.length).fill(0);
  private readonly lists: [number[], number[]] = [[], []];
  /** Lines before the chunk being merged (the header's included), for error messages. */
  linesBefore: number;

  constructor(
    private readonly sink: RecordSink,
    linesBefore: number,
  ) {
    this.linesBefore = linesBefore;
  }

  /** @throws ExportFormatError at a line that is not JSON, numbered as the sequential build does. */
  merge(batch: FoldedBatch, worker: number): void {
    const { accounts, posts, follows, catalogue } = this.sink.builders;
    const table = this.sink.builders.terms;
    let remap = this.remaps.get(worker);
    if (!remap) this.remaps.set(worker, (remap = []));
    const t = batch.terms;
    for (let i = 0, from = 0; i < t.fields.length; from = t.ends[i++]!)
      remap.push(table.id(FIELDS[t.fields[i]!]!, t.joined.slice(from, t.ends[i])));

    const { ops, nums } = batch;
    const s = batch.strings;
    let k = 0;
    let si = 0;
    let catalogues = 0;
    const str = (): string => s.joined.slice(si === 0 ? 0 : s.ends[si - 1], s.ends[si++]);
    // A list of term ids (length first), remapped into one of two scratch arrays.
    const terms = (into: 0 | 1): number[] => {
      const out = this.lists[into];
      out.length = nums[k++]!;
      for (let i = 0; i < out.length; i++) out[i] = remap[nums[k++]!]!;
      return out;
    };
    // A list of account numbers (length first), read in place.
    const numbers = (): Float64Array => {
      const length = nums[k++]!;
      k += length;
      return nums.subarray(k - length, k);
    };
    for (let o = 0; o < ops.length; o++) {
      const op = ops[o]!;
      if (op === OP.skipped) {
        this.sink.skip();
        continue;
      }
      this.sink.counted(op === OP.ignored ? 'ignored' : op === OP.invalid ? 'invalid' : 'stored');
      switch (op) {
        case OP.account: {
          const n = nums[k++]!;
          for (let c = 0; c < this.cells.length; c++) {
            const cell = nums[k++]!;
            this.cells[c] = cell === 0 ? 0 : remap[cell - 1]! + 1;
          }
          const [followers, following, postCount, flags] = [nums[k++]!, nums[k++]!, nums[k++]!, nums[k++]!];
          const profile = terms(0);
          const [id, handle, name, bio] = [str(), str(), str(), str()];
          accounts.place({
            n,
            id,
            handle,
            name,
            bio,
            cells: this.cells,
            followers,
            following,
            posts: postCount,
            flags,
            profile,
          });
          break;
        }
        case OP.following: {
          const n = nums[k++]!;
          follows.set(n, numbers());
          break;
        }
        case OP.post: {
          const [n, author, likes, reposts, replies] = [
            nums[k++]!,
            nums[k++]!,
            nums[k++]!,
            nums[k++]!,
            nums[k++]!,
          ];
          const row = terms(1);
          const likedBy = numbers();
          const repostedBy = numbers();
          const kept = nums[k++] === 1;
          const [id, at, text] = kept ? [str(), str(), str()] : ['', '', ''];
          posts.place({ n, author, likes, reposts, replies, row, likedBy, repostedBy, kept, id, at, text });
          break;
        }
        case OP.catalogue:
          catalogue.add(batch.catalogues[catalogues++] as CatalogueRecord);
          break;
        case OP.end:
          this.sink.ended(nums[k++]!);
      }
    }
    if (batch.error) throw invalidLine(this.linesBefore + batch.error.line, batch.error.head);
    this.linesBefore += batch.lines;
  }
}
