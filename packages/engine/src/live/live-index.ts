import type { LiveEvent, LivePost, LiveUser } from '@murmur/core/live';
import { resolveLocationText } from '@murmur/core/live';
import { countBits, hasBit } from '../bits/bitset';
import { AccountTerms } from '../ingest/account-terms';
import { PostTerms } from '../ingest/post-terms';
import type { AccountColumns, AudienceIndex, PostColumns } from '../postings/audience-index';
import { csrRow, type Csr } from '../postings/csr';
import { CATEGORICAL_FIELDS, type CategoricalField } from '../postings/fields';
import { HandleIndex, normaliseHandle } from '../postings/handle-index';
import type { PostingStore } from '../postings/posting-store';
import type { AccountRecord, PostRecord } from '../parse/records';
import { StringColumn } from '../util/string-column';
import type { CatalogueItem } from '../parse/records';
import { groupPairs } from '../postings/csr';
import { PostingFold, RowFold, type FoldTask } from './fold';
import { PendingReferences, type Held } from './pending';
import {
  LiveIndexError,
  ROWS,
  bitsToList,
  compactIndex,
  everyPostNumberKept,
  withCapacity,
  type RowName,
} from './live-base';
import {
  Buffered,
  foldHandles,
  CompositeStrings,
  HandleLog,
  LazyCsr,
  LiveHandleIndex,
  LivePostingStore,
  PostingLog,
  RowLog,
  grown,
  reorderEngagement,
  replaceRows,
} from './structures';

/** The stream position applied: per partition, the last sequence number (JetStream's). */
export type StreamPosition = Record<string, number>;

export interface LiveStats {
  /** Events that changed the index. */
  applied: number;
  /** Events that changed nothing: replays, a follow of an existing edge, unknown accounts or posts. */
  skipped: number;
  /**
   * Events held when they came, neither applied nor skipped (each event counts once, in one of the
   * three): a reference to an account or post not seen yet, or a delete of a post not seen yet. What
   * they change is applied later, when that account or post comes (docs/LIVE.md).
   */
  deferred: number;
  /** References and tombstones held now (at most LiveOptions.maxHeld). */
  held: number;
  /** Terms and accounts whose postings differ from the last compaction's. */
  deltaTerms: number;
  /** Approximate bytes of the postings materialised since the last compaction. */
  deltaBytes: number;
  /** `at` of the latest event applied (ms since the epoch), 0 before any. */
  lastEventAt: number;
  /** When the last batch was applied (ms since the epoch), 0 before any. */
  lastAppliedAt: number;
  compactions: number;
}

/**
 * What a live index knows beyond its current version, kept in its snapshots (live-snapshot.ts):
 * without it a restored index would accept events its rules refuse (contract refinements).
 */
export interface LiveState {
  /** The next account number a new account takes. */
  nextAccount: number;
  /** Post numbers deleted (their slots stay until a rebuild). */
  deletedPosts: Uint32Array;
  /** Live replies and their parents: reply, parent, reply, parent, … */
  replyTo: Uint32Array;
  /** Reposts by id (a repost is an engagement, contract rule 4): actor and original post per id. */
  repostIds: string[];
  repostPairs: Uint32Array;
  /** Accounts deleted or suspended (their `user` events ignored until a restore). */
  removed: string[];
  /** The location text last applied per account, id then text (contract refinement: rule 2). */
  locationTexts: string[];
  /** Held references and tombstones, oldest first (pending.ts); absent in older snapshots. */
  pending?: string[];
}

/** Background compaction's progress (README "Live updates"). */
export interface CompactionProgress {
  /** The version being folded into a new base. */
  version: number;
  /** Slices run so far, and the longest one (ms): wall clock, and CPU time of this process. */
  slices: number;
  longestSliceMs: number;
  longestSliceCpuMs: number;
  /** The last slice's publishing of the result (new logs carrying later entries, handle table), ms. */
  finishMs: number;
}

export interface LiveOptions {
  /** Accounts that can be added before arrays are reallocated (default: a quarter of the base, ≥ 1024). */
  headroom?: number;
  /** Event keys remembered for idempotency (default 1 M). */
  keyMemory?: number;
  /** Compact once the delta postings hold this many bytes (default 64 MB). */
  compactBytes?: number;
  /**
   * How compaction runs once the deltas pass `compactBytes`: 'background' (default) folds them in
   * slices of about `sliceMs` between other work (setImmediate), 'inline' inside `apply`.
   */
  compaction?: 'background' | 'inline';
  /** The time a background compaction slice aims at (default 4 ms). */
  sliceMs?: number;
  /** References and tombstones held for accounts and posts not seen yet (default 500 000). */
  maxHeld?: number;
}

const COUNTS = ['followers', 'following', 'posts'] as const;
const LOCATION_FIELDS = new Set<CategoricalField>(['country', 'region', 'metro', 'city']);
const PROTECTED = 2;
const VERIFIED = 1;

/** A log being carried over to its folded base (PostingLog or RowLog). */
interface Carry {
  step(budget: number): boolean;
  /** The new log. */
  readonly result: PostingLog | RowLog;
}

export { LiveIndexError };

/**
 * The audience index as it follows the network (README "Live updates"). `current` is an immutable
 * AudienceIndex: every query reads one version; `apply` builds the next from the events, sharing
 * everything the batch did not touch, and swaps it in. Changed postings live as overrides over the
 * base postings until `compact` folds them into a new base.
 */
