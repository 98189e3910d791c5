import { Column } from './growable';

/** What happened. Stored as one byte per event. */
export const EventKind = {
  follow: 1,
  unfollow: 2,
  post: 3,
  like: 4,
  repost: 5,
  reply: 6,
  /** Lifecycle (live time only): a post deleted (`post` set), an account deleted, suspended, made protected, its profile edited. */
  postDelete: 7,
  userDelete: 8,
  userSuspend: 9,
  userProtect: 10,
  profile: 11,
  /** A row whose content has left the network (a deleted post, an engagement of a deleted account). */
  removed: 12,
  /** Lifecycle: a protected account makes its posts public again. */
  userUnprotect: 13,
  /**
   * A post's or a reply's own row, the post deleted by its author since (`removed` otherwise): X
   * sent the post when it was made, so the posts firehose still makes its line when it reads the row
   * later (a replay, a reader behind the clock); nothing else reads it.
   */
  postDeleted: 14,
  replyDeleted: 15,
} as const;
export type EventKind = (typeof EventKind)[keyof typeof EventKind];
export type EventKindName = keyof typeof EventKind;

export const EVENT_KIND_NAMES: Readonly<Record<EventKind, EventKindName>> = {
  1: 'follow',
  2: 'unfollow',
  3: 'post',
  4: 'like',
  5: 'repost',
  6: 'reply',
  7: 'postDelete',
  8: 'userDelete',
  9: 'userSuspend',
  10: 'userProtect',
  11: 'profile',
  12: 'removed',
  13: 'userUnprotect',
  14: 'postDeleted',
  15: 'replyDeleted',
};

/**
 * What a `profile` row changed, in its `post` column: `field << 8 | value after the edit` (the bio's
 * revision, or the location mode), so the streams can tell before from after at any later time.
 */
export const ProfileField = { bio: 0, geo: 1 } as const;
export const profileValue = (field: number, after: number): number => (field << 8) | after;
export const profileChange = (value: number): { field: number; after: number } => ({
  field: value < 0 ? ProfileField.bio : value >> 8,
  after: value & 0xff,
});

/** Columns of a batch of events (simulate/pending.ts's EventBuffer). */
export interface EventBatch {
  time: Column<Uint32Array>;
  kind: Column<Uint8Array>;
  actor: Column<Uint32Array>;
  target: Column<Uint32Array>;
  post: Column<Int32Array>;
}

/**
 * The network's history: every follow, unfollow, post and engagement with its time, append-only and
 * sorted by time (each tick's events are sorted before they are appended). `target` is the account the
 * event is about: the followee, or the author of the engaged post; `post` is -1 for follows.
 */
export class EventLog {
  readonly time = new Column(Uint32Array, 1 << 16);
  readonly kind = new Column(Uint8Array, 1 << 16);
  readonly actor = new Column(Uint32Array, 1 << 16);
  readonly target = new Column(Uint32Array, 1 << 16);
  readonly post = new Column(Int32Array, 1 << 16);

  get length(): number {
    return this.time.length;
  }

  reserve(rows: number): void {
    for (const column of [this.time, this.actor, this.target]) column.reserve(rows);
    this.kind.reserve(rows);
    this.post.reserve(rows);
  }

  append(time: number, kind: EventKind, actor: number, target: number, post: number): void {
    const last = this.time.length > 0 ? this.time.get(this.time.length - 1) : 0;
    if (time < last) throw new Error(`Event log must stay sorted: ${time} < ${last}`);
    this.time.push(time);
    this.kind.push(kind);
    this.actor.push(actor);
    this.target.push(target);
    this.post.push(post);
  }

  /** Appends a batch in the given order; the order must sort the batch by time. */
  appendBatch(batch: EventBatch, order: Uint32Array): void {
    if (order.length === 0) return;
    const last = this.time.length > 0 ? this.time.get(this.time.length - 1) : 0;
    if (batch.time.get(order[0]!) < last) throw new Error('Event log must stay sorted');
    const [time, kind, actor, target, post] = [
      batch.time.view(),
      batch.kind.view(),
      batch.actor.view(),
      batch.target.view(),
      batch.post.view(),
    ];
    for (let k = 0; k < order.length; k++) {
      const i = order[k]!;
      this.time.push(time[i]!);
      this.kind.push(kind[i]!);
      this.actor.push(actor[i]!);
      this.target.push(target[i]!);
      this.post.push(post[i]!);
    }
  }

  /** Index of the first event at or after `time` (binary search; the log is sorted). */
  firstAtOrAfter(time: number): number {
    const times = this.time.view();
    let lo = 0;
    let hi = times.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (times[mid]! < time) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
