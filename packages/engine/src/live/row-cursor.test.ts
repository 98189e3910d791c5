import type { LiveEvent } from '@murmur/core/live';
import { describe, expect, it } from 'vitest';
import type { AudienceIndex } from '../postings/audience-index';
import { RowCursor, type Csr } from '../postings/csr';
import { baseModel, build, randomEvents } from '../testing/live-model';
import { seededRandom } from '../testing/random';
import { ROWS } from './live-base';
import { liveEngine } from './live-engine';

// README "Live updates": a version's row CSRs are its row logs over the base CSR. RowCursor reads a
// row the log never changed straight from the base's arrays and asks the log for the others; each
// row must be the one `row` gives (a changed row may read the base at an older version).

function cursorRows(csr: Csr, rows: number): number[][] {
  const cursor = new RowCursor(csr);
  const out: number[][] = [];
  for (let i = 0; i < rows; i++) {
    const { data, start, end } = cursor.at(i);
    out.push([...data.subarray(start, end)]);
  }
  return out;
}

const rowsOf = (csr: Csr, rows: number): number[][] =>
  Array.from({ length: rows }, (_, i) => [...csr.row!(i)]);

describe('RowCursor over a live version’s rows', () => {
  it('reads every row as the version holds it, the current and a pinned older one, before and after the CSR is built', async () => {
    const rand = seededRandom(5);
    const m = baseModel(rand, 80, 120);
    const engine = liveEngine(await build(m), { headroom: 16, compactBytes: 1 << 30 });
    const events = randomEvents(m, rand, 900);
    const batches: LiveEvent[][] = [];
    for (let i = 0; i < events.length; i += 30) batches.push(events.slice(i, i + 30));
    for (const b of batches.slice(0, 10)) engine.apply(b);
    const pinned = engine.pin();
    // Later batches change rows the pinned version must still read as they were.
    for (const b of batches.slice(10)) engine.apply(b);
    const versions: [string, AudienceIndex][] = [
      ['pinned', pinned.index],
      ['current', engine.index],
    ];
    let overlays = 0;
    let changedSince = 0;
    for (const [, index] of versions)
      for (const name of ROWS) {
        const csr = index[name];
        // Beyond the version's rows too (empty there).
        const rows = index.size + 40;
        expect(csr.overlay).toBeDefined();
        overlays++;
        const want = rowsOf(csr, rows);
        expect(cursorRows(csr, rows)).toEqual(want);
        // Built whole (offsets and data), the cursor reads the built CSR: the same rows.
        const whole = { offsets: csr.offsets, data: csr.data };
        expect(cursorRows(csr, index.size)).toEqual(cursorRows(whole, index.size));
        expect(cursorRows(csr, rows)).toEqual(want);
        if (index === pinned.index)
          changedSince += want.filter(
            (row, i) => JSON.stringify(row) !== JSON.stringify([...engine.index[name].row!(i)]),
          ).length;
      }
    expect(overlays).toBe(2 * ROWS.length);
    // The pinned version reads rows that later batches changed: the logs' bits are set for them.
    expect(changedSince).toBeGreaterThan(10);
    pinned.release();
  });
});