export class LiveIndex {
  private v: AudienceIndex;
  private version = 0;
  private readonly position: StreamPosition = {};
  private readonly idToN = new Map<string, number>();
  private readonly postIdToP = new Map<string, number>();
  /** Term rows of posts (base rows from the build, live posts' own); deleted posts dropped. */
  private baseRows: Csr;
  private readonly liveRows = new Map<number, readonly number[]>();
  private readonly deletedPosts = new Set<number>();
  private readonly replyTo = new Map<number, number>();
  /** Repost id → [actor, original post]: a repost is an engagement, not a post (contract rule 4). */
  private readonly reposts = new Map<string, readonly [number, number]>();
  private readonly removed = new Set<string>();
  /**
   * The location text each account's place columns were last resolved from, for accounts a `user`
   * event has named (the index does not keep the export's text; see `locationChanged`).
   */
  private readonly locationTexts = new Map<string, string>();
  private readonly keys = new Set<string>();
  /** @internal References waiting for an account or post another partition has not delivered yet. */
  readonly pending: PendingReferences;
  private readonly keyMemory: number;
  private readonly compactBytes: number;
  private readonly compaction: 'background' | 'inline';
  private readonly sliceMs: number;
  private fold:
    | {
        ver: number;
        tasks: FoldTask<unknown>[];
        progress: CompactionProgress;
        /** Once folded: the new logs, being filled with the entries of later versions. */
        carry?: { logs: Carry[]; cursors: { h: number }[] };
      }
    | undefined;
  private foldScheduled = false;
  private readonly doneTasks = new Set<FoldTask<unknown>>();
  /** The last background compaction's progress (slices, longest slice). */
  lastFold: CompactionProgress | undefined;
  private readonly accountStrings = {
    ids: new StringColumn(),
    handles: new StringColumn(),
    names: new StringColumn(),
    bios: new StringColumn(),
  };
  private readonly baseSlots: number;
  private readonly baseAccountStrings: Pick<AccountColumns, 'ids' | 'handles' | 'names' | 'bios'>;
  private readonly basePostStrings: Pick<PostColumns, 'ids' | 'at' | 'text'>;
  // Since the last compaction (README "Live updates"): per-term posting logs, per-row version chains,
  // handle changes; per-array double buffers; the engagement order and the reverse engagement rows.
  /** @internal */ postingLog!: PostingLog;
  /** @internal */ followerLog!: PostingLog;
  /** @internal */ rowLogs!: Record<RowName, RowLog>;
  /** @internal */ handleLog!: HandleLog;
  private readonly buffers = new Map<string, Buffered<Uint32Array | Uint8Array>>();
  private engagementOrder: Uint32Array = new Uint32Array(0);
  private readonly engagementPending = new Set<number>();
  private engagers: Partial<Record<'likesByActor' | 'repostsByActor', Csr>> = {};
  private readonly liveEngagers = {
    likesByActor: new Map<number, number[]>(),
    repostsByActor: new Map<number, number[]>(),
  };
  private keptAll: Uint32Array = new Uint32Array(0);
  /** @internal */ totals = { likes: 0, reposts: 0, follows: 0 };
  /** @internal */ readonly locations: CatalogueItem[];
  private readonly postStrings = {
    ids: new StringColumn(),
    at: new StringColumn(),
    text: new StringColumn(),
  };
  private readonly basePostSlots: number;
  private nextAccount: number;
  private readonly accountTerms: AccountTerms;
  private readonly postTerms: PostTerms;
  private readonly stats: LiveStats = {
    applied: 0,
    skipped: 0,
    deferred: 0,
    held: 0,
    deltaTerms: 0,
    deltaBytes: 0,
    lastEventAt: 0,
    lastAppliedAt: 0,
    compactions: 0,
  };

  constructor(built: AudienceIndex, options: LiveOptions = {}, state?: LiveState) {
    if (!built.postTermRows)
      throw new LiveIndexError('A live index needs the posts’ term rows: build it with keepPostTerms: true.');
    const { base, gaps } = everyPostNumberKept(built);
    this.keyMemory = options.keyMemory ?? 1_000_000;
    this.compactBytes = options.compactBytes ?? 64 << 20;
    this.compaction = options.compaction ?? 'background';
    this.sliceMs = options.sliceMs ?? 4;
    this.pending = new PendingReferences(options.maxHeld);
    this.pending.restore(state?.pending ?? []);
    this.baseRows = built.postTermRows;
    // A post number without a record (deleted before the export was taken) is a deleted post.
    for (const p of gaps) this.deletedPosts.add(p);
    this.baseSlots = base.accounts.ids.size;
    this.baseAccountStrings = { ...base.accounts };
    this.basePostStrings = { ...base.posts };
    this.basePostSlots = base.posts.ids.size;
    this.accountTerms = new AccountTerms(base.terms);
    this.postTerms = new PostTerms(base.terms);
    const { slot, ids } = base.accounts;
    for (let n = 0; n < base.size; n++) if (hasBit(base.present, n)) this.idToN.set(ids.get(slot[n]! - 1), n);
    for (const p of state?.deletedPosts ?? []) this.deletedPosts.add(p);
    for (let k = 0; k < base.posts.kept.length; k++)
      if (!this.deletedPosts.has(k)) this.postIdToP.set(base.posts.ids.get(k), base.posts.kept[k]!);
    this.nextAccount = state?.nextAccount ?? base.size;
    if (state) {
      for (let i = 0; i + 1 < state.replyTo.length; i += 2)
        this.replyTo.set(state.replyTo[i]!, state.replyTo[i + 1]!);
      state.repostIds.forEach((id, i) =>
        this.reposts.set(id, [state.repostPairs[2 * i]!, state.repostPairs[2 * i + 1]!]),
      );
      for (const id of state.removed) this.removed.add(id);
      for (let i = 0; i + 1 < state.locationTexts.length; i += 2)
        this.locationTexts.set(state.locationTexts[i]!, state.locationTexts[i + 1]!);
    }
    this.locations = [...base.catalogue.entries('locations')].map(([, item]) => item);
    for (let p = 0; p < base.posts.count; p++) {
      this.totals.likes += base.posts.likes[p]!;
      this.totals.reposts += base.posts.reposts[p]!;
    }
    this.totals.follows = base.following.data.length;
    const headroom = options.headroom ?? Math.max(1024, this.nextAccount >>> 2);
    this.v = this.rebase(withCapacity(base, Math.max(base.size, this.nextAccount + headroom)));
  }

  /**
   * Makes `index` (plain postings and rows, as compaction leaves them) the base the logs start
   * from: the logs are emptied and its rows kept as plain CSRs.
   */
  private rebase(index: AudienceIndex): AudienceIndex {
    // A background compaction under way is of a version this base replaces.
    this.fold = undefined;
    this.doneTasks.clear();
    const rows = {} as Record<RowName, Csr>;
    for (const name of ROWS) rows[name] = { offsets: index[name].offsets, data: index[name].data };
    this.postingLog = new PostingLog(index.postings);
    this.followerLog = new PostingLog(index.followers);
    this.rowLogs = {} as Record<RowName, RowLog>;
    for (const name of ROWS) this.rowLogs[name] = new RowLog(rows[name]);
    this.handleLog = new HandleLog();
    this.engagers = {};
    this.liveEngagers.likesByActor.clear();
    this.liveEngagers.repostsByActor.clear();
    this.engagementOrder = index.posts.byEngagement;
    this.engagementPending.clear();
    return { ...index, ...rows };
  }

  /** @internal The double buffer of a per-account or per-post array (README "Live updates"). */
  buffer<T extends Uint32Array | Uint8Array>(name: string, current: T): Buffered<T> {
    let b = this.buffers.get(name) as Buffered<T> | undefined;
    if (!b) this.buffers.set(name, (b = new Buffered<T>(current)));
    return b;
  }

  /** @internal The engaged posts in order, as the latest version's counts have them. */
  byEngagement(engagement: (p: number) => number): Uint32Array {
    if (this.engagementPending.size > 0) {
      this.engagementOrder = reorderEngagement(this.engagementOrder, this.engagementPending, engagement);
      this.engagementPending.clear();
    }
    return this.engagementOrder;
  }

  /** @internal The engaged posts in order, as the current version's counts have them. */
  byEngagementNow(): Uint32Array {
    return this.byEngagement(engagementOf(this.v.posts));
  }

