import { describe, expect, it } from 'vitest';
import { TermLog } from './term-log';

describe('TermLog', () => {
  it("tells each account's membership as a map of every entry does, below and past the entries it scans", () => {
    let state = 11;
    const next = (m: number) => {
      state = (Math.imul(state, 1103515245) + 12345) >>> 0;
      return state % m;
    };
    for (let round = 0; round < 20; round++) {
      const log = new TermLog();
      const want = new Map<number, boolean>();
      for (let k = 0; k < 60; k++) {
        const n = next(12) * 1_000_003;
        const add = !(want.get(n) ?? false);
        log.push(k, n * 2 + (add ? 1 : 0), k);
        want.set(n, add);
        for (let m = 0; m < 12; m++) expect(log.stateOf(m * 1_000_003)).toBe(want.get(m * 1_000_003));
      }
      expect(log.ent).toHaveLength(60);
    }
  });
});
