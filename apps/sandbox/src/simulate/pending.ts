import { Column } from '../model/growable';

/**
 * A batch of events in arrival order (not yet sorted). Typed columns rather than arrays of numbers:
 * at a million accounts the simulation moves ~15M events through these buffers, and typed storage
 * keeps that from becoming garbage-collector work.
 */
export class EventBuffer {
  readonly time: Column<Uint32Array>;
  readonly kind: Column<Uint8Array>;
  readonly actor: Column<Uint32Array>;
  readonly target: Column<Uint32Array>;
  readonly post: Column<Int32Array>;

  constructor(capacity = 64) {
    this.time = new Column(Uint32Array, capacity);
    this.kind = new Column(Uint8Array, capacity);
    this.actor = new Column(Uint32Array, capacity);
    this.target = new Column(Uint32Array, capacity);
    this.post = new Column(Int32Array, capacity);
  }

  get length(): number {
    return this.time.length;
  }

  clear(): void {
    for (const column of [this.time, this.actor, this.target]) column.clear();
    this.kind.clear();
    this.post.clear();
  }

  /** Keeps the first `length` events. */
  truncate(length: number): void {
    for (const column of [this.time, this.actor, this.target]) column.truncate(length);
    this.kind.truncate(length);
    this.post.truncate(length);
  }

  push(time: number, kind: number, actor: number, target: number, post: number): void {
    this.time.push(time);
    this.kind.push(kind);
    this.actor.push(actor);
    this.target.push(target);
    this.post.push(post);
  }
}

/**
 * Events that are due in a later tick: engagements on a post arrive minutes to days after it, so they
 * are drawn when the post is made and parked here under the tick they fall into.
 */
export class PendingQueue {
  private readonly buckets = new Map<number, EventBuffer>();
  /** Emptied buckets for reuse: ~700 ticks of buckets would otherwise churn the garbage collector. */
  private readonly spare: EventBuffer[] = [];

  add(tick: number, time: number, kind: number, actor: number, target: number, post: number): void {
    let bucket = this.buckets.get(tick);
    if (!bucket) {
      bucket = this.spare.pop() ?? new EventBuffer(1024);
      this.buckets.set(tick, bucket);
    }
    bucket.push(time, kind, actor, target, post);
  }

  /** Removes and returns the events due in `tick`; hand the buffer back with `recycle` when done. */
  take(tick: number): EventBuffer {
    const bucket = this.buckets.get(tick) ?? this.spare.pop() ?? new EventBuffer(1024);
    this.buckets.delete(tick);
    return bucket;
  }

  /**
   * Removes and returns the events of `tick` due before `time`; the rest stay for a later step.
   * Hand the buffer back with `recycle` when done.
   */
  takeBefore(tick: number, time: number): EventBuffer {
    const bucket = this.buckets.get(tick);
    if (!bucket) return this.spare.pop() ?? new EventBuffer(1024);
    const times = bucket.time.view();
    let all = true;
    for (let i = 0; i < times.length && all; i++) if (times[i]! >= time) all = false;
    if (all) return this.take(tick);
    // A stable partition over the columns' own arrays: the due events are copied out in order, the
    // rest move up in place, in order. The running clock takes a few seconds of an hour's bucket at
    // a step, so this runs over the whole bucket many times an hour: a call per cell and a second
    // buffer per step were a tenth of the stand-in's CPU at ×3600.
    const due = this.spare.pop() ?? new EventBuffer(1024);
    const kind = bucket.kind.view();
    const actor = bucket.actor.view();
    const target = bucket.target.view();
    const post = bucket.post.view();
    let kept = 0;
    for (let i = 0; i < times.length; i++) {
      const t = times[i]!;
      if (t < time) {
        due.push(t, kind[i]!, actor[i]!, target[i]!, post[i]!);
        continue;
      }
      if (kept !== i) {
        times[kept] = t;
        kind[kept] = kind[i]!;
        actor[kept] = actor[i]!;
        target[kept] = target[i]!;
        post[kept] = post[i]!;
      }
      kept++;
    }
    bucket.truncate(kept);
    return due;
  }

  recycle(bucket: EventBuffer): void {
    bucket.clear();
    this.spare.push(bucket);
  }

  get size(): number {
    let total = 0;
    for (const bucket of this.buckets.values()) total += bucket.length;
    return total;
  }
}