  /** @internal */ engagementChanged(posts: Iterable<number>): void {
    for (const p of posts) this.engagementPending.add(p);
  }

  /** @internal Post numbers 0 … count − 1 (shared by every version: the values never change). */
  kept(count: number): Uint32Array {
    if (this.keptAll.length < count) {
      this.keptAll = new Uint32Array(Math.max(count, Math.ceil(this.keptAll.length * 1.5) + 1024));
      for (let p = 0; p < this.keptAll.length; p++) this.keptAll[p] = p;
    }
    return this.keptAll.subarray(0, count);
  }

  /** @internal Actors whose likes (or reposts) row may hold `p`: the base rows inverted once, plus live ones. */
  engagersOf(name: 'likesByActor' | 'repostsByActor', p: number): number[] {
    let inverse = this.engagers[name];
    if (!inverse) {
      const base = this.rowLogs[name].base;
      const keys = new Uint32Array(base.data.length);
      const values = new Uint32Array(base.data.length);
      for (let a = 0, k = 0; a + 1 < base.offsets.length; a++)
        for (let i = base.offsets[a]!; i < base.offsets[a + 1]!; i++, k++) {
          keys[k] = base.data[i]!;
          values[k] = a;
        }
      let rows = 0;
      for (const q of keys) if (q + 1 > rows) rows = q + 1;
      this.engagers[name] = inverse = groupPairs(keys, values, rows);
    }
    return [...csrRow(inverse, p), ...(this.liveEngagers[name].get(p) ?? [])];
  }

  /** @internal */ engaged(name: 'likesByActor' | 'repostsByActor', p: number, actor: number): void {
    const list = this.liveEngagers[name].get(p);
    if (list) list.push(actor);
    else this.liveEngagers[name].set(p, [actor]);
  }

  /** The version queries read now. */
  get current(): AudienceIndex {
    return this.v;
  }

  get currentVersion(): number {
    return this.version;
  }

  positionNow(): StreamPosition {
    return { ...this.position };
  }

  liveStats(): LiveStats {
    const terms = this.postingLog.terms.size + this.followerLog.terms.size;
    let bytes = this.postingLog.bytes + this.followerLog.bytes;
    for (const name of ROWS) bytes += this.rowLogs[name].values * 4;
    return { ...this.stats, held: this.pending.size, deltaTerms: terms, deltaBytes: bytes };
  }

  /** Bytes of the logs' entries (what compaction folds), without the memoised postings. */
  private logBytes(): number {
    let bytes = (this.postingLog.entries + this.followerLog.entries) * 40;
    for (const name of ROWS) bytes += this.rowLogs[name].values * 4;
    return bytes;
  }

  /**
   * Applies a batch and publishes the next version. Idempotent: an event whose key was seen is
   * skipped, and every rule makes re-application harmless (contract rules 2–7). `position` is
   * merged per partition (the highest sequence number wins).
   */
  apply(events: readonly LiveEvent[], position: StreamPosition = {}): number {
    const news = events.filter((e) => e.type === 'user' || e.type === 'post').length;
    if (this.nextAccount + news > this.v.size) {
      this.v = this.rebase(withCapacity(this.v, grow(this.v.size, news)));
      this.version++;
    }
    const posts = this.basePostSlots + this.postStrings.ids.size + news;
    if (posts > this.v.posts.author.length) {
      const length = Math.max(posts, Math.ceil(this.v.posts.author.length * 1.5) + 1024);
      const p = this.v.posts;
      this.v = {
        ...this.v,
        posts: {
          ...p,
          byEngagement: this.byEngagement(engagementOf(p)),
          author: grown(p.author, length),
          likes: grown(p.likes, length),
          reposts: grown(p.reposts, length),
          replies: grown(p.replies, length),
        },
      };
    }
    const batch = new Batch(this.v, this, this.version + 1);
    // Keys are remembered once the batch is published: a batch that failed is applied when redelivered.
    const seen = new Set<string>();
    try {
      for (const e of events) {
        if (this.keys.has(e.key) || seen.has(e.key)) {
          this.stats.skipped++;
          continue;
        }
        seen.add(e.key);
        const changed = batch.event(e);
        if (batch.deferred()) this.stats.deferred++;
        else if (changed) {
          this.stats.applied++;
          if (e.at > this.stats.lastEventAt) this.stats.lastEventAt = e.at;
        } else this.stats.skipped++;
      }
    } catch (error) {
      // No version is published and the arrays drop the batch's writes; the consumer must not
      // acknowledge it (the live index's id maps may keep what the batch added before the error).
      batch.abort();
      throw error;
    }
    this.v = batch.publish();
    this.version++;
    for (const key of seen) this.remember(key);
    for (const [p, seq] of Object.entries(position))
      if (seq > (this.position[p] ?? -1)) this.position[p] = seq;
    this.stats.lastAppliedAt = Date.now();
    if (this.fold) {
      // A slice per batch as well as between them: compaction keeps pace with a busy consumer.
      this.foldStep();
    } else if (this.logBytes() > this.compactBytes) {
      if (this.compaction === 'inline') this.compact();
      else this.startFold();
    }
    return this.version;
  }

  /**
   * Folds the delta postings into a new base (the build's own inversions over the current rows and
   * columns) and rebuilds the handle table: the result answers every query as the version before
   * it did, and holds no overrides.
   */
  /** The background compaction under way, if any. */
  compactionProgress(): CompactionProgress | undefined {
    return this.fold ? { ...this.fold.progress } : undefined;
  }

  /**
   * Starts folding the current version's deltas into a new base in slices (`foldStep`), scheduled
   * with setImmediate so queries and batches run between them. A no-op while one is under way.
   */
  startFold(schedule = true): void {
    if (this.fold) return;
    const ver = this.version;
    const size = this.v.size;
    const tasks: FoldTask<unknown>[] = [
      new PostingFold(this.postingLog, ver, this.v.terms.size),
      new PostingFold(this.followerLog, ver, size),
      ...ROWS.map((name) => new RowFold(this.rowLogs[name], ver, size)),
    ];
    this.fold = {
      ver,
      tasks,
      progress: { version: ver, slices: 0, longestSliceMs: 0, longestSliceCpuMs: 0, finishMs: 0 },
    };
    if (schedule) this.scheduleFold();
  }

  private scheduleFold(): void {
    if (this.foldScheduled) return;
    this.foldScheduled = true;
    setImmediate(() => {
      this.foldScheduled = false;
      if (this.fold && !this.foldStep()) this.scheduleFold();
    });
  }

