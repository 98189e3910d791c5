import type { LiveEvent, LivePost, LiveUser } from '@murmur/core/live';
import { resolveLocationText } from '@murmur/core/live';
import { countBits, hasBit } from '../bits/bitset';
import type { Posting } from '../bits/posting';
import { AccountSet } from '../bits/account-set';
import { AccountTerms } from '../ingest/account-terms';
import { invert } from '../ingest/invert';
import { PostTerms } from '../ingest/post-terms';
import { transpose } from '../ingest/transpose';
import type { AccountColumns, AudienceIndex, PostColumns } from '../postings/audience-index';
import { csrRow, type Csr } from '../postings/csr';
import { CATEGORICAL_FIELDS, type CategoricalField } from '../postings/fields';
import { HandleIndex, normaliseHandle } from '../postings/handle-index';
import type { PostingStore } from '../postings/posting-store';
import type { AccountRecord, PostRecord } from '../parse/records';
import { StringColumn } from '../util/string-column';
import {
  CompositeStrings,
  LiveHandleIndex,
  LivePostingStore,
  baseOf,
  editPosting,
  grown,
  grownBits,
  handleChangesOf,
  overridesOf,
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

export interface LiveOptions {
  /** Accounts that can be added before arrays are reallocated (default: a quarter of the base, ≥ 1024). */
  headroom?: number;
  /** Event keys remembered for idempotency (default 1 M). */
  keyMemory?: number;
  /** Compact once the delta postings hold this many bytes (default 64 MB). */
  compactBytes?: number;
}

const ROWS = [
  'following',
  'profileTerms',
  'postTerms',
  'postsByAuthor',
  'likesByActor',
  'repostsByActor',
] as const;
type RowName = (typeof ROWS)[number];
const COUNTS = ['followers', 'following', 'posts'] as const;
const LOCATION_FIELDS = new Set<CategoricalField>(['country', 'region', 'metro', 'city']);
const PROTECTED = 2;
const VERIFIED = 1;

/** Why the live index refuses a base index. */
export class LiveIndexError extends Error {}

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
  private readonly baseRows: Csr;
  private readonly liveRows = new Map<number, readonly number[]>();
  private readonly deletedPosts = new Set<number>();
  private readonly replyTo = new Map<number, number>();
  /** Repost id → [actor, original post]: a repost is an engagement, not a post (contract rule 4). */
  private readonly reposts = new Map<string, readonly [number, number]>();
  private readonly removed = new Set<string>();
  private readonly protectedIds = new Set<string>();
  private readonly keys = new Set<string>();
  private readonly keyMemory: number;
  private readonly compactBytes: number;
  private readonly accountStrings = {
    ids: new StringColumn(),
    handles: new StringColumn(),
    names: new StringColumn(),
    bios: new StringColumn(),
  };
  private readonly baseSlots: number;
  private readonly baseAccountStrings: Pick<AccountColumns, 'ids' | 'handles' | 'names' | 'bios'>;
  private readonly basePostStrings: Pick<PostColumns, 'ids' | 'at' | 'text'>;
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
    deltaTerms: 0,
    deltaBytes: 0,
    lastEventAt: 0,
    lastAppliedAt: 0,
    compactions: 0,
  };

  constructor(base: AudienceIndex, options: LiveOptions = {}) {
    if (!base.postTermRows)
      throw new LiveIndexError('A live index needs the posts’ term rows: build it with keepPostTerms: true.');
    if (base.posts.kept.length !== base.posts.count)
      throw new LiveIndexError('A live index needs every post’s id: build it with keepPostText: "all".');
    this.keyMemory = options.keyMemory ?? 1_000_000;
    this.compactBytes = options.compactBytes ?? 64 << 20;
    this.baseRows = base.postTermRows;
    if (base.posts.kept.some((p, k) => p !== k))
      throw new LiveIndexError('A live index needs the posts in post-number order.');
    this.baseSlots = base.accounts.ids.size;
    this.baseAccountStrings = { ...base.accounts };
    this.basePostStrings = { ...base.posts };
    this.basePostSlots = base.posts.ids.size;
    this.accountTerms = new AccountTerms(base.terms);
    this.postTerms = new PostTerms(base.terms);
    const { slot, ids } = base.accounts;
    for (let n = 0; n < base.size; n++) if (hasBit(base.present, n)) this.idToN.set(ids.get(slot[n]! - 1), n);
    for (let k = 0; k < base.posts.kept.length; k++)
      this.postIdToP.set(base.posts.ids.get(k), base.posts.kept[k]!);
    this.nextAccount = base.size;
    const headroom = options.headroom ?? Math.max(1024, base.size >>> 2);
    this.v = withCapacity(base, base.size + headroom);
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
    const overrides = [overridesOf(this.v.postings), overridesOf(this.v.followers)];
    let bytes = 0;
    let terms = 0;
    for (const o of overrides)
      for (const p of o.values()) {
        terms++;
        bytes += p.kind === 'bits' ? p.bits.byteLength : p.list.byteLength;
      }
    return { ...this.stats, deltaTerms: terms, deltaBytes: bytes };
  }

  /**
   * Applies a batch and publishes the next version. Idempotent: an event whose key was seen is
   * skipped, and every rule makes re-application harmless (contract rules 2–7). `position` is
   * merged per partition (the highest sequence number wins).
   */
  apply(events: readonly LiveEvent[], position: StreamPosition = {}): number {
    const news = events.filter((e) => e.type === 'user' || e.type === 'post').length;
    if (this.nextAccount + news > this.v.size) this.v = withCapacity(this.v, grow(this.v.size, news));
    const batch = new Batch(this.v, this);
    for (const e of events) {
      if (this.keys.has(e.key)) {
        this.stats.skipped++;
        continue;
      }
      this.remember(e.key);
      const changed = batch.event(e);
      if (changed) {
        this.stats.applied++;
        if (e.at > this.stats.lastEventAt) this.stats.lastEventAt = e.at;
      } else this.stats.skipped++;
    }
    this.v = batch.publish();
    this.version++;
    for (const [p, seq] of Object.entries(position))
      if (seq > (this.position[p] ?? -1)) this.position[p] = seq;
    this.stats.lastAppliedAt = Date.now();
    if (this.liveStats().deltaBytes > this.compactBytes) this.compact();
    return this.version;
  }

  /**
   * Folds the delta postings into a new base (the build's own inversions over the current rows and
   * columns) and rebuilds the handle table: the result answers every query as the version before
   * it did, and holds no overrides.
   */
  compact(): void {
    this.v = compactIndex(this.v);
    this.version++;
    this.stats.compactions++;
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
  /** @internal */ isProtectedLive = (id: string): boolean => this.protectedIds.has(id);

  /** @internal */ newAccount(id: string): number {
    const n = this.nextAccount++;
    this.idToN.set(id, n);
    return n;
  }

  /** @internal */ dropAccount(id: string, how: 'remove' | 'protect'): void {
    if (how === 'remove') {
      this.idToN.delete(id);
      this.removed.add(id);
    } else this.protectedIds.add(id);
  }

  /** @internal */ restore(id: string): void {
    this.removed.delete(id);
    this.protectedIds.delete(id);
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

const grow = (size: number, needed: number): number => Math.max(size + needed + 1024, Math.ceil(size * 1.5));

/** One batch's changes, made on copies of what it touches, then published as a new version. */
class Batch {
  private readonly size: number;
  private readonly cols = new Map<CategoricalField, Uint32Array>();
  private readonly counts = new Map<(typeof COUNTS)[number], Uint32Array>();
  private flags: Uint8Array | undefined;
  private slot: Uint32Array | undefined;
  private present: Uint32Array | undefined;
  private readonly rows = new Map<RowName, Map<number, number[]>>(ROWS.map((r) => [r, new Map()]));
  private readonly termEdits = new Map<number, Map<number, boolean>>();
  private readonly followerEdits = new Map<number, Map<number, boolean>>();
  private readonly handleChanges: Map<string, number>;
  private postCount: number;
  private post:
    { author: Uint32Array; likes: Uint32Array; reposts: Uint32Array; replies: Uint32Array } | undefined;
  private readonly engagementChanged = new Set<number>();
  private newPosts = false;
  private newSlots = false;

  constructor(
    private readonly v: AudienceIndex,
    private readonly live: LiveIndex,
  ) {
    this.size = v.size;
    this.handleChanges = new Map(handleChangesOf(v.handles));
    this.postCount = v.posts.count;
  }

  // --- copy-on-write access ---

  private col(f: CategoricalField): Uint32Array {
    let c = this.cols.get(f);
    if (!c) this.cols.set(f, (c = this.v.columns[f].slice()));
    return c;
  }
  private cell(f: CategoricalField, n: number): number {
    return (this.cols.get(f) ?? this.v.columns[f])[n]!;
  }
  private count(k: (typeof COUNTS)[number]): Uint32Array {
    let c = this.counts.get(k);
    if (!c) this.counts.set(k, (c = this.v.accounts[k].slice()));
    return c;
  }
  private flagsW(): Uint8Array {
    return (this.flags ??= this.v.accounts.flags.slice());
  }
  private flagOf(n: number): number {
    return (this.flags ?? this.v.accounts.flags)[n]!;
  }
  private presentW(): Uint32Array {
    return (this.present ??= this.v.present.slice());
  }
  private isPresent(n: number): boolean {
    return hasBit(this.present ?? this.v.present, n);
  }
  private row(name: RowName, n: number): readonly number[] | Uint32Array {
    return this.rows.get(name)!.get(n) ?? csrRow(this.v[name], n);
  }
  private setRow(name: RowName, n: number, row: number[]): void {
    this.rows.get(name)!.set(n, row);
  }
  private posts() {
    if (!this.post) {
      const p = this.v.posts;
      this.post = {
        author: p.author.slice(),
        likes: p.likes.slice(),
        reposts: p.reposts.slice(),
        replies: p.replies.slice(),
      };
    }
    return this.post;
  }
  private postValue(k: 'author' | 'likes' | 'reposts' | 'replies', p: number): number {
    return (this.post ?? this.v.posts)[k][p] ?? 0;
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
    const c = this.count(k);
    c[n] = Math.max(0, c[n]! + by);
  }
  /** Followers of `n` as this batch sees them (base posting with this batch's edits). */
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
        return this.removeAccount(e.user, 'remove');
      case 'user-protect':
        return this.removeAccount(e.user, 'protect');
      case 'user-restore':
        this.live.restore(e.user);
        return true;
    }
  }

  private user(u: LiveUser): boolean {
    if (this.live.isRemoved(u.id)) return false;
    const known = this.live.accountOf(u.id);
    const n = known ?? this.live.newAccount(u.id);
    const place = resolveLocationText(
      u.location,
      [...this.v.catalogue.entries('locations')].map(([, i]) => i),
    );
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
      const present = this.presentW();
      present[n >>> 5]! |= 1 << (n & 31);
    } else {
      // Rule 2: location columns and bio words are replaced; what X does not publish stays.
      for (let i = 0; i < CATEGORICAL_FIELDS.length; i++)
        if (LOCATION_FIELDS.has(CATEGORICAL_FIELDS[i]!)) this.setCell(CATEGORICAL_FIELDS[i]!, n, cells[i]!);
      const kept = [...this.row('profileTerms', n)].filter((t) => this.v.terms.field(t) !== 'bioWord');
      const bio = profile.filter((t) => this.v.terms.field(t) === 'bioWord');
      this.replaceTerms('profileTerms', n, [...kept, ...bio]);
    }
    const slots = (this.slot ??= this.v.accounts.slot.slice());
    slots[n] = this.live.accountSlot(u);
    this.newSlots = true;
    const flags = this.flagsW();
    flags[n] = (u.verified ? VERIFIED : 0) | (u.protected ? PROTECTED : 0);
    const handle = normaliseHandle(u.handle);
    if (oldHandle && oldHandle !== handle) this.handleChanges.set(oldHandle, -1);
    if (handle) this.handleChanges.set(handle, n);
    return true;
  }

  private slotOf(n: number): number {
    return (this.slot ?? this.v.accounts.slot)[n]!;
  }

  private setCell(f: CategoricalField, n: number, value: number): void {
    const old = this.cell(f, n);
    if (old === value) return;
    if (old > 0) this.termEdit(old - 1, n, false);
    if (value > 0) this.termEdit(value - 1, n, true);
    this.col(f)[n] = value;
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
    if (author === undefined || this.live.isProtectedLive(post.author)) return false;
    if (post.repostOf !== null) {
      // Rule 4: a repost is an engagement on the original, not a post.
      const original = this.live.postOf(post.repostOf);
      if (original === undefined || this.live.repost(post.id)) return false;
      if (this.row('repostsByActor', author).includes(original)) return false;
      this.live.addRepost(post.id, author, original);
      this.setRow('repostsByActor', author, [...this.row('repostsByActor', author), original]);
      this.engage('reposts', original, 1);
      return true;
    }
    if (this.live.postOf(post.id) !== undefined) return false;
    const record: PostRecord = { type: 'post', n: 0, author, text: post.text, hashtags: post.hashtags };
    const row = this.live.termsOfPost(record);
    const p = this.live.newPost(post, row);
    const cols = this.posts();
    if (p >= cols.author.length) {
      const length = Math.max(p + 1, Math.ceil(cols.author.length * 1.5) + 1024);
      cols.author = grown(cols.author, length);
      cols.likes = grown(cols.likes, length);
      cols.reposts = grown(cols.reposts, length);
      cols.replies = grown(cols.replies, length);
    }
    cols.author[p] = author;
    this.postCount = Math.max(this.postCount, p + 1);
    this.newPosts = true;
    this.setRow('postsByAuthor', author, [...this.row('postsByAuthor', author), p]);
    const terms = new Set(this.row('postTerms', author));
    for (const t of row) terms.add(t);
    this.replaceTerms('postTerms', author, [...terms]);
    this.bump('posts', author, 1);
    // Rule 4: the author's lang is its latest post's.
    if (post.lang) this.setCell('language', author, this.v.terms.id('language', post.lang.toLowerCase()) + 1);
    if (post.replyTo !== null) {
      const parent = this.live.postOf(post.replyTo);
      if (parent !== undefined) {
        this.live.setReplyTo(p, parent);
        this.engage('replies', parent, 1);
      }
    }
    return true;
  }

  private engage(k: 'likes' | 'reposts' | 'replies', p: number, by: number): void {
    const cols = this.posts();
    cols[k][p] = Math.max(0, cols[k][p]! + by);
    this.engagementChanged.add(p);
  }

  private like(userId: string, postId: string): boolean {
    const n = this.live.accountOf(userId);
    const p = this.live.postOf(postId);
    if (n === undefined || p === undefined || this.live.isProtectedLive(userId)) return false;
    const row = this.row('likesByActor', n);
    if (row.includes(p)) return false;
    this.setRow('likesByActor', n, [...row, p]);
    this.engage('likes', p, 1);
    return true;
  }

  private follow(fromId: string, toId: string, add: boolean): boolean {
    const from = this.live.accountOf(fromId);
    const to = this.live.accountOf(toId);
    if (from === undefined || to === undefined || from === to) return false;
    const row = this.row('following', from);
    const has = row.includes(to);
    if (has === add) return false; // Rule 3: a follow of an existing edge, an unfollow of a missing one
    this.setRow('following', from, add ? [...row, to] : [...row].filter((t) => t !== to));
    this.followerEdit(to, from, add);
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
    if (p === undefined) return false;
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
    const cols = this.posts();
    cols.likes[p] = 0;
    cols.reposts[p] = 0;
    cols.replies[p] = 0;
    this.engagementChanged.add(p);
  }

  private dropEngagement(name: 'likesByActor' | 'repostsByActor', p: number): void {
    const { offsets, data } = this.v[name];
    const actors = new Set<number>();
    for (let a = 0; a + 1 < offsets.length; a++)
      for (let i = offsets[a]!; i < offsets[a + 1]!; i++) if (data[i] === p) actors.add(a);
    for (const [a, row] of this.rows.get(name)!) if (row.includes(p)) actors.add(a);
    for (const a of actors)
      this.setRow(
        name,
        a,
        [...this.row(name, a)].filter((q) => q !== p),
      );
  }

  /**
   * Rule 7: a deleted or suspended account leaves everything; a protected one keeps its record and
   * follows but its posts, likes and reposts leave (a data partner must drop them).
   */
  private removeAccount(id: string, how: 'remove' | 'protect'): boolean {
    const n = this.live.accountOf(id);
    if (n === undefined || (how === 'protect' && this.live.isProtectedLive(id))) return false;
    for (const p of [...this.row('postsByAuthor', n)]) {
      const postId = this.v.posts.ids.get(p);
      this.removePost(p, postId);
    }
    for (const p of this.row('likesByActor', n)) this.engage('likes', p, -1);
    this.setRow('likesByActor', n, []);
    for (const repostId of this.live.repostsBy(n)) this.live.dropRepost(repostId);
    for (const p of this.row('repostsByActor', n)) this.engage('reposts', p, -1);
    this.setRow('repostsByActor', n, []);
    if (how === 'protect') {
      this.flagsW()[n] = this.flagOf(n) | PROTECTED;
      this.live.dropAccount(id, 'protect');
      return true;
    }
    for (const t of this.row('following', n)) {
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
      this.bump('following', f, -1);
    }
    for (const f of CATEGORICAL_FIELDS) this.setCell(f, n, 0);
    this.replaceTerms('profileTerms', n, []);
    this.replaceTerms('postTerms', n, []);
    for (const k of COUNTS) this.count(k)[n] = 0;
    this.flagsW()[n] = 0;
    const handle = normaliseHandle(this.live.handleOfSlot(this.slotOf(n)));
    if (handle && (this.handleChanges.get(handle) ?? this.v.handles.find(handle)) === n)
      this.handleChanges.set(handle, -1);
    const present = this.presentW();
    present[n >>> 5]! &= ~(1 << (n & 31));
    this.live.dropAccount(id, 'remove');
    return true;
  }

  // --- publishing ---

  publish(): AudienceIndex {
    const v = this.v;
    const size = this.size;
    const rows = {} as Record<RowName, Csr>;
    for (const name of ROWS) {
      const changed = this.rows.get(name)!;
      rows[name] = changed.size === 0 ? v[name] : replaceRows(v[name], changed, size);
    }
    const postings = withEdits(v.postings, this.termEdits, v.terms.size, size);
    const followers = withEdits(v.followers, this.followerEdits, size, size);
    const present = this.present ?? v.present;
    const slot = this.slot ?? v.accounts.slot;
    const accountStrings = this.newSlots ? this.live.accountStringsOf() : v.accounts;
    const accounts: AccountColumns = {
      followers: this.counts.get('followers') ?? v.accounts.followers,
      following: this.counts.get('following') ?? v.accounts.following,
      posts: this.counts.get('posts') ?? v.accounts.posts,
      flags: this.flags ?? v.accounts.flags,
      slot,
      ids: accountStrings.ids,
      handles: accountStrings.handles,
      names: accountStrings.names,
      bios: accountStrings.bios,
    };
    const handles =
      this.handleChanges.size === 0
        ? v.handles
        : new LiveHandleIndex(v.handles, (n) => this.live.handleOfSlot(slot[n]!), this.handleChanges);
    const cols = this.post ?? v.posts;
    const engagement = (p: number): number => cols.likes[p]! + cols.reposts[p]! + cols.replies[p]!;
    const postStrings = this.newPosts ? this.live.postStringsOf() : v.posts;
    const count = this.postCount;
    const posts: PostColumns = {
      count,
      author: cols.author,
      likes: cols.likes,
      reposts: cols.reposts,
      replies: cols.replies,
      byEngagement:
        this.engagementChanged.size === 0
          ? v.posts.byEngagement
          : reorderEngagement(v.posts.byEngagement, this.engagementChanged, engagement),
      kept: this.newPosts ? Uint32Array.from({ length: count }, (_, p) => p) : v.posts.kept,
      ids: postStrings.ids,
      at: postStrings.at,
      text: postStrings.text,
    };
    const columns = { ...v.columns };
    for (const [f, c] of this.cols) columns[f] = c;
    const population = this.present ? countBits(present) : v.population;
    let likes = 0;
    let reposts = 0;
    for (let p = 0; p < count; p++) {
      likes += cols.likes[p]!;
      reposts += cols.reposts[p]!;
    }
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
        follows: rows.following.data.length,
        posts: count,
        likes,
        reposts,
        terms: v.terms.size,
      },
    };
  }
}

