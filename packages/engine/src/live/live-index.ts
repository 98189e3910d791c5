import type { LiveEvent, LivePost, LiveUser } from '@murmur/core/live';
import { hasBit } from '../bits/bitset';
import { AccountTerms } from '../ingest/account-terms';
import { PostTerms } from '../ingest/post-terms';
import type { AccountColumns, AudienceIndex, PostColumns } from '../postings/audience-index';
import { csrRow, type Csr } from '../postings/csr';
import { HandleIndex } from '../postings/handle-index';
import type { AccountRecord, PostRecord } from '../parse/records';
import type { CatalogueItem } from '../parse/records';
import { cpuMsSince } from './fold';
import { Folds } from './folds';
import type { FoldListener, FoldMessage } from './fold-share';
import { Batch, prepareBatchTexts } from './batch';
import { LivePostRows } from './post-rows';
import { Engagers, type EngagementRow } from './engagers';
import { LiveStrings } from './live-strings';
import { PendingReferences } from './pending';
import { engagementOf, reorderEngagement } from './engagement-order';
import { VersionPins, type HeldVersion, type PinnedVersion } from './pin';
import {
  LIVE_SLICE_MS,
  type CompactionProgress,
  type LiveOptions,
  type LiveState,
  type LiveStats,
  type StreamPosition,
} from './live-types';
import {
  LiveIndexError,
  ROWS,
  compactIndex,
  everyPostNumberKept,
  withCapacity,
  type RowName,
} from './live-base';
import { foldHandles, HandleLog, LiveHandleIndex } from './live-handles';
import { LivePostingStore, PostingLog } from './posting-log';
import { Buffered, LazyCsr, RowLog, TermMarks, grown, replaceRows } from './structures';
import { IdTable } from '../util/id-table';