  /**
   * Runs one slice of the background compaction (about `sliceMs`); true once it is finished and
   * its result published (or when none is under way).
   */
  foldStep(): boolean {
    const fold = this.fold;
    if (!fold) return true;
    const started = performance.now();
    const cpu = process.cpuUsage();
    let done = false;
    // Small steps (about 32 k values each) until the slice's time is used.
    while (!done) {
      if (!fold.carry) {
        const task = fold.tasks.find((t) => !this.taskDone(t));
        if (!task) this.startCarry(fold);
        else if (task.step(1 << 15)) this.doneTasks.add(task);
      } else if (fold.carry.logs.every((log) => log.step(1 << 15))) {
        // Caught up with every version written: the folded base goes in now, between batches.
        const finishing = performance.now();
        this.finishFold(fold.carry.logs);
        fold.progress.finishMs = performance.now() - finishing;
        done = true;
      }
      if (performance.now() - started >= this.sliceMs) break;
    }
    const ms = performance.now() - started;
    const used = process.cpuUsage(cpu);
    fold.progress.slices++;
    fold.progress.longestSliceMs = Math.max(fold.progress.longestSliceMs, ms);
    fold.progress.longestSliceCpuMs = Math.max(
      fold.progress.longestSliceCpuMs,
      (used.user + used.system) / 1000,
    );
    if (done) {
      this.stats.compactions++;
      this.lastFold = fold.progress;
      this.fold = undefined;
    }
    return done;
  }

  /** The folded bases are built: new logs over them, to be filled with the later versions' entries. */
  private startCarry(fold: NonNullable<LiveIndex['fold']>): void {
    const [postings, followers, ...rows] = fold.tasks.map((t) => t.result()) as [
      PostingStore,
      PostingStore,
      ...Csr[],
    ];
    this.doneTasks.clear();
    const ver = fold.ver;
    const nextPostings = new PostingLog(postings);
    const nextFollowers = new PostingLog(followers);
    const nextRows = ROWS.map((_, i) => new RowLog(rows[i]!));
    const cursors = Array.from({ length: 2 + ROWS.length }, () => ({ h: -1 }));
    const oldPostings = this.postingLog;
    const oldFollowers = this.followerLog;
    const oldRows = ROWS.map((name) => this.rowLogs[name]);
    const logs: Carry[] = [
      { step: (b) => oldPostings.carryStep(nextPostings, ver, cursors[0]!, b), result: nextPostings },
      { step: (b) => oldFollowers.carryStep(nextFollowers, ver, cursors[1]!, b), result: nextFollowers },
      ...ROWS.map((_, i) => ({
        step: (b: number) => oldRows[i]!.carryStep(nextRows[i]!, ver, cursors[2 + i]!, b),
        result: nextRows[i]!,
      })),
    ];
    fold.carry = { logs, cursors };
  }

  private taskDone(t: FoldTask<unknown>): boolean {
    return this.doneTasks.has(t);
  }

  /** Swaps the folded base in: the new logs (caught up with every version) and handle table; a new version reads them. */
  private finishFold(carried: Carry[]): void {
    const logs = carried.map((c) => c.result);
    this.postingLog = logs[0] as PostingLog;
    this.followerLog = logs[1] as PostingLog;
    const rowLogs = {} as Record<RowName, RowLog>;
    ROWS.forEach((name, i) => (rowLogs[name] = logs[2 + i] as RowLog));
    this.rowLogs = rowLogs;
    const v = this.v;
    const slot = v.accounts.slot;
    const handleOf = (n: number): string => this.handleOfSlot(slot[n]!);
    const baseHandles = v.handles instanceof LiveHandleIndex ? v.handles.base : v.handles;
    const handles =
      foldHandles(baseHandles, handleOf, this.handleLog) ??
      HandleIndex.build(v.size, handleOf, (n) => hasBit(v.present, n));
    this.handleLog = new HandleLog();
    const next = this.version + 1;
    const csrs = {} as Record<RowName, Csr>;
    for (const name of ROWS) csrs[name] = new LazyCsr(this.rowLogs[name], next, v.size);
    this.v = {
      ...v,
      postings: new LivePostingStore(this.postingLog, next, v.terms.size),
      followers: new LivePostingStore(this.followerLog, next, v.size),
      ...csrs,
      handles: new LiveHandleIndex(handles, handleOf, this.handleLog, next),
    };
    this.version = next;
  }

  compact(): void {
    // The posts' term rows too: live posts' rows join the CSR, deleted posts' rows empty.
    const changed = new Map<number, ArrayLike<number>>(this.liveRows);
    for (const p of this.deletedPosts) changed.set(p, []);
    this.baseRows = replaceRows(this.baseRows, changed, this.v.posts.count);
    this.liveRows.clear();
    this.v = this.rebase({ ...compactIndex(this.v), postTermRows: this.baseRows });
    this.version++;
    this.stats.compactions++;
  }

  /** What a snapshot keeps beside the current version (see LiveState). */
  state(): LiveState {
    const ids = [...this.reposts.keys()];
    const pairs = new Uint32Array(ids.length * 2);
    ids.forEach((id, i) => pairs.set(this.reposts.get(id)!, 2 * i));
    return {
      nextAccount: this.nextAccount,
      deletedPosts: Uint32Array.from(this.deletedPosts).sort(),
      replyTo: Uint32Array.from([...this.replyTo].flat()),
      repostIds: ids,
      repostPairs: pairs,
      removed: [...this.removed],
      locationTexts: [...this.locationTexts].flat(),
      pending: this.pending.toState(),
    };
  }

  /** Sets the position a loaded snapshot was taken at. */
  restorePosition(position: StreamPosition): void {
    Object.assign(this.position, position);
  }

  private remember(key: string): void {
    this.keys.add(key);
    if (this.keys.size > this.keyMemory) {
      // A Set iterates in insertion order: the oldest key goes first.
      const oldest = this.keys.values().next().value;
      if (oldest !== undefined) this.keys.delete(oldest);
    }
  }

  // --- state the batch reads and writes (owned by the live index, never by a version) ---

  /** @internal */ accountOf = (id: string): number | undefined => this.idToN.get(id);
  /** @internal */ postOf = (id: string): number | undefined => this.postIdToP.get(id);
  /** @internal */ isRemoved = (id: string): boolean => this.removed.has(id);
  /**
   * @internal Whether a `user` event's location text must re-resolve the account's place columns,
   * recording it. A known account whose text the index has not seen yet (a base account: the
   * collector sends a `user` event the first time it sees any account) keeps the export's columns:
   * the export resolved them from that very text (its generated free text, e.g. "東京", resolves to
   * no catalogue name), and re-resolving would wipe them. Later, only a different text re-resolves.
   */
  locationChanged = (id: string, text: string, known: boolean): boolean => {
    const held = this.locationTexts.get(id);
    this.locationTexts.set(id, text);
    return !known || (held !== undefined && held !== text);
  };

  /** @internal */ newAccount(id: string): number {
    const n = this.nextAccount++;
    this.idToN.set(id, n);
    return n;
  }

  /** @internal */ dropAccount(id: string): void {
    this.idToN.delete(id);
    this.removed.add(id);
    this.locationTexts.delete(id);
  }

  /** @internal */ restore(id: string): void {
    this.removed.delete(id);
  }

