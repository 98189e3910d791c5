// The live index's background compactions (README "Live updates", docs/LIVE.md): the logs' entries
// up to a version folded into a new base in slices (fold.ts), then the entries of later versions
// carried over to new logs over it, then swapped in by the live index. A fold may be shared with a
// follower, an engine given the same batches (the reports thread's), which adopts it instead of
// folding the same logs again (fold-share.ts).
import type { AudienceIndex } from '../postings/audience-index';
import type { Csr } from '../postings/csr';
import type { PostingStore } from '../postings/posting-store';
import { cpuMsSince, PostingFold, recordSlice, rowFold, sharedBuffer, type FoldTask } from './fold';
import {
  foldedParts,
  postingStoreOf,
  shapeMismatch,
  type FoldListener,
  type FoldMessage,
  type FoldShape,
} from './fold-share';
import { ROWS, type RowName } from './live-base';
import type { CompactionProgress, LiveStats } from './live-types';
import type { LivePostRows } from './post-rows';
import { PostingLog } from './posting-log';
import { RowLog } from './structures';

/** What the folds read of the live index, and how they hand it the result. */
export interface FoldHost {
  version(): number;
  current(): AudienceIndex;
  logs(): { postings: PostingLog; followers: PostingLog; rows: Record<RowName, RowLog> };
  readonly liveRows: LivePostRows;
  baseRows(): Csr;
  readonly stats: LiveStats;
  readonly sliceMs: number;
  /** Swaps the new logs in (caught up with every version), with the posts' folded term rows. */
  finish(logs: readonly (PostingLog | RowLog)[], postRows: Csr | undefined): void;
}

/** A log being carried over to its folded base (PostingLog or RowLog). */
interface Carry {
  step(budget: number): boolean;
  /** The new log. */
  readonly result: PostingLog | RowLog;
}

/** A fold's results: the postings, the followers, the rows in ROWS order, the posts' term rows. */
type FoldResults = [PostingStore, PostingStore, ...(Csr | undefined)[]];

interface Fold {
  ver: number;
  tasks: FoldTask<unknown>[];
  /** Shared with a follower (`listener`) under this id. */
  id?: number;
  /** Another engine's fold this one follows (`follow`), and this index's shape at its start. */
  follows?: { id: number; shape: FoldShape };
  progress: CompactionProgress;
  /** Once folded: the new logs, being filled with the entries of later versions. */
  carry?: Carry[];
  /** Once folded: the posts' term rows with the live posts' in (`LivePostRows`). */
  postRows?: Csr;
}

const progressAt = (version: number): CompactionProgress => ({
  version,
  slices: 0,
  longestSliceMs: 0,
  longestSliceCpuMs: 0,
  finishMs: 0,
});

export class Folds {
  private fold: Fold | undefined;
  private scheduled = false;
  private readonly done = new Set<FoldTask<unknown>>();
  /** The last background compaction's progress (slices, longest slice). */
  last: CompactionProgress | undefined;
  /** Told of each fold started from here on (the live index's `shareFolds`). */
  listener: FoldListener | undefined;
  /** A batch is being applied in chunks: a fold starting now cannot be followed. */
  chunking = false;

  constructor(private readonly host: FoldHost) {}

  get underway(): boolean {
    return this.fold !== undefined;
  }

  progress(): CompactionProgress | undefined {
    return this.fold ? { ...this.fold.progress } : undefined;
  }

  /** Folds the current version's logs in slices (a no-op while a fold is under way). */
  start(schedule = true): void {
    if (this.fold) return;
    const { host } = this;
    const [ver, v, logs] = [host.version(), host.current(), host.logs()];
    // Shared with a follower: in shared memory, and told, unless a batch is half applied (the
    // follower applies batches whole, so it has no version to start from there).
    const shared = this.listener !== undefined;
    const allocate = shared ? sharedBuffer : undefined;
    const tasks: FoldTask<unknown>[] = [
      new PostingFold(logs.postings, ver, v.terms.size, allocate, shared),
      new PostingFold(logs.followers, ver, v.size, allocate, shared),
      ...ROWS.map((name) => rowFold(logs.rows[name], ver, v.size, allocate)),
      ...host.liveRows.startFold(host.baseRows(), v.posts.count, allocate),
    ];
    const id = shared && !this.chunking ? ver : undefined;
    this.fold = { ver, tasks, ...(id !== undefined && { id }), progress: progressAt(ver) };
    if (id !== undefined) this.listener!({ type: 'start', id });
    if (schedule) this.schedule();
  }

  /** The fold under way is of a base being replaced: given up (a follower is told). */
  cancel(): void {
    if (this.fold?.id !== undefined) this.listener?.({ type: 'cancel', id: this.fold.id });
    this.fold = undefined;
    this.host.liveRows.cancelFold();
    this.done.clear();
  }

