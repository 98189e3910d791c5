import { describe, expect, it } from 'vitest';
import { StreamCoverage, type StreamCheckpoint } from './stream-coverage';

const MIN = 60_000;
const X = Date.parse('2026-11-25T12:00:00Z');
const ids = ['tweets/firehose/stream#1', 'tweets/firehose/stream#2', 'users/compliance/stream#1'];
const WALL = 1_000_000;

const restarted = (coverage: Record<string, number>) =>
  new StreamCoverage({
    ids,
    checkpoint: { coverage, xTime: X, savedAt: WALL },
    initialBackfillMinutes: 5,
    now: () => WALL,
  });

describe('what a collector asks X to replay', () => {
  it("asks X's 5 minutes on a first start, with nothing written down", () => {
    const coverage = new StreamCoverage({ ids, initialBackfillMinutes: 5, now: () => WALL });
    expect(coverage.replay(0, false, 0)).toEqual({ backfillMinutes: 5 });
  });

  it('resumes each stream from its own instant: backfill within 5 minutes, Recovery beyond, 24 hours at most', () => {
    const coverage = restarted({
      [ids[0]!]: X - 2 * MIN,
      [ids[1]!]: X - 20 * MIN,
      [ids[2]!]: X - 30 * 60 * MIN,
    });
    // 2 minutes behind, a minute before them for the partition's disorder, a minute for X's clock.
    expect(coverage.replay(0, false, 0)).toEqual({ backfillMinutes: 4 });
    // A partition refused at the last starts: from a minute before where it stopped.
    expect(coverage.replay(1, false, 0)).toEqual({ startTime: X - 21 * MIN });
    expect(coverage.replay(2, false, 0)).toEqual({ startTime: X - 24 * 60 * MIN + MIN });
  });

  it('asks a dropped connection for its silence, and for Recovery past 5 minutes of it', () => {
    const coverage = restarted({ [ids[0]!]: X - MIN });
    coverage.connected(0, true);
    coverage.heard(0, X);
    coverage.connected(0, false);
    expect(coverage.replay(0, true, 90_000)).toEqual({ backfillMinutes: 2 });
    // Other streams tell that X's clock went on 12 minutes.
    coverage.heard(1, X + 12 * MIN);
    expect(coverage.replay(0, true, 1000)).toEqual({ startTime: X - 6 * MIN });
  });
});

describe('how far each stream is appended', () => {
  const written = (c: StreamCoverage): StreamCheckpoint['coverage'] => c.checkpoint().coverage;

  it('moves with the events appended from the stream, and a caught-up connection with the others', () => {
    const coverage = restarted({ [ids[0]!]: X - 10 * MIN, [ids[1]!]: X - 10 * MIN, [ids[2]!]: X - 10 * MIN });
    for (const s of [0, 1, 2]) coverage.connected(s, true);
    coverage.heard(0, X + 20 * MIN);
    // Stream 1 is still replaying (its newest is far behind), stream 2 is quiet but heard (keep-alive).
    coverage.heard(1, X - 9 * MIN);
    coverage.heard(2);
    coverage.appended(
      new Map([
        [0, X + 20 * MIN],
        [1, X - 9 * MIN],
      ]),
    );
    expect(written(coverage)).toEqual({
      [ids[0]!]: X + 20 * MIN,
      [ids[1]!]: X - 9 * MIN,
      [ids[2]!]: X + 15 * MIN,
    });
    expect(coverage.checkpoint()).toMatchObject({ xTime: X + 20 * MIN, savedAt: WALL });
  });

  it('does not move for a stream that is not connected, or connected but not heard yet', () => {
    const coverage = restarted({ [ids[0]!]: X - 10 * MIN, [ids[1]!]: X - 10 * MIN });
    coverage.connected(0, true);
    coverage.heard(0, X + 20 * MIN);
    coverage.connected(1, true);
    coverage.appended(new Map([[0, X + 20 * MIN]]));
    expect(written(coverage)[ids[1]!]).toBe(X - 10 * MIN);
    // A stream never written down (a first start) is covered from the others less X's 5 minutes.
    expect(written(coverage)[ids[2]!]).toBeUndefined();
    coverage.connected(2, true);
    coverage.appended(new Map());
    expect(written(coverage)[ids[2]!]).toBe(X + 15 * MIN);
  });
});