  /** @internal */ accountSlot(user: LiveUser): number {
    const s = this.accountStrings;
    s.ids.push(user.id);
    s.handles.push(user.handle);
    s.names.push(user.name);
    return this.baseSlots + s.bios.push(user.bio) + 1; // slot + 1, as AccountColumns.slot holds it
  }

  /** @internal */ handleOfSlot(slot: number): string {
    if (slot === 0) return '';
    return slot - 1 < this.baseSlots
      ? this.baseAccountStrings.handles.get(slot - 1)
      : this.accountStrings.handles.get(slot - 1 - this.baseSlots);
  }

  /** @internal */ accountStringsOf(): Pick<AccountColumns, 'ids' | 'handles' | 'names' | 'bios'> {
    const size = this.baseSlots + this.accountStrings.ids.size;
    const of = (k: 'ids' | 'handles' | 'names' | 'bios') =>
      new CompositeStrings(this.baseAccountStrings[k], this.baseSlots, this.accountStrings[k], size);
    return { ids: of('ids'), handles: of('handles'), names: of('names'), bios: of('bios') };
  }

  /** @internal */ newPost(post: LivePost, row: readonly number[]): number {
    const p = this.basePostSlots + this.postStrings.ids.push(post.id);
    this.postStrings.at.push(post.created);
    this.postStrings.text.push(post.text);
    this.postIdToP.set(post.id, p);
    this.liveRows.set(p, row);
    return p;
  }

  /** @internal */ postStringsOf(): Pick<PostColumns, 'ids' | 'at' | 'text'> {
    const size = this.basePostSlots + this.postStrings.ids.size;
    const of = (k: 'ids' | 'at' | 'text') =>
      new CompositeStrings(this.basePostStrings[k], this.basePostSlots, this.postStrings[k], size);
    return { ids: of('ids'), at: of('at'), text: of('text') };
  }

  /** @internal */ postRow(p: number): ArrayLike<number> {
    if (this.deletedPosts.has(p)) return [];
    return this.liveRows.get(p) ?? csrRow(this.baseRows, p);
  }

  /** @internal */ deletePost(p: number, id: string): void {
    this.deletedPosts.add(p);
    this.liveRows.delete(p);
    this.postIdToP.delete(id);
  }

  /** @internal */ isDeleted = (p: number): boolean => this.deletedPosts.has(p);
  /** @internal */ setReplyTo = (p: number, parent: number): void => void this.replyTo.set(p, parent);
  /** @internal */ replyParent = (p: number): number | undefined => this.replyTo.get(p);
  /** @internal */ repost = (id: string): readonly [number, number] | undefined => this.reposts.get(id);
  /** @internal */ addRepost = (id: string, actor: number, original: number): void =>
    void this.reposts.set(id, [actor, original]);
  /** @internal */ dropRepost = (id: string): void => void this.reposts.delete(id);
  /** @internal */ repostsBy(actor: number): string[] {
    const out: string[] = [];
    for (const [id, [a]] of this.reposts) if (a === actor) out.push(id);
    return out;
  }
  /** @internal */ termsOfAccount = (r: AccountRecord): { cells: number[]; profile: number[] } => {
    const profile = [...this.accountTerms.of(r)];
    return { cells: [...this.accountTerms.cells], profile };
  };
  /** @internal */ termsOfPost = (r: PostRecord): number[] => [...this.postTerms.of(r)];
}

const engagementOf =
  (cols: Pick<PostColumns, 'likes' | 'reposts' | 'replies'>) =>
  (p: number): number =>
    cols.likes[p]! + cols.reposts[p]! + cols.replies[p]!;

const grow = (size: number, needed: number): number => Math.max(size + needed + 1024, Math.ceil(size * 1.5));

/**
 * One batch's changes: per-account and per-post values written into double buffers, rows and
 * posting edits collected and logged under the batch's version at publish.
 */
class Batch {
  private readonly size: number;
  private readonly cols = new Map<CategoricalField, Buffered<Uint32Array>>();
  private readonly counts = new Map<(typeof COUNTS)[number], Buffered<Uint32Array>>();
  private readonly arrays = new Map<string, Buffered<Uint32Array | Uint8Array>>();
  private readonly rows = new Map<RowName, Map<number, number[]>>(ROWS.map((r) => [r, new Map()]));
  private readonly termEdits = new Map<number, Map<number, boolean>>();
  private readonly followerEdits = new Map<number, Map<number, boolean>>();
  private readonly handleChanges = new Map<string, number>();
  private postCount: number;
  private readonly engagementChanged = new Set<number>();
  private newPosts = false;
  private newSlots = false;
  /** Whether the event being applied was held (LiveStats.deferred). */
  private held = false;
  /** References this batch took from the pending ones: held again if it fails. */
  private readonly released: Held[] = [];

  constructor(
    private readonly v: AudienceIndex,
    private readonly live: LiveIndex,
    private readonly ver: number,
  ) {
    this.size = v.size;
    this.postCount = v.posts.count;
  }

  // --- double-buffered access (writes go to the spare array, reads see this batch's writes) ---

  private array<T extends Uint32Array | Uint8Array>(name: string, current: T): Buffered<T> {
    let b = this.arrays.get(name) as Buffered<T> | undefined;
    if (!b) {
      b = this.live.buffer(name, current);
      b.writable(current);
      this.arrays.set(name, b);
    }
    return b;
  }
  private read<T extends Uint32Array | Uint8Array>(name: string, current: T): T {
    const b = this.arrays.get(name) as Buffered<T> | undefined;
    return b ? b.writable(current) : current;
  }
  private col(f: CategoricalField): Buffered<Uint32Array> {
    let c = this.cols.get(f);
    if (!c) this.cols.set(f, (c = this.array(`column:${f}`, this.v.columns[f])));
    return c;
  }
  private cell(f: CategoricalField, n: number): number {
    return this.read(`column:${f}`, this.v.columns[f])[n]!;
  }
  private count(k: (typeof COUNTS)[number]): Buffered<Uint32Array> {
    let c = this.counts.get(k);
    if (!c) this.counts.set(k, (c = this.array(`count:${k}`, this.v.accounts[k])));
    return c;
  }
  private countOf(k: (typeof COUNTS)[number], n: number): number {
    return this.read(`count:${k}`, this.v.accounts[k])[n]!;
  }
  private setFlags(n: number, value: number): void {
    this.array('flags', this.v.accounts.flags).set(n, value);
  }
  private flagOf(n: number): number {
    return this.read('flags', this.v.accounts.flags)[n]!;
  }
  private setPresent(n: number, on: boolean): void {
    const b = this.array('present', this.v.present);
    const word = b.writable(this.v.present)[n >>> 5]!;
    b.set(n >>> 5, on ? word | (1 << (n & 31)) : word & ~(1 << (n & 31)));
  }
  private row(name: RowName, n: number): readonly number[] | Uint32Array {
    return this.rows.get(name)!.get(n) ?? this.live.rowLogs[name].latest(n);
  }
  private setRow(name: RowName, n: number, row: number[]): void {
    this.rows.get(name)!.set(n, row);
  }
  private post(k: 'author' | 'likes' | 'reposts' | 'replies'): Buffered<Uint32Array> {
    return this.array(`post:${k}`, this.v.posts[k]);
  }
  private postValue(k: 'author' | 'likes' | 'reposts' | 'replies', p: number): number {
    return this.read(`post:${k}`, this.v.posts[k])[p] ?? 0;
  }
  private termEdit(term: number, n: number, add: boolean): void {
    let e = this.termEdits.get(term);
    if (!e) this.termEdits.set(term, (e = new Map<number, boolean>()));
    e.set(n, add);
  }
  private followerEdit(target: number, n: number, add: boolean): void {
    let e = this.followerEdits.get(target);
    if (!e) this.followerEdits.set(target, (e = new Map<number, boolean>()));
    e.set(n, add);
  }
  private bump(k: (typeof COUNTS)[number], n: number, by: number): void {
    this.count(k).set(n, Math.max(0, this.countOf(k, n) + by));
  }
  /** Followers of `n` as this batch sees them (the version's posting with this batch's edits). */
  private followersOf(n: number): number[] {
    const posting = this.v.followers.get(n);
    const out = new Set<number>(posting.kind === 'list' ? posting.list : bitsToList(posting.bits));
    for (const [f, add] of this.followerEdits.get(n) ?? []) {
      if (add) out.add(f);
      else out.delete(f);
    }
    return [...out];
  }

