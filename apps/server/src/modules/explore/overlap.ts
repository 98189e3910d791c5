import type { AccountSet } from '@murmur/engine';

function popcount32(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff;
}

/** Members two account sets of the same index share: a popcount of their bitsets' AND. */
export function sharedMembers(a: AccountSet, b: AccountSet): number {
  const words = Math.min(a.bits.length, b.bits.length);
  let total = 0;
  for (let w = 0; w < words; w++) {
    const x = a.bits[w]! & b.bits[w]!;
    if (x !== 0) total += popcount32(x);
  }
  return total;
}
