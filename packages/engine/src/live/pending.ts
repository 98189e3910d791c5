// References the live index cannot apply yet: events of one partition that name an account or a post
// whose own event (in another partition) has not been applied. Held here, they are applied when it
// comes, so the index is the same whatever the interleaving of partitions (docs/LIVE.md "Order
// across partitions").

/** A follow or unfollow of an account not seen yet, kept until its `user` event creates it. */
export interface HeldFollow {
  kind: 'follow';
  /** The account followed. */
  target: string;
  from: string;
  /** `from`'s account number when held: a removed (or removed and re-born) follower no longer matches. */
  n: number;
  add: boolean;
}

/** A like of a post not seen yet. */
export interface HeldLike {
  kind: 'like';
  /** The post liked. */
  target: string;
  actor: string;
  n: number;
}

/** A repost (contract rule 4: an engagement) of an original not seen yet. */
export interface HeldRepost {
  kind: 'repost';
  /** The original post. */
  target: string;
  /** The repost's own id. */
  id: string;
  actor: string;
  n: number;
}

/** A reply (already applied as a post) whose parent is not seen yet: the parent's reply count waits. */
export interface HeldReply {
  kind: 'reply';
  /** The parent post. */
  target: string;
  /** The reply's id. */
  id: string;
}

/** A post deleted before it was seen: ignored when it comes. */
export interface Tombstone {
  kind: 'tombstone';
  /** The post deleted. */
  target: string;
}

/** One held reference or tombstone. */
export type Held = HeldFollow | HeldLike | HeldRepost | HeldReply | Tombstone;

/** What a reference waits for: an account (follows) or a post (the rest); their ids may coincide. */
export type TargetKind = 'account' | 'post';

/** Entries held by default before the oldest is evicted (LiveOptions.maxHeld). */
export const DEFAULT_MAX_HELD = 500_000;

const SEP = '\u0000';
const CODES = { follow: 'f', like: 'l', repost: 'r', reply: 'p', tombstone: 't' } as const;

/**
 * The key of an entry: one per (from, to) for follows and per (actor, post) for likes, so the last
 * of each wins; one per repost and reply id; one per deleted post.
 */
function keyOf(h: Held): string {
  switch (h.kind) {
    case 'follow':
      return [CODES.follow, h.target, h.from].join(SEP);
    case 'like':
      return [CODES.like, h.target, h.actor].join(SEP);
    case 'repost':
    case 'reply':
      return [CODES[h.kind], h.target, h.id].join(SEP);
    case 'tombstone':
      return CODES.tombstone + SEP + h.target;
  }
}

/**
 * The held references and tombstones of a live index, oldest first, at most `max` of them: an
 * engine that starts empty and sees follows of millions of accounts it never meets must not grow
 * without limit, so the oldest entry is evicted past the cap (its event then is as if dropped).
 */
export class PendingReferences {
  private readonly entries = new Map<string, Held>();
  /**
   * Keys of the references waiting for each account or post, by `targetKey` (tombstones are looked up
   * by their own key).
   */
  private readonly byTarget = new Map<string, Set<string>>();
  constructor(readonly max: number = DEFAULT_MAX_HELD) {}

  /** References and tombstones held now. */
  get size(): number {
    return this.entries.size;
  }

  /** Holds `h`, replacing (and renewing) an entry of the same key; evicts the oldest past the cap. */
  hold(h: Held): void {
    const key = keyOf(h);
    if (this.entries.has(key)) this.forget(key);
    this.entries.set(key, h);
    if (h.kind !== 'tombstone') {
      const target = targetKey(h);
      let keys = this.byTarget.get(target);
      if (!keys) this.byTarget.set(target, (keys = new Set()));
      keys.add(key);
    }
    while (this.entries.size > this.max) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.forget(oldest);
    }
  }

  /** Whether a `post-delete` of `postId` came before the post. */
  isTombstoned(postId: string): boolean {
    return this.entries.has(CODES.tombstone + SEP + postId);
  }

  /** A post deleted before it was seen: what was held for it goes, and it is ignored when it comes. */
  tombstone(postId: string): void {
    this.drop('post', postId);
    this.hold({ kind: 'tombstone', target: postId });
  }

  /** Removes and returns what waits for the account or post `id`, oldest first. */
  take(kind: TargetKind, id: string): Held[] {
    const keys = this.byTarget.get(kind + SEP + id);
    if (!keys) return [];
    const out: Held[] = [];
    for (const key of [...keys]) {
      out.push(this.entries.get(key)!);
      this.forget(key);
    }
    return out;
  }

  /** Drops what waits for the account or post `id`: references the other order leaves without effect. */
  drop(kind: TargetKind, id: string): void {
    this.take(kind, id);
  }

  /**
   * The entries, oldest first, as strings for a snapshot (LiveState.pending): per entry its kind,
   * target, and three fields whose meaning depends on the kind (see `decode`).
   */
  toState(): string[] {
    const out: string[] = [];
    for (const h of this.entries.values()) out.push(...encode(h));
    return out;
  }

  /** Entries from `toState`'s strings (a snapshot's), in their order. */
  restore(state: readonly string[]): void {
    for (let i = 0; i + FIELDS <= state.length; i += FIELDS) {
      const h = decode(state.slice(i, i + FIELDS));
      if (h) this.hold(h);
    }
  }

  private forget(key: string): void {
    const h = this.entries.get(key);
    if (!h) return;
    this.entries.delete(key);
    const target = targetKey(h);
    const keys = this.byTarget.get(target);
    if (!keys) return;
    keys.delete(key);
    if (keys.size === 0) this.byTarget.delete(target);
  }
}

/** The account or post an entry waits for, as `byTarget` keys it. */
const targetKey = (h: Held): string => (h.kind === 'follow' ? 'account' : 'post') + SEP + h.target;

/** Strings per entry in a snapshot. */
const FIELDS = 5;

function encode(h: Held): string[] {
  switch (h.kind) {
    case 'follow':
      return [CODES.follow, h.target, h.from, String(h.n), h.add ? '1' : '0'];
    case 'like':
      return [CODES.like, h.target, h.actor, String(h.n), ''];
    case 'repost':
      return [CODES.repost, h.target, h.actor, String(h.n), h.id];
    case 'reply':
      return [CODES.reply, h.target, '', '', h.id];
    case 'tombstone':
      return [CODES.tombstone, h.target, '', '', ''];
  }
}

function decode([code = '', target, account, n, extra]: string[]): Held | undefined {
  if (target === undefined || account === undefined || extra === undefined) return undefined;
  switch (code) {
    case CODES.follow:
      return { kind: 'follow', target, from: account, n: Number(n), add: extra === '1' };
    case CODES.like:
      return { kind: 'like', target, actor: account, n: Number(n) };
    case CODES.repost:
      return { kind: 'repost', target, id: extra, actor: account, n: Number(n) };
    case CODES.reply:
      return { kind: 'reply', target, id: extra };
    case CODES.tombstone:
      return { kind: 'tombstone', target };
    default:
      return undefined;
  }
}
