import { countBits } from '../bits/bitset';
import type { AccountColumns, AudienceIndex, PostColumns } from '../postings/audience-index';
import type { Csr } from '../postings/csr';
import { CATEGORICAL_FIELDS, type CategoricalField } from '../postings/fields';
import { ROWS, bitsToList, type RowName } from './live-base';
import type { LiveIndex } from './live-index';
import type { Held } from './pending';
import { LiveHandleIndex } from './live-handles';
import { LivePostingStore } from './posting-log';
import { LazyCsr, type Buffered } from './structures';

export const COUNTS = ['followers', 'following', 'posts'] as const;

/**
 * One batch's changes: per-account and per-post values written into double buffers, rows and
 * posting edits collected and logged under the batch's version at publish. This half holds the
 * buffers and publishes them; the events that write them are `Batch`'s (batch.ts).
 */
export class BatchStore {
  protected readonly size: number;
  protected readonly cols = new Map<CategoricalField, Buffered<Uint32Array>>();
  protected readonly counts = new Map<(typeof COUNTS)[number], Buffered<Uint32Array>>();
  protected readonly arrays = new Map<string, Buffered<Uint32Array | Uint8Array>>();
  protected readonly rows = new Map<RowName, Map<number, Uint32Array>>(ROWS.map((r) => [r, new Map()]));
  protected readonly termEdits = new Map<number, Map<number, boolean>>();
  protected readonly followerEdits = new Map<number, Map<number, boolean>>();
  protected readonly handleChanges = new Map<string, number>();
  protected postCount: number;
  protected readonly engagementChanged = new Set<number>();
  protected newPosts = false;
  protected newSlots = false;
  /** Whether the event being applied was held (LiveStats.deferred). */
  protected held = false;
  /** References this batch took from the pending ones: held again if it fails. */
  protected readonly released: Held[] = [];

  constructor(
    protected readonly v: AudienceIndex,
    protected readonly live: LiveIndex,
    protected readonly ver: number,
  ) {
    this.size = v.size;
    this.postCount = v.posts.count;
  }

  // --- double-buffered access (writes go to the spare array, reads see this batch's writes) ---

  protected array<T extends Uint32Array | Uint8Array>(name: string, current: T): Buffered<T> {
    let b = this.arrays.get(name) as Buffered<T> | undefined;
    if (!b) {
      b = this.live.buffer(name, current);
      b.writable(current);
      this.arrays.set(name, b);
    }
    return b;
  }
  protected read<T extends Uint32Array | Uint8Array>(name: string, current: T): T {
    const b = this.arrays.get(name) as Buffered<T> | undefined;
    return b ? b.writable(current) : current;
  }
  protected col(f: CategoricalField): Buffered<Uint32Array> {
    let c = this.cols.get(f);
    if (!c) this.cols.set(f, (c = this.array(`column:${f}`, this.v.columns[f])));
    return c;
  }
  protected cell(f: CategoricalField, n: number): number {
    return this.read(`column:${f}`, this.v.columns[f])[n]!;
  }
  protected count(k: (typeof COUNTS)[number]): Buffered<Uint32Array> {
    let c = this.counts.get(k);
    if (!c) this.counts.set(k, (c = this.array(`count:${k}`, this.v.accounts[k])));
    return c;
  }
  protected countOf(k: (typeof COUNTS)[number], n: number): number {
    return this.read(`count:${k}`, this.v.accounts[k])[n]!;
  }
  protected setFlags(n: number, value: number): void {
    this.array('flags', this.v.accounts.flags).set(n, value);
  }
  /** Account `n`'s sample key (AccountColumns.sampleKey), written only when it changes. */
  protected setSampleKey(n: number, key: number): void {
    if (this.read('sampleKey', this.v.accounts.sampleKey)[n] !== key)
      this.array('sampleKey', this.v.accounts.sampleKey).set(n, key);
  }
  protected flagOf(n: number): number {
    return this.read('flags', this.v.accounts.flags)[n]!;
  }
  protected setPresent(n: number, on: boolean): void {
    const b = this.array('present', this.v.present);
    const word = b.writable(this.v.present)[n >>> 5]!;
    b.set(n >>> 5, on ? word | (1 << (n & 31)) : word & ~(1 << (n & 31)));
  }
  /** Row n as this batch sees it: never written (a change is a new array, `setRow`). */
  protected row(name: RowName, n: number): Uint32Array {
    return this.rows.get(name)!.get(n) ?? this.live.rowLogs[name].latest(n);
  }
  /** `row` becomes row n (logged as it is at publish: a new array, not written afterwards). */
  protected setRow(name: RowName, n: number, row: Uint32Array): void {
    this.rows.get(name)!.set(n, row);
  }
  protected post(k: 'author' | 'likes' | 'reposts' | 'replies'): Buffered<Uint32Array> {
    return this.array(`post:${k}`, this.v.posts[k]);
  }
  protected postValue(k: 'author' | 'likes' | 'reposts' | 'replies', p: number): number {
    return this.read(`post:${k}`, this.v.posts[k])[p] ?? 0;
  }
  protected termEdit(term: number, n: number, add: boolean): void {
    let e = this.termEdits.get(term);
    if (!e) this.termEdits.set(term, (e = new Map<number, boolean>()));
    e.set(n, add);
  }
  protected followerEdit(target: number, n: number, add: boolean): void {
    let e = this.followerEdits.get(target);
    if (!e) this.followerEdits.set(target, (e = new Map<number, boolean>()));
    e.set(n, add);
  }
  protected bump(k: (typeof COUNTS)[number], n: number, by: number): void {
    this.count(k).set(n, Math.max(0, this.countOf(k, n) + by));
  }
  /** Followers of `n` as this batch sees them (the version's posting with this batch's edits). */
  protected followersOf(n: number): number[] {
    const posting = this.v.followers.get(n);
    const out = new Set<number>(posting.kind === 'list' ? posting.list : bitsToList(posting.bits));
    for (const [f, add] of this.followerEdits.get(n) ?? []) {
      if (add) out.add(f);
      else out.delete(f);
    }
    return [...out];
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
      sampleKey: out('sampleKey', v.accounts.sampleKey),
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
