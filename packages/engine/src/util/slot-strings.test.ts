import { describe, expect, it } from 'vitest';
import { StringColumn } from './string-column';
import { slotStrings } from './slot-strings';

describe('slotStrings', () => {
  it("reads every slot as the column does, slots that share the table's place included", () => {
    const column = new StringColumn();
    for (let i = 0; i < 40_000; i++) column.push(`account-${i}`);
    const read = slotStrings(column);
    // 2^14 apart: the same place in the table, read in turn and again.
    for (const slot of [5, 5 + 2 ** 14, 5, 5 + 2 ** 15, 5 + 2 ** 14, 39_999, 0, 0])
      expect(read(slot)).toBe(`account-${slot}`);
    let state = 7;
    for (let k = 0; k < 10_000; k++) {
      state = (Math.imul(state, 1103515245) + 12345) >>> 0;
      const slot = state % 40_000;
      expect(read(slot)).toBe(column.get(slot));
    }
  });

  it('keeps one table per column', () => {
    const a = new StringColumn();
    const b = new StringColumn();
    a.push('a0');
    b.push('b0');
    expect(slotStrings(a)(0)).toBe('a0');
    expect(slotStrings(b)(0)).toBe('b0');
    expect(slotStrings(a)(0)).toBe('a0');
  });
});
