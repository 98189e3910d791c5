import type { Clock } from '../lib/clock';

/** A clock that tests move by hand (code expiry, rate-limit windows). Follows real time until moved. */
export function createTestClock() {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    advance(ms: number) {
      offsetMs += ms;
    },
  } satisfies Clock & { advance(ms: number): void };
}

export type TestClock = ReturnType<typeof createTestClock>;