  // --- events ---

  event(e: LiveEvent): boolean {
    switch (e.type) {
      case 'user':
        return this.user(e.user);
      case 'post':
        if (e.author && this.live.accountOf(e.author.id) === undefined) this.user(e.author);
        return this.addPost(e.post);
      case 'like':
        return this.like(e.user, e.post);
      case 'follow':
      case 'unfollow':
        return this.follow(e.from, e.to, e.type === 'follow');
      case 'post-delete':
        return this.deletePost(e.post);
      case 'user-delete':
      case 'user-suspend':
        return this.removeAccount(e.user);
      case 'user-protect':
        return this.protect(e.user, true);
      case 'user-restore':
        // A known account is restored from protection; a removed one comes back on its next `user` event.
        this.live.restore(e.user);
        this.protect(e.user, false);
        return true;
    }
  }

  private user(u: LiveUser): boolean {
    if (this.live.isRemoved(u.id)) return false;
    const known = this.live.accountOf(u.id);
    const relocate = this.live.locationChanged(u.id, u.location, known !== undefined);
    const n = known ?? this.live.newAccount(u.id);
    const place = resolveLocationText(u.location, this.live.locations);
    const record: AccountRecord = {
      type: 'account',
      n,
      id: u.id,
      handle: u.handle,
      name: u.name,
      bio: u.bio,
      country: place.country ?? '',
      region: place.region ?? '',
      city: place.city ?? '',
      metro: place.metro,
    };
    const { cells, profile } = this.live.termsOfAccount(record);
    const oldHandle = known === undefined ? '' : normaliseHandle(this.live.handleOfSlot(this.slotOf(n)));
    if (known === undefined) {
      // Rule 1: a live-born account carries only what X's user object says.
      for (let i = 0; i < CATEGORICAL_FIELDS.length; i++) this.setCell(CATEGORICAL_FIELDS[i]!, n, cells[i]!);
      this.replaceTerms('profileTerms', n, profile);
      this.setPresent(n, true);
    } else {
      // Rule 2: location columns and bio words are replaced; what X does not publish stays.
      if (relocate)
        for (let i = 0; i < CATEGORICAL_FIELDS.length; i++)
          if (LOCATION_FIELDS.has(CATEGORICAL_FIELDS[i]!)) this.setCell(CATEGORICAL_FIELDS[i]!, n, cells[i]!);
      const kept = [...this.row('profileTerms', n)].filter((t) => this.v.terms.field(t) !== 'bioWord');
      const bio = profile.filter((t) => this.v.terms.field(t) === 'bioWord');
      this.replaceTerms('profileTerms', n, [...kept, ...bio]);
    }
    this.array('slot', this.v.accounts.slot).set(n, this.live.accountSlot(u));
    this.newSlots = true;
    this.setFlags(n, (u.verified ? VERIFIED : 0) | (u.protected ? PROTECTED : 0));
    const handle = normaliseHandle(u.handle);
    if (oldHandle && oldHandle !== handle) this.handleChanges.set(oldHandle, -1);
    if (handle) this.handleChanges.set(handle, n);
    this.release('account', u.id);
    return true;
  }

  private slotOf(n: number): number {
    return this.read('slot', this.v.accounts.slot)[n]!;
  }

  private setCell(f: CategoricalField, n: number, value: number): void {
    const old = this.cell(f, n);
    if (old === value) return;
    if (old > 0) this.termEdit(old - 1, n, false);
    if (value > 0) this.termEdit(value - 1, n, true);
    this.col(f).set(n, value);
  }

  /** Replaces a term row (profile or post terms), editing the postings of the terms that differ. */
  private replaceTerms(name: 'profileTerms' | 'postTerms', n: number, row: readonly number[]): void {
    const old = new Set(this.row(name, n));
    const next = new Set(row);
    for (const t of old) if (!next.has(t)) this.termEdit(t, n, false);
    for (const t of next) if (!old.has(t)) this.termEdit(t, n, true);
    this.setRow(name, n, [...next]);
  }

  private addPost(post: LivePost): boolean {
    const author = this.live.accountOf(post.author);
    if (author === undefined) return false;
    if (this.live.pending.isTombstoned(post.id)) return this.deletedFirst(post, author);
    if (post.repostOf !== null) {
      // Rule 4: a repost is an engagement on the original, not a post (what names its id is a no-op).
      this.live.pending.drop('post', post.id);
      if (this.live.postOf(post.repostOf) !== undefined || this.live.repost(post.id))
        return this.repost(post.id, author, post.repostOf);
      return this.hold({ kind: 'repost', target: post.repostOf, id: post.id, actor: post.author, n: author });
    }
    if (this.live.postOf(post.id) !== undefined) return false;
    const record: PostRecord = { type: 'post', n: 0, author, text: post.text, hashtags: post.hashtags };
    const row = this.live.termsOfPost(record);
    const p = this.live.newPost(post, row);
    // apply() made room for the batch's posts before it started.
    this.post('author').set(p, author);
    this.postCount = Math.max(this.postCount, p + 1);
    this.newPosts = true;
    this.setRow('postsByAuthor', author, [...this.row('postsByAuthor', author), p]);
    const terms = new Set(this.row('postTerms', author));
    for (const t of row) terms.add(t);
    this.replaceTerms('postTerms', author, [...terms]);
    this.bump('posts', author, 1);
    // Rule 4: the author's lang is its latest post's.
    if (post.lang) this.setCell('language', author, this.v.terms.id('language', post.lang.toLowerCase()) + 1);
    if (post.replyTo !== null && this.live.postOf(post.replyTo) === undefined)
      this.hold({ kind: 'reply', target: post.replyTo, id: post.id }, false);
    else if (post.replyTo !== null) this.countReply(post.id, post.replyTo);
    this.release('post', post.id);
    return true;
  }

