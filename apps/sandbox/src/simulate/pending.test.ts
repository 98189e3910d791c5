import { describe, expect, it } from 'vitest';
import { PendingQueue, type EventBuffer } from './pending';

const rows = (b: EventBuffer) =>
  Array.from({ length: b.length }, (_, i) => [
    b.time.get(i),
    b.kind.get(i),
    b.actor.get(i),
    b.target.get(i),
    b.post.get(i),
  ]);

describe('PendingQueue.takeBefore', () => {
  it('takes the events due before a time in the order they came, and keeps the rest in theirs', () => {
    const queue = new PendingQueue();
    // Events of one tick in arrival order (not by time), as engagements are scheduled.
    const times = [50, 10, 70, 10, 30, 90, 20, 60, 40, 80];
    const added = times.map((t, i) => [t, i % 7, 100 + i, 200 + i, i - 3]);
    for (const [t, kind, actor, target, post] of added) queue.add(3, t!, kind!, actor!, target!, post!);
    // Each row's actor is unique: what was taken is known by it.
    const taken = new Set<number>();
    for (const until of [5, 25, 45, 45, 85]) {
      const due = queue.takeBefore(3, until);
      const got = rows(due);
      expect(got).toEqual(added.filter(([t, , actor]) => t! < until && !taken.has(actor!)));
      for (const r of got) taken.add(r[2]!);
      queue.recycle(due);
      expect(queue.size).toBe(added.length - taken.size);
    }
    // The last: everything left (later than every step so far), in arrival order.
    expect(rows(queue.takeBefore(3, 1_000))).toEqual(added.filter(([t]) => t! >= 85));
    expect(queue.size).toBe(0);
  });

  it('adds after a partial take land after the events kept', () => {
    const queue = new PendingQueue();
    for (const t of [30, 10, 40]) queue.add(1, t, 1, t, t, -1);
    queue.recycle(queue.takeBefore(1, 20));
    queue.add(1, 15, 2, 15, 15, -1);
    queue.add(1, 35, 2, 35, 35, -1);
    expect(rows(queue.takeBefore(1, 36)).map((r) => r[0])).toEqual([30, 15, 35]);
    expect(rows(queue.take(1)).map((r) => r[0])).toEqual([40]);
  });
});
