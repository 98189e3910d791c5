import { afterEach, describe, expect, it, vi } from 'vitest';
import { createInFlightTracker } from './in-flight';

afterEach(() => {
  vi.useRealTimers();
});

describe('in-flight tracker', () => {
  it('publishes count changes at once', () => {
    const tracker = createInFlightTracker();
    const seen: number[] = [];
    tracker.subscribe((snapshot) => seen.push(snapshot.count));
    const first = tracker.begin();
    const second = tracker.begin();
    first.end();
    first.end(); // ending twice changes nothing
    second.end();
    expect(seen).toEqual([1, 2, 1, 0]);
  });

  it('samples upload progress every 500 ms', () => {
    vi.useFakeTimers();
    const tracker = createInFlightTracker(500);
    const progress: (number | null)[] = [];
    tracker.subscribe((snapshot) => progress.push(snapshot.progress));
    const upload = tracker.begin();
    upload.progress(10, 100);
    upload.progress(20, 100);
    upload.progress(30, 100);
    expect(progress).toEqual([null]);
    vi.advanceTimersByTime(500);
    expect(progress).toEqual([null, 0.3]);
    upload.progress(100, 100);
    vi.advanceTimersByTime(499);
    expect(progress).toEqual([null, 0.3]);
    vi.advanceTimersByTime(1);
    expect(progress).toEqual([null, 0.3, 1]);
    upload.end();
    expect(tracker.snapshot()).toEqual({ count: 0, progress: null });
  });
});