  /** Rule 4: a repost is an engagement on the original (once per actor and original). */
  private repost(id: string, author: number, originalId: string): boolean {
    const original = this.live.postOf(originalId);
    if (original === undefined || this.live.repost(id)) return false;
    if (this.row('repostsByActor', author).includes(original)) return false;
    this.live.addRepost(id, author, original);
    this.setRow('repostsByActor', author, [...this.row('repostsByActor', author), original]);
    this.live.engaged('repostsByActor', original, author);
    this.engage('reposts', original, 1);
    return true;
  }

  private engage(k: 'likes' | 'reposts' | 'replies', p: number, by: number): void {
    const old = this.postValue(k, p);
    const next = Math.max(0, old + by);
    this.post(k).set(p, next);
    if (k !== 'replies') this.live.totals[k] += next - old;
    this.engagementChanged.add(p);
  }

  private like(userId: string, postId: string): boolean {
    const n = this.live.accountOf(userId);
    const p = this.live.postOf(postId);
    if (n !== undefined && p === undefined)
      return this.hold({ kind: 'like', target: postId, actor: userId, n });
    if (n === undefined || p === undefined) return false;
    const row = this.row('likesByActor', n);
    if (row.includes(p)) return false;
    this.setRow('likesByActor', n, [...row, p]);
    this.live.engaged('likesByActor', p, n);
    this.engage('likes', p, 1);
    return true;
  }

  private follow(fromId: string, toId: string, add: boolean): boolean {
    const from = this.live.accountOf(fromId);
    const to = this.live.accountOf(toId);
    // A follow of an account not seen yet waits for it; one removed is a no-op in either order.
    if (from !== undefined && to === undefined && fromId !== toId && !this.live.isRemoved(toId))
      return this.hold({ kind: 'follow', target: toId, from: fromId, n: from, add });
    if (from === undefined || to === undefined || from === to) return false;
    const row = this.row('following', from);
    const has = row.includes(to);
    if (has === add) return false; // Rule 3: a follow of an existing edge, an unfollow of a missing one
    this.setRow('following', from, add ? [...row, to] : [...row].filter((t) => t !== to));
    this.followerEdit(to, from, add);
    this.live.totals.follows += add ? 1 : -1;
    this.bump('following', from, add ? 1 : -1);
    this.bump('followers', to, add ? 1 : -1);
    return true;
  }

  private deletePost(postId: string): boolean {
    const repost = this.live.repost(postId);
    if (repost) {
      const [actor, original] = repost;
      this.live.dropRepost(postId);
      const row = this.row('repostsByActor', actor);
      if (!row.includes(original)) return false;
      this.setRow(
        'repostsByActor',
        actor,
        [...row].filter((q) => q !== original),
      );
      this.engage('reposts', original, -1);
      return true;
    }
    const p = this.live.postOf(postId);
    if (p === undefined) {
      // Deleted before it was seen (another partition): ignored when it comes.
      this.live.pending.tombstone(postId);
      this.held = true;
      return false;
    }
    this.removePost(p, postId);
    return true;
  }

  /** Rule 6: the post and its engagements leave; its author's post words are those of the others. */
  private removePost(p: number, id: string): void {
    const author = this.postValue('author', p);
    this.live.deletePost(p, id);
    const mine = [...this.row('postsByAuthor', author)].filter((q) => q !== p);
    this.setRow('postsByAuthor', author, mine);
    const terms = new Set<number>();
    for (const q of mine) for (const t of Array.from(this.live.postRow(q))) terms.add(t);
    this.replaceTerms('postTerms', author, [...terms]);
    this.bump('posts', author, -1);
    const parent = this.live.replyParent(p);
    if (parent !== undefined && !this.live.isDeleted(parent)) this.engage('replies', parent, -1);
    // Its likes and reposts leave the actors' rows (a scan of the rows: deletes are rare).
    if (this.postValue('likes', p) > 0) this.dropEngagement('likesByActor', p);
    if (this.postValue('reposts', p) > 0) this.dropEngagement('repostsByActor', p);
    for (const k of ['likes', 'reposts', 'replies'] as const) {
      if (k !== 'replies') this.live.totals[k] -= this.postValue(k, p);
      this.post(k).set(p, 0);
    }
    this.engagementChanged.add(p);
  }

  private dropEngagement(name: 'likesByActor' | 'repostsByActor', p: number): void {
    const actors = new Set<number>();
    for (const a of this.live.engagersOf(name, p)) if (this.row(name, a).includes(p)) actors.add(a);
    for (const [a, row] of this.rows.get(name)!) if (row.includes(p)) actors.add(a);
    for (const a of actors)
      this.setRow(
        name,
        a,
        [...this.row(name, a)].filter((q) => q !== p),
      );
  }

  /**
   * Contract refinement (sandbox, protected accounts): protecting only sets the account's protected
   * flag — its record, follows, posts and engagements stay, as the sandbox's export has always
   * carried protected accounts whole; un-protecting clears it.
   */
  private protect(id: string, on: boolean): boolean {
    const n = this.live.accountOf(id);
    if (n === undefined) return false;
    const flags = on ? this.flagOf(n) | PROTECTED : this.flagOf(n) & ~PROTECTED;
    if (flags === this.flagOf(n)) return false;
    this.setFlags(n, flags);
    return true;
  }

  /** Rule 7: a deleted or suspended account leaves everything. */
  private removeAccount(id: string): boolean {
    const n = this.live.accountOf(id);
    if (n === undefined) return false;
    // What it holds is dropped when its turn comes (its number no longer matches: release).
    this.live.pending.drop('account', id);
    // The live index's post ids, not this version's: they hold the posts this batch added too.
    const postIds = this.live.postStringsOf().ids;
    for (const p of [...this.row('postsByAuthor', n)]) this.removePost(p, postIds.get(p));
    for (const p of this.row('likesByActor', n)) this.engage('likes', p, -1);
    this.setRow('likesByActor', n, []);
    for (const repostId of this.live.repostsBy(n)) this.live.dropRepost(repostId);
    for (const p of this.row('repostsByActor', n)) this.engage('reposts', p, -1);
    this.setRow('repostsByActor', n, []);
    for (const t of this.row('following', n)) {
      this.live.totals.follows--;
      this.followerEdit(t, n, false);
      this.bump('followers', t, -1);
    }
    this.setRow('following', n, []);
    for (const f of this.followersOf(n)) {
      this.setRow(
        'following',
        f,
        [...this.row('following', f)].filter((t) => t !== n),
      );
      this.followerEdit(n, f, false);
      this.live.totals.follows--;
      this.bump('following', f, -1);
    }
    for (const f of CATEGORICAL_FIELDS) this.setCell(f, n, 0);
    this.replaceTerms('profileTerms', n, []);
    this.replaceTerms('postTerms', n, []);
    for (const k of COUNTS) this.count(k).set(n, 0);
    this.setFlags(n, 0);
    const handle = normaliseHandle(this.live.handleOfSlot(this.slotOf(n)));
    if (handle && (this.handleChanges.get(handle) ?? this.v.handles.find(handle)) === n)
      this.handleChanges.set(handle, -1);
    this.setPresent(n, false);
    // No handle, id or name any more: a handle-table entry left for it finds nobody.
    this.array('slot', this.v.accounts.slot).set(n, 0);
    this.newSlots = true;
    this.live.dropAccount(id);
    return true;
  }

