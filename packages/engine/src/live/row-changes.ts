import { EMPTY_ROW, csrRow, csrRows, type Csr } from '../postings/csr';
import { LazyCsr, type RowLog } from './structures';

/**
 * A version's rows (of a LazyCsr, or a plain CSR), held weakly, as a later version can compare
 * with them (`rowChangesSince`): a reader that keeps what it counted over some rows (the history's
 * follow and profile term tallies, insights/tally-carry.ts) re-reads only the rows that changed since.
 */
export interface RowsMark {
  /** The log the version was read from; undefined: a plain CSR (`base`), read as it is. */
  readonly log: WeakRef<RowLog> | undefined;
  readonly base: WeakRef<Csr>;
  readonly ver: number;
  readonly rows: number;
}

/** The mark of a version's rows (`csr`: a version's `following`, `likes`…). */
export function rowsMark(csr: Csr): RowsMark {
  if (!(csr instanceof LazyCsr))
    return { log: undefined, base: new WeakRef(csr), ver: -1, rows: csrRows(csr) };
  const { log, ver, rows } = csr.source;
  return { log: new WeakRef(log), base: new WeakRef(log.base), ver, rows };
}

/** The rows that may differ between a marked version and a later one (`rowChangesSince`). */
export interface RowChanges {
  /** False: row n is the same at both versions; true: it may differ (read it at both). */
  mayDiffer(n: number): boolean;
  /** Row n at the marked version. */
  before(n: number): Uint32Array;
}

const UNCHANGED = (): boolean => false;

/**
 * Which rows of `now` may differ from the marked version's, and what they were then; undefined when
 * that cannot be told: other rows (another engine, a rebuilt index), more than one compaction or
 * rebase since the mark, the marked log already collected, or `now` a plain CSR other than the
 * marked one (the version right after a rebase). A row that did not change may be said to (its two
 * readings are then equal), never the reverse.
 *
 * Within one log, a row changed after the mark has an entry of a later version. Across one
 * compaction (a new log whose base is the old log at the fold's version V, with the old log's
 * entries after V carried over and every later write), a row changed since the mark has an entry
 * after the mark in the old log (written up to V, or before the switch) or any entry in the new
 * log (written after V); a row with neither is the new base's row, the old log's at V, which is its
 * row at the mark (had it changed between V and the mark, the new log would hold that entry). A
 * rebase (growth, inline compaction: live-index.ts `rebase`) is one with V the current version.
 */
export function rowChangesSince(mark: RowsMark, now: Csr): RowChanges | undefined {
  const base = mark.base.deref();
  if (!base) return undefined;
  if (!(now instanceof LazyCsr)) {
    if (mark.log !== undefined || base !== now) return undefined;
    return { mayDiffer: UNCHANGED, before: (n) => csrRow(base, n) };
  }
  const { log, ver } = now.source;
  if (!mark.log) {
    // A plain CSR is a log's base before its first write: this log's, or (a compaction since) the
    // one before's — a row log that no event wrote to (the profile terms on days without a profile
    // update) is read as its plain base until then.
    if (base === log.base)
      return {
        mayDiffer: (n) => n >= mark.rows || log.changedAfter(n, -1),
        before: (n) => (n >= mark.rows ? EMPTY_ROW : csrRow(base, n)),
      };
    const previous = log.previous?.deref();
    if (previous?.base !== base) return undefined;
    return {
      mayDiffer: (n) => n >= mark.rows || log.changedAfter(n, -1) || previous.changedAfter(n, -1),
      before: (n) => (n >= mark.rows ? EMPTY_ROW : csrRow(base, n)),
    };
  }
  const old = mark.log.deref();
  if (!old || mark.ver > ver) return undefined;
  const then = new LazyCsr(old, mark.ver, mark.rows);
  const before = (n: number) => then.row(n);
  if (old === log) return { mayDiffer: (n) => n >= mark.rows || log.changedAfter(n, mark.ver), before };
  if (log.previous?.deref() !== old) return undefined;
  return {
    mayDiffer: (n) => n >= mark.rows || log.changedAfter(n, -1) || old.changedAfter(n, mark.ver),
    before,
  };
}