function bitsToList(bits: Uint32Array): number[] {
  const out: number[] = [];
  for (let w = 0; w < bits.length; w++) {
    let word = bits[w]!;
    while (word !== 0) {
      const b = 31 - Math.clz32(word & -word);
      out.push((w << 5) + b);
      word &= word - 1;
    }
  }
  return out;
}

function withEdits(
  store: PostingStore,
  edits: ReadonlyMap<number, ReadonlyMap<number, boolean>>,
  terms: number,
  size: number,
): PostingStore {
  if (edits.size === 0 && terms <= store.terms) return store;
  const overrides = new Map<number, Posting>(overridesOf(store));
  for (const [term, e] of edits) overrides.set(term, editPosting(store.get(term), e, size));
  return new LivePostingStore(baseOf(store), overrides, terms);
}

/** The index with room for `capacity` accounts: per-account arrays and bitsets lengthened. */
export function withCapacity(index: AudienceIndex, capacity: number): AudienceIndex {
  if (capacity <= index.size) return index;
  const columns = { ...index.columns };
  for (const f of CATEGORICAL_FIELDS) columns[f] = grown(index.columns[f], capacity);
  const rows = {} as Record<RowName, Csr>;
  for (const name of ROWS) rows[name] = replaceRows(index[name], new Map(), capacity);
  const customAudiences = new Map<string, AccountSet>();
  for (const [name, set] of index.customAudiences)
    customAudiences.set(name, new AccountSet(capacity, grownBits(set.bits, capacity)));
  const present = grownBits(index.present, capacity);
  const a = index.accounts;
  const grownIndex: AudienceIndex = {
    ...index,
    size: capacity,
    present,
    columns,
    ...rows,
    accounts: {
      ...a,
      followers: grown(a.followers, capacity),
      following: grown(a.following, capacity),
      posts: grown(a.posts, capacity),
      flags: grown(a.flags, capacity),
      slot: grown(a.slot, capacity),
    },
    customAudiences,
  };
  return compactIndex(grownIndex);
}

/** The index with its postings, followers and handle table rebuilt from its rows and columns. */
export function compactIndex(index: AudienceIndex): AudienceIndex {
  const { size } = index;
  const present8 = new Uint8Array(size);
  for (let n = 0; n < size; n++) if (hasBit(index.present, n)) present8[n] = 1;
  const postings = invert(index.terms.size, size, {
    columns: CATEGORICAL_FIELDS.map((f) => index.columns[f]),
    rows: [index.profileTerms, index.postTerms],
    present: present8,
  });
  const followers = transpose(index.following, size, present8);
  const { slot, handles: handleStrings } = index.accounts;
  const handleOf = (n: number): string => (slot[n] ? handleStrings.get(slot[n] - 1) : '');
  const handles = HandleIndex.build(size, handleOf, (n) => present8[n] === 1);
  return { ...index, postings, followers, handles, stats: { ...index.stats, terms: index.terms.size } };
}