  // --- publishing ---

  abort(): void {
    for (const b of this.arrays.values()) b.abort();
    for (const h of this.released) this.live.pending.hold(h);
  }

  /** Whether the last event was held rather than applied or skipped; reading it clears it. */
  deferred(): boolean {
    const held = this.held;
    this.held = false;
    return held;
  }

  /**
   * Holds a reference to an account or post not seen yet (docs/LIVE.md "Order across partitions"),
   * unless the post was deleted first or is a repost (nothing refers to a repost's id): then it is a
   * no-op in either order. `deferred` false: the event itself was applied (a reply's parent count).
   */
  private hold(h: Held, deferred = true): boolean {
    const noop =
      h.kind !== 'follow' && (this.live.pending.isTombstoned(h.target) || this.live.repost(h.target));
    if (noop) return false;
    this.live.pending.hold(h);
    this.held ||= deferred;
    return false;
  }

  /** Applies what waited for an account or post that is known now. */
  private release(kind: 'account' | 'post', target: string): void {
    for (const h of this.live.pending.take(kind, target)) {
      this.released.push(h);
      if (h.kind === 'reply') this.countReply(h.id, h.target);
      if (h.kind === 'reply' || h.kind === 'tombstone') continue;
      const actor = h.kind === 'follow' ? h.from : h.actor;
      // Removed since, or removed and born again: the other order left nothing of it either.
      if (this.live.accountOf(actor) !== h.n) continue;
      if (h.kind === 'follow') this.follow(h.from, h.target, h.add);
      else if (h.kind === 'like') this.like(h.actor, h.target);
      else if (!this.live.pending.isTombstoned(h.id)) this.repost(h.id, h.n, h.target);
    }
  }

  /** A reply counts on its parent once both are known. */
  private countReply(replyId: string, parentId: string): void {
    const reply = this.live.postOf(replyId);
    const parent = this.live.postOf(parentId);
    if (reply === undefined || parent === undefined) return;
    this.live.setReplyTo(reply, parent);
    this.engage('replies', parent, 1);
  }

  /** A post whose delete came first: only what its delete leaves, the author's lang (rule 4). */
  private deletedFirst(post: LivePost, author: number): boolean {
    if (post.repostOf !== null || !post.lang) return false;
    const before = this.cell('language', author);
    this.setCell('language', author, this.v.terms.id('language', post.lang.toLowerCase()) + 1);
    return this.cell('language', author) !== before;
  }

  publish(): AudienceIndex {
    const { v, live, ver, size } = this;
    const rows = {} as Record<RowName, Csr>;
    for (const name of ROWS) {
      const changed = this.rows.get(name)!;
      if (changed.size === 0) rows[name] = v[name];
      else {
        live.rowLogs[name].write(changed, ver);
        rows[name] = new LazyCsr(live.rowLogs[name], ver, size);
      }
    }
    for (const [term, edits] of this.termEdits)
      for (const [n, add] of edits) live.postingLog.edit(term, n, add, ver);
    for (const [target, edits] of this.followerEdits)
      for (const [n, add] of edits) live.followerLog.edit(target, n, add, ver);
    const postings =
      this.termEdits.size === 0 && v.terms.size <= v.postings.terms
        ? v.postings
        : new LivePostingStore(live.postingLog, ver, v.terms.size);
    const followers =
      this.followerEdits.size === 0 ? v.followers : new LivePostingStore(live.followerLog, ver, size);
    const published = new Map<string, Uint32Array | Uint8Array>();
    for (const [name, b] of this.arrays) published.set(name, b.publish());
    const out = <T extends Uint32Array | Uint8Array>(name: string, current: T): T =>
      (published.get(name) as T | undefined) ?? current;
    const present = out('present', v.present);
    const slot = out('slot', v.accounts.slot);
    const accountStrings = this.newSlots ? live.accountStringsOf() : v.accounts;
    const accounts: AccountColumns = {
      followers: out('count:followers', v.accounts.followers),
      following: out('count:following', v.accounts.following),
      posts: out('count:posts', v.accounts.posts),
      flags: out('flags', v.accounts.flags),
      slot,
      ids: accountStrings.ids,
      handles: accountStrings.handles,
      names: accountStrings.names,
      bios: accountStrings.bios,
    };
    for (const [handle, n] of this.handleChanges) live.handleLog.set(handle, n, ver);
    const handles =
      this.handleChanges.size === 0
        ? v.handles
        : new LiveHandleIndex(
            v.handles instanceof LiveHandleIndex ? v.handles : v.handles,
            (n) => live.handleOfSlot(slot[n]!),
            live.handleLog,
            ver,
          );
    live.engagementChanged(this.engagementChanged);
    const postStrings = this.newPosts ? live.postStringsOf() : v.posts;
    const count = this.postCount;
    const posts: PostColumns = {
      count,
      author: out('post:author', v.posts.author),
      likes: out('post:likes', v.posts.likes),
      reposts: out('post:reposts', v.posts.reposts),
      replies: out('post:replies', v.posts.replies),
      // Built when read (explore, insights), from the latest counts (README "Live updates").
      get byEngagement() {
        return live.byEngagementNow();
      },
      kept: this.newPosts ? live.kept(count) : v.posts.kept,
      ids: postStrings.ids,
      at: postStrings.at,
      text: postStrings.text,
    };
    const columns = { ...v.columns };
    for (const f of CATEGORICAL_FIELDS) columns[f] = out(`column:${f}`, v.columns[f]);
    const population = published.has('present') ? countBits(present) : v.population;
    return {
      ...v,
      population,
      present,
      postings,
      columns,
      ...rows,
      followers,
      accounts,
      handles,
      posts,
      stats: {
        ...v.stats,
        accounts: population,
        follows: live.totals.follows,
        posts: count,
        likes: live.totals.likes,
        reposts: live.totals.reposts,
        terms: v.terms.size,
      },
    };
  }
}