export { LiveIndexError };
export type { CompactionProgress, LiveOptions, LiveState, LiveStats, StreamPosition } from './live-types';

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
  /** X ids and post ids to account and post numbers, off V8's heap (util/id-table.ts). */
  private readonly idToN: IdTable;
  private readonly postIdToP: IdTable;
  /** Term rows of posts (base rows from the build, live posts' own); deleted posts dropped. */
  private baseRows: Csr;
  private readonly liveRows = new LivePostRows();
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
  /** @internal A set of term ids for a batch's row edits (Batch.addTerms). */
  readonly termMarks = new TermMarks();
  /** @internal References waiting for an account or post another partition has not delivered yet. */
  readonly pending: PendingReferences;
  private readonly keyMemory: number;
  private readonly compactBytes: number;
  private readonly compaction: NonNullable<LiveOptions['compaction']>;
  /** The background compactions (folds.ts). */
  private readonly folds: Folds;
  private readonly strings: LiveStrings;
  // Since the last compaction (README "Live updates"): per-term posting logs, per-row version chains,
  // handle changes; per-array double buffers; the engagement order and the reverse engagement rows.
  /** @internal */ postingLog!: PostingLog;
  /** @internal */ followerLog!: PostingLog;
  /** @internal */ rowLogs!: Record<RowName, RowLog>;
  /** @internal */ handleLog!: HandleLog;
  private readonly buffers = new Map<string, Buffered<Uint32Array | Uint8Array>>();
  private readonly pins = new VersionPins();
  private engagementOrder: Uint32Array = new Uint32Array(0);
  /** Posts whose engagement changed since the order was brought up to date: the version of their last change. */
  private readonly engagementPending = new Map<number, number>();
  private engagers!: Engagers;
  private keptAll: Uint32Array = new Uint32Array(0);
  /** @internal */ totals = { likes: 0, reposts: 0, follows: 0 };
  /** @internal */ readonly locations: CatalogueItem[];
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
    livePostRows: 0,
    compactionCpuMs: 0,
    foldsFollowed: 0,
  };

  constructor(built: AudienceIndex, options: LiveOptions = {}, state?: LiveState) {
    if (!built.postTermRows)
      throw new LiveIndexError('A live index needs the posts’ term rows: build it with keepPostTerms: true.');
    const { base, gaps } = everyPostNumberKept(built);
    this.keyMemory = options.keyMemory ?? 1_000_000;
    this.compactBytes = options.compactBytes ?? 64 << 20;
    this.compaction = options.compaction ?? 'background';
    this.folds = new Folds({
      version: () => this.version,
      current: () => this.v,
      logs: () => ({ postings: this.postingLog, followers: this.followerLog, rows: this.rowLogs }),
      liveRows: this.liveRows,
      baseRows: () => this.baseRows,
      stats: this.stats,
      sliceMs: options.sliceMs ?? LIVE_SLICE_MS,
      finish: (logs, postRows) => this.finishFold(logs, postRows),
    });
    this.pending = new PendingReferences(options.maxHeld);
    this.pending.restore(state?.pending ?? []);
    this.baseRows = built.postTermRows;
    // A post number without a record (deleted before the export was taken) is a deleted post.
    for (const p of gaps) this.deletedPosts.add(p);
    this.strings = new LiveStrings(base);
    // Terms added from here on are born live: ranked after the export's, by value (term-table.ts),
    // so that every interleaving, replica and shard breaks ties among them alike.
    base.terms.markLive();
    this.accountTerms = new AccountTerms(base.terms);
    this.postTerms = new PostTerms(base.terms);
    const { slot, ids } = base.accounts;
    // Sized for the base's ids at once (growing them step by step was seconds at a million accounts).
    this.idToN = new IdTable(base.population);
    this.postIdToP = new IdTable(base.posts.kept.length);
    for (let n = 0; n < base.size; n++) if (hasBit(base.present, n)) this.idToN.setFrom(ids, slot[n]! - 1, n);
    for (const p of state?.deletedPosts ?? []) this.deletedPosts.add(p);
    for (let k = 0; k < base.posts.kept.length; k++)
      if (!this.deletedPosts.has(k)) this.postIdToP.setFrom(base.posts.ids, k, base.posts.kept[k]!);
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
    // A base as built or compacted: its postings are its rows', lengthened rather than counted again.
    this.v = this.rebase(withCapacity(base, Math.max(base.size, this.nextAccount + headroom), 'grow'));
  }

  /**
   * Makes `index` (plain postings and rows, as compaction leaves them) the base the logs start
   * from: the logs are emptied and its rows kept as plain CSRs.
   */
  private rebase(index: AudienceIndex): AudienceIndex {
    // A background compaction under way is of a version this base replaces.
    this.folds.cancel();
    const rows = {} as Record<RowName, Csr>;
    for (const name of ROWS) rows[name] = { offsets: index[name].offsets, data: index[name].data };
    this.postingLog = new PostingLog(index.postings);
    this.followerLog = new PostingLog(index.followers);
    // The rows are the current version's: a reader that marked a version of the old logs can tell
    // what changed since (row-changes.ts).
    const previous = this.rowLogs as Record<RowName, RowLog> | undefined;
    this.rowLogs = {} as Record<RowName, RowLog>;
    for (const name of ROWS) {
      this.rowLogs[name] = new RowLog(rows[name]);
      if (previous) this.rowLogs[name].previous = new WeakRef(previous[name]);
    }
    this.handleLog = new HandleLog();
    this.engagers = new Engagers(() => this.rowLogs);
    this.engagementOrder = index.posts.byEngagement;
    this.engagementPending.clear();
    return { ...index, ...rows };
  }

  /** @internal The double buffer of a per-account or per-post array (README "Live updates"). */
  buffer<T extends Uint32Array | Uint8Array>(name: string, current: T): Buffered<T> {
    let b = this.buffers.get(name) as Buffered<T> | undefined;
    if (!b) this.buffers.set(name, (b = new Buffered<T>(current, this.pins.holds)));
    return b;
  }

  /** @internal The engaged posts in order, as the latest version's counts have them. */
  byEngagement(engagement: (p: number) => number): Uint32Array {
    if (this.engagementPending.size > 0) {
      const changed = new Set(this.engagementPending.keys());
      this.engagementOrder = reorderEngagement(this.engagementOrder, changed, engagement);
      this.engagementPending.clear();
    }
    return this.engagementOrder;
  }

  /** @internal The engaged posts in order, as the current version's counts have them. */
  byEngagementNow(): Uint32Array {
    return this.byEngagement(engagementOf(this.v.posts));
  }

  /** @internal The posts whose engagement the batch being published (the next version) changed. */
  engagementChanged(posts: Iterable<number>): void {
    for (const p of posts) this.engagementPending.set(p, this.version + 1);
  }

  /** @internal Post numbers 0 … count − 1 (shared by every version: the values never change). */
  kept(count: number): Uint32Array {
    if (this.keptAll.length < count) {
      this.keptAll = new Uint32Array(Math.max(count, Math.ceil(this.keptAll.length * 1.5) + 1024));
      for (let p = 0; p < this.keptAll.length; p++) this.keptAll[p] = p;
    }
    return this.keptAll.subarray(0, count);
  }

  /** @internal Actors whose likes (or reposts) row may hold `p`. */
  engagersOf = (name: EngagementRow, p: number): number[] => this.engagers.of(name, p);
  /** @internal */ engaged = (name: EngagementRow, p: number, actor: number): void =>
    this.engagers.add(name, p, actor);

  /**
   * The current version, kept as it is until released while later batches publish theirs (a
   * query in slices reads it across batches; pin.ts). Synchronous queries need no pin.
   */
  pin(): PinnedVersion {
    const [version, order] = [this.version, this.engagementOrder];
    const changed = new Set(this.engagementPending.keys());
    return this.pins.pin(this.v, version, order, changed, (brought) => {
      // The pinned version's order brought up to date is the index's while nothing reordered it
      // since: sorted by engagement but for the posts changed after the pin, which stay pending.
      if (this.engagementOrder !== order) return;
      this.engagementOrder = brought;
      for (const [p, at] of this.engagementPending) if (at <= version) this.engagementPending.delete(p);
    });
  }

  /**
   * @internal The posts' term rows now (a copy of the version held: live-share.ts): the folded CSR,
   * and the rows of posts added since, copied (a delete drops them here).
   */
  postRowsNow(): HeldVersion['postRows'] {
    return { base: this.baseRows, live: this.liveRows.snapshot(), rows: this.v.posts.count };
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
    const [held, livePostRows] = [this.pending.size, this.liveRows.size];
    return { ...this.stats, held, deltaTerms: terms, deltaBytes: bytes, livePostRows };
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
   * merged per partition (the highest sequence number wins). `foldStep` false: no background
   * compaction slice runs inside this call (a caller applying in slices leaves it to its own turn).
   */
  apply(events: readonly LiveEvent[], position: StreamPosition = {}, foldStep = true): number {
    this.reserve(events);
    const batch = new Batch(this.v, this, this.version + 1);
    prepareBatchTexts(events);
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
    if (this.folds.underway) {
      // A slice per batch as well as between them: compaction keeps pace with a busy consumer.
      if (foldStep) this.foldStep();
    } else if (
      !this.folds.chunking &&
      this.logBytes() > this.compactBytes * (this.compaction === 'follow' ? 2 : 1)
    ) {
      // Following another engine's folds, its own only when they stopped coming (twice the bytes).
      if (this.compaction === 'inline') this.compact();
      else this.startFold();
    }
    return this.version;
  }

  /**
   * Makes room for the accounts and posts `events` may add: `apply` does for its batch, and a
   * caller applying a batch in chunks for the whole batch first, so that the index grows at the
   * same batch as another engine given it whole (a follower's size must stay the leader's).
   */
  reserve(events: readonly LiveEvent[]): void {
    const news = events.filter((e) => e.type === 'user' || e.type === 'post').length;
    if (this.nextAccount + news > this.v.size) {
      this.v = this.rebase(withCapacity(this.v, grow(this.v.size, news)));
      this.version++;
    }
    const posts = this.strings.postSlots + news;
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
  }

  /** The background compaction under way, if any. */
  compactionProgress(): CompactionProgress | undefined {
    return this.folds.progress();
  }

  /**
   * Starts folding the current version's deltas into a new base in slices (`foldStep`), scheduled
   * with setImmediate so queries and batches run between them. A no-op while one is under way.
   */
  startFold(schedule = true): void {
    this.folds.start(schedule);
  }

  /**
   * Shares this index's background compactions with `listener` (the reports thread's engine, which
   * follows them: `followFold`), or stops with undefined. Folds are then made in shared memory.
   */
  shareFolds(listener: FoldListener | undefined): void {
    this.folds.listener = listener;
  }

  /**
   * A batch is (true) or is no longer (false) being applied in chunks: no background compaction
   * starts inside it, and the index has grown for the whole batch (`reserve`).
   */
  setChunking(chunking: boolean): void {
    this.folds.chunking = chunking;
  }

  /** Follows a fold of a leading engine that applies the same batches (folds.ts `Folds.follow`). */
  followFold(message: FoldMessage): void {
    this.folds.follow(message);
  }

  /**
   * Runs one slice of the background compaction (about `sliceMs`); true once it is finished and
   * its result published (or when none is under way).
   */
  foldStep(): boolean {
    return this.folds.step();
  }

  /** The last background compaction's progress (slices, longest slice). */
  get lastFold(): CompactionProgress | undefined {
    return this.folds.last;
  }

  /** Swaps the folded base in: the new logs (caught up with every version) and handle table; a new version reads them. */
  private finishFold(logs: readonly (PostingLog | RowLog)[], postRows: Csr | undefined): void {
    if (postRows) {
      this.baseRows = postRows;
      this.liveRows.folded();
    }
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
      ...(postRows && { postTermRows: this.baseRows }),
    };
    this.version = next;
  }

  /**
   * Folds the delta postings into a new base (the build's own inversions over the current rows and
   * columns) and rebuilds the handle table: the result answers every query as the version before
   * it did, and holds no overrides.
   */
  compact(): void {
    const cpu = process.cpuUsage();
    // The posts' term rows too: live posts' rows join the CSR, deleted posts' rows empty.
    const changed = this.liveRows.takeAll();
    for (const p of this.deletedPosts) changed.set(p, []);
    this.baseRows = replaceRows(this.baseRows, changed, this.v.posts.count);
    this.v = this.rebase({ ...compactIndex(this.v), postTermRows: this.baseRows });
    this.version++;
    this.stats.compactions++;
    this.stats.compactionCpuMs += cpuMsSince(cpu);
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

  /** @internal */ restore = (id: string): void => void this.removed.delete(id);

  /** @internal */ accountSlot = (user: LiveUser): number => this.strings.addAccount(user);
  /** @internal */ handleOfSlot = (slot: number): string => this.strings.handleOfSlot(slot);
  /** @internal */ accountStringsOf = (): Pick<AccountColumns, 'ids' | 'handles' | 'names' | 'bios'> =>
    this.strings.accountStrings();
  /** @internal */ postStringsOf = (): Pick<PostColumns, 'ids' | 'at' | 'text'> => this.strings.postStrings();

  /** @internal */ newPost(post: LivePost, row: readonly number[]): number {
    const p = this.strings.addPost(post);
    this.postIdToP.set(post.id, p);
    this.liveRows.set(p, row);
    return p;
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

const grow = (size: number, needed: number): number => Math.max(size + needed + 1024, Math.ceil(size * 1.5));
