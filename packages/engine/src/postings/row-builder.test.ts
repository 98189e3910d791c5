import { describe, expect, it } from 'vitest';
import { csrRow } from './csr';
import { RowBuilder } from './row-builder';

const rows = (b: RowBuilder, n: number, keep?: (v: number) => boolean) => {
  const csr = b.toCsr(n, keep);
  return Array.from({ length: n }, (_, i) => [...csrRow(csr, i)]);
};

describe('RowBuilder', () => {
  it('turns rows in order, with gaps, into CSR', () => {
    const b = new RowBuilder(4);
    b.set(0, [1, 2]);
    b.set(2, [3]);
    expect(rows(b, 4)).toEqual([[1, 2], [], [3], []]);
  });

  it('handles rows out of order, replaced rows and filtered values', () => {
    const b = new RowBuilder(4);
    b.set(2, [7, 8]);
    b.set(0, [5]);
    b.set(2, [9, 10]);
    expect(rows(b, 3)).toEqual([[5], [], [9, 10]]);
    expect(rows(b, 3, (v) => v !== 9)).toEqual([[5], [], [10]]);
  });
});
