import { describe, expect, it } from 'vitest';
import type { LiveEvent } from '@murmur/core/live';
import { consumeLive, type LiveEngine } from './consume-live';
import { partitionOfEvent } from './live-log';
import { MemoryLiveLog } from './memory-log';
import { keysByPartition, likes } from './testing/events';

/** An engine that records what it is given (the engine itself is not an outside system). */
class Recorder implements LiveEngine {
  readonly batches: { keys: string[]; position: Record<string, number> }[] = [];
  private readonly at: Record<string, number>;
  constructor(start: Record<string, number> = {}) {
    this.at = { ...start };
  }
  apply(events: readonly LiveEvent[], position: Record<string, number>): void {
    this.batches.push({ keys: events.map((e) => e.key), position });
    Object.assign(this.at, position);
  }
  position(): Record<string, number> {
    return { ...this.at };
  }
  keys(): string[] {
    return this.batches.flatMap((b) => b.keys);
  }
}

async function until(check: () => boolean | Promise<boolean>, ms = 3000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('the in-process live log and consumeLive', () => {
  it('ordered: applies every partition through one reader in the log sequence order, whatever its batches, and resumes after each partition position', async () => {
    const log = new MemoryLiveLog(3);
    const events = likes(200);
    await log.append(events.slice(0, 90));
    const engines = [new Recorder(), new Recorder()];
    const consumers = await Promise.all(
      engines.map((engine, i) =>
        consumeLive({ log, engine, durableName: `o${i}`, batch: i ? 7 : 500, waitMs: 5, ordered: true }),
      ),
    );
    for (let i = 90; i < 200; i += 30) await log.append(events.slice(i, i + 30));
    await until(() => engines.every((e) => e.keys().length === 200));
    await Promise.all(consumers.map((c) => c.stop()));
    const keys = events.map((e) => e.key);
    for (const engine of engines) {
      expect(engine.keys()).toEqual(keys);
      // Each batch says the last sequence it applied of each partition it holds.
      expect(engine.position()).toEqual(
        Object.fromEntries(
          [0, 1, 2].map((p) => [String(p), 1 + events.findLastIndex((e) => partitionOfEvent(e, 3) === p)]),
        ),
      );
    }
    // Not vacuous: a batch of 7 spans partitions, and one partition's reader sees them otherwise.
    expect(engines[1]!.batches.some((b) => Object.keys(b.position).length > 1)).toBe(true);
    expect(new Set(events.slice(0, 7).map((e) => partitionOfEvent(e, 3))).size).toBeGreaterThan(1);
    // A restart from a position in which partitions stand at different places: each skips its own.
    const position = { '0': 150, '1': 120 };
    const resumed = new Recorder(position);
    const again = await consumeLive({
      log,
      engine: resumed,
      durableName: 'o1',
      batch: 7,
      waitMs: 5,
      ordered: true,
    });
    const expected = events.filter((e, i) => i + 1 > (position[String(partitionOfEvent(e, 3)) as '0'] ?? 0));
    await until(() => resumed.keys().length === expected.length);
    await again.stop();
    expect(resumed.keys()).toEqual(expected.map((e) => e.key));
    // One partition asked of an ordered consumer, or a log without an ordered reader, is refused.
    await expect(
      consumeLive({ log, engine: new Recorder(), durableName: 'x', partitions: [0], ordered: true }),
    ).rejects.toThrow(/ordered/);
  });

  it('ordered after per-partition readers: resumes at the engine position and retires the old consumers', async () => {
    const log = new MemoryLiveLog(3);
    const events = likes(90);
    await log.append(events.slice(0, 60));
    const engine = new Recorder();
    const old = await consumeLive({ log, engine, durableName: 'api', batch: 8, waitMs: 5 });
    await until(() => engine.keys().length === 60);
    await old.stop();
    await log.append(events.slice(60));
    const retired: Record<string, number>[] = [];
    const resumed = new Recorder(engine.position());
    const ordered = await consumeLive({
      log,
      engine: resumed,
      durableName: 'api',
      waitMs: 5,
      ordered: true,
      onRetired: (acknowledged) => retired.push(acknowledged),
    });
    await until(() => resumed.keys().length === 30);
    await ordered.stop();
    // Only what came after, in the log's order; the per-partition consumers are gone, once.
    expect(resumed.keys()).toEqual(events.slice(60).map((e) => e.key));
    expect(retired).toEqual([engine.position()]);
    expect(await log.retirePartitionReaders('api')).toEqual({});
  });

  it('applies every partition in order, acknowledges after applying, and reports the lag', async () => {
    const log = new MemoryLiveLog(3);
    const events = likes(120);
    expect(await log.append(events)).toEqual({ stored: 120, duplicates: 0 });
    const engine = new Recorder();
    const consumer = await consumeLive({ log, engine, durableName: 'engine', batch: 16, waitMs: 20 });
    await until(() => engine.keys().length === 120);
    const byPartition = keysByPartition(events, (e) => partitionOfEvent(e, 3));
    for (const [p, keys] of byPartition) {
      const applied = engine.batches.filter((b) => String(p) in b.position).flatMap((b) => b.keys);
      expect(applied).toEqual(keys);
    }
    expect(byPartition.size).toBe(3);
    expect((await consumer.lag()).map((l) => l.behind)).toEqual([0, 0, 0]);
    // X's time of each partition's latest event given to the engine.
    for (const l of await consumer.lag()) {
      const times = events.filter((e) => partitionOfEvent(e, 3) === l.partition).map((e) => e.at);
      expect(l.lastEventAt).toBe(Math.max(...times));
    }
    const reader = await log.reader(0, 'engine', 0);
    expect(await reader.acknowledged()).toBe(await log.lastSequence(0));
    // Events appended while consuming arrive too; the lag is what is not applied yet.
    await log.append(likes(30, 120));
    await until(() => engine.keys().length === 150);
    await consumer.stop();
    await log.append(likes(10, 150));
    const lag = await consumer.lag();
    expect(lag.reduce((sum, l) => sum + (l.behind > 0 ? 1 : 0), 0)).toBeGreaterThan(0);
    expect(Math.max(...lag.map((l) => l.last))).toBe(160);
    expect(lag.filter((l) => l.behind === 0).every((l) => l.behindMs === 0)).toBe(true);
  });

  it('says how far behind X the engine is in time: the log’s last event time less the last applied', async () => {
    const log = new MemoryLiveLog(1);
    await log.append(likes(10));
    const engine = new Recorder();
    const consumer = await consumeLive({ log, engine, durableName: 'engine', waitMs: 10 });
    await until(() => engine.keys().length === 10);
    await consumer.stop();
    expect(await consumer.lag()).toEqual([
      expect.objectContaining({ behind: 0, behindMs: 0, lastEventAt: likes(10)[9]!.at }),
    ]);
    // Two minutes of X's time arrive while the engine is stopped.
    const later = likes(5, 10).map((e, i) => ({ ...e, at: likes(10)[9]!.at + 120_000 + i }));
    await log.append(later);
    const [lag] = await consumer.lag();
    expect(lag).toMatchObject({ behind: 5, headEventAt: later[4]!.at, behindMs: 120_004 });
    expect(await log.head(0)).toEqual({ seq: 15, at: later[4]!.at });
    // Before anything was applied, the time behind is unknown; an empty log has no head time.
    const fresh = await consumeLive({
      log: new MemoryLiveLog(1),
      engine: new Recorder(),
      durableName: 'x',
      waitMs: 10,
    });
    expect(await fresh.lag()).toEqual([
      expect.objectContaining({ behind: 0, behindMs: 0, headEventAt: null }),
    ]);
    await fresh.stop();
  });

  it('resumes after the engine position (a snapshot), skipping what the engine already has', async () => {
    const log = new MemoryLiveLog(2);
    const events = likes(40);
    await log.append(events);
    const first = new Recorder();
    const consumer = await consumeLive({ log, engine: first, durableName: 'a', waitMs: 10 });
    await until(() => first.keys().length === 40);
    await consumer.stop();
    await log.append(likes(20, 40));
    // A second engine that starts from the first one's position applies only the 20 new events.
    const second = new Recorder(first.position());
    const again = await consumeLive({ log, engine: second, durableName: 'a', waitMs: 10 });
    await until(() => second.keys().length === 20);
    await again.stop();
    expect(new Set(second.keys())).toEqual(new Set(likes(20, 40).map((e) => e.key)));
    expect(new Set([...first.keys(), ...second.keys()]).size).toBe(60);
  });

  it('stores an event once when its key is appended again', async () => {
    const log = new MemoryLiveLog(2);
    await log.append(likes(5));
    expect(await log.append([...likes(5), ...likes(1, 5)])).toEqual({ stored: 1, duplicates: 5 });
  });

  it('stops with the error of an apply that throws, and does not acknowledge that batch', async () => {
    const log = new MemoryLiveLog(1);
    await log.append(likes(3));
    const engine: LiveEngine = {
      apply: () => {
        throw new Error('engine refused');
      },
      position: () => ({}),
    };
    const consumer = await consumeLive({ log, engine, durableName: 'x', waitMs: 10 });
    await expect(consumer.done).rejects.toThrow('engine refused');
    expect(await (await log.reader(0, 'x', 0)).acknowledged()).toBe(0);
  });
});

describe('consumeLive over a reader that replays', () => {
  it('applies each sequence once and in order when older sequences come again within a batch', async () => {
    const events = likes(6);
    // A reader delivering 1…4, then 5 and 6 followed by a redelivery of 3 and 4 (JetStream's
    // ack_wait ran out while they were held): the engine sees 1…6 once, positions only move forward.
    const deliveries = [
      [1, 2, 3, 4],
      [5, 6, 3, 4],
    ];
    const acked: number[] = [];
    const log = new MemoryLiveLog(1);
    const replaying: typeof log = Object.assign(Object.create(log) as typeof log, {
      reader: () =>
        Promise.resolve({
          next: async () => {
            await new Promise((resolve) => setTimeout(resolve, 1));
            return (deliveries.shift() ?? []).map((seq) => ({ seq, event: events[seq - 1]! }));
          },
          ack: (seq: number) => {
            acked.push(seq);
            return Promise.resolve();
          },
          acknowledged: () => Promise.resolve(acked.at(-1) ?? 0),
          close: () => Promise.resolve(),
        }),
    });
    const engine = new Recorder();
    const consumer = await consumeLive({ log: replaying, engine, durableName: 'r', waitMs: 1 });
    await until(() => engine.keys().length >= 6);
    await consumer.stop();
    expect(engine.keys()).toEqual(events.map((e) => e.key));
    expect(engine.batches.map((b) => b.position)).toEqual([{ 0: 4 }, { 0: 6 }]);
    expect(acked).toEqual([4, 6]);
  });
});