  /**
   * Follows a fold of a leading engine that applies the same batches (`listener` there), told in
   * the order of those batches: at `start` this index marks its version (the same state as the
   * leader's at its fold's version); given the fold, it adopts it as its base and carries only its
   * own entries of later versions, in slices as its own fold would. A fold whose shape differs
   * from this index's at the start (it did not follow every batch) is refused: it folds its own.
   */
  follow(message: FoldMessage): void {
    const { host } = this;
    const fold = this.fold;
    if (message.type === 'start') {
      // A fold of its own (the leader's were not coming) is given up unless it is carrying: that
      // and the carry of the last one followed are finished at once (they have every batch they need).
      if (fold?.carry) while (!this.step());
      else if (fold) this.cancel();
      const [ver, v, logs] = [host.version(), host.current(), host.logs()];
      const shape: FoldShape = {
        terms: v.terms.size,
        size: v.size,
        postingsSize: logs.postings.base.size,
        followersSize: logs.followers.base.size,
        posts: v.posts.count,
        postRows: host.liveRows.startFold(host.baseRows(), v.posts.count).length > 0,
      };
      this.fold = { ver, tasks: [], follows: { id: message.id, shape }, progress: progressAt(ver) };
      return;
    }
    if (!fold?.follows || fold.follows.id !== message.id || fold.carry) return;
    if (message.type === 'folded' && !shapeMismatch(message.fold, fold.follows.shape)) {
      const { postings, followers, rows, postRows } = message.fold;
      this.startCarry(fold, [postingStoreOf(postings), postingStoreOf(followers), ...rows, postRows]);
      this.schedule();
      return;
    }
    this.cancel();
    // Refused: the logs are folded here instead.
    if (message.type === 'folded') this.start();
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      if (this.fold && !this.step()) this.schedule();
    });
  }

  /** One slice (about `sliceMs`); true once the fold is finished and published (or none is under way). */
  step(): boolean {
    const fold = this.fold;
    if (!fold) return true;
    // A followed fold does nothing here until the leader's result comes.
    if (fold.follows && !fold.carry) return false;
    const { host } = this;
    const started = performance.now();
    const cpu = process.cpuUsage();
    let finished = false;
    // Small steps (about 32 k values each) until the slice's time is used.
    while (!finished) {
      if (!fold.carry) {
        const task = fold.tasks.find((t) => !this.done.has(t));
        if (!task) this.startCarry(fold, this.results(fold));
        else if (task.step(1 << 15)) this.done.add(task);
      } else if (fold.carry.every((log) => log.step(1 << 15))) {
        // Caught up with every version written: the folded base goes in now, between batches.
        const finishing = performance.now();
        host.finish(
          fold.carry.map((c) => c.result),
          fold.postRows,
        );
        fold.progress.finishMs = performance.now() - finishing;
        finished = true;
      }
      if (performance.now() - started >= host.sliceMs) break;
    }
    const cpuMs = cpuMsSince(cpu);
    host.stats.compactionCpuMs += cpuMs;
    recordSlice(fold.progress, performance.now() - started, cpuMs);
    if (finished) {
      host.stats.compactions++;
      if (fold.follows) host.stats.foldsFollowed++;
      this.last = fold.progress;
      this.fold = undefined;
    }
    return finished;
  }

  /** This index's own fold's results (told to a follower when shared). */
  private results(fold: Fold): FoldResults {
    const [postings, followers, ...csrs] = fold.tasks.map((t) => t.result()) as [
      PostingStore,
      PostingStore,
      ...Csr[],
    ];
    const rows = csrs.slice(0, ROWS.length);
    const postRows = csrs[ROWS.length];
    if (fold.id !== undefined) {
      const shared = { postings: foldedParts(postings), followers: foldedParts(followers), rows, postRows };
      this.listener?.({ type: 'folded', id: fold.id, fold: shared });
    }
    return [postings, followers, ...rows, postRows];
  }

  /** The folded bases are built: new logs over them, to be filled with the later versions' entries. */
  private startCarry(fold: Fold, results: FoldResults): void {
    const [postings, followers, ...rest] = results;
    const rows = rest.slice(0, ROWS.length) as Csr[];
    fold.postRows = rest[ROWS.length];
    this.done.clear();
    const ver = fold.ver;
    const old = this.host.logs();
    const nextPostings = new PostingLog(postings);
    const nextFollowers = new PostingLog(followers);
    const nextRows = ROWS.map((name, i) => {
      const log = new RowLog(rows[i]!);
      log.previous = new WeakRef(old.rows[name]);
      return log;
    });
    const cursors = Array.from({ length: 2 + ROWS.length }, () => ({ h: -1 }));
    fold.carry = [
      { step: (b) => old.postings.carryStep(nextPostings, ver, cursors[0]!, b), result: nextPostings },
      { step: (b) => old.followers.carryStep(nextFollowers, ver, cursors[1]!, b), result: nextFollowers },
      ...ROWS.map((name, i) => ({
        step: (b: number) => old.rows[name].carryStep(nextRows[i]!, ver, cursors[2 + i]!, b),
        result: nextRows[i]!,
      })),
    ];
  }
}
