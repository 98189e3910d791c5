import { describe, expect, it } from 'vitest';
import { freshnessOf, reachedAt } from './freshness';

const part = (partition: number, behindMs: number | null, lagEvents = 0) => ({
  partition,
  lagEvents,
  lastEventAt: behindMs === null ? null : 1_790_000_000_000,
  behindMs,
});

describe('freshnessOf', () => {
  it('is static without a live path', () => {
    expect(freshnessOf(null)).toEqual({ state: 'static', behindMs: null });
    expect(freshnessOf({ partitions: [] })).toEqual({ state: 'static', behindMs: null });
  });

  it('is live within 30 s of X, by the furthest-behind partition', () => {
    expect(freshnessOf({ partitions: [part(0, 1200), part(1, 3400.6)] })).toEqual({
      state: 'live',
      behindMs: 3401,
    });
    expect(freshnessOf({ partitions: [part(0, 30_000)] })).toEqual({ state: 'live', behindMs: 30_000 });
  });

  it('is catching up further behind, or when a partition has events but no position yet', () => {
    expect(freshnessOf({ partitions: [part(0, 1000), part(1, 120_000, 5000)] })).toEqual({
      state: 'catching-up',
      behindMs: 120_000,
    });
    expect(freshnessOf({ partitions: [part(0, 1000), part(1, null, 10)] })).toEqual({
      state: 'catching-up',
      behindMs: 1000,
    });
    // No events anywhere yet: nothing to be behind on.
    expect(freshnessOf({ partitions: [part(0, null)] })).toEqual({ state: 'live', behindMs: null });
  });

  it('is catching up while X’s streams have not delivered, however current the log', () => {
    const current = [part(0, 0), part(1, 800)];
    expect(freshnessOf({ partitions: current, sourceBehindMs: 150_000 })).toEqual({
      state: 'catching-up',
      behindMs: 150_000,
    });
    // A stream reconnecting for a moment is within the live window.
    expect(freshnessOf({ partitions: current, sourceBehindMs: 4_000 })).toEqual({
      state: 'live',
      behindMs: 4_000,
    });
    // Connected, or no collector in this process: the log's own figures.
    expect(freshnessOf({ partitions: current, sourceBehindMs: 0 })).toEqual({ state: 'live', behindMs: 800 });
    expect(freshnessOf({ partitions: current, sourceBehindMs: null })).toEqual({
      state: 'live',
      behindMs: 800,
    });
  });
});

describe('reachedAt', () => {
  const at = (partition: number, lastEventAt: number | null, lagEvents = 0) => ({
    partition,
    lagEvents,
    lastEventAt,
    behindMs: null,
  });

  it('is unknown without a live path or before any event', () => {
    expect(reachedAt(null)).toBeNull();
    expect(reachedAt({ partitions: [at(0, null, 5)] })).toBeNull();
  });

  it('is the latest event applied, held back by a partition with events still waiting', () => {
    expect(reachedAt({ partitions: [at(0, 1_000), at(1, 3_000), at(2, null)] })).toBe(3_000);
    expect(reachedAt({ partitions: [at(0, 1_000, 7), at(1, 3_000)] })).toBe(1_000);
  });
});
