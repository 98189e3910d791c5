import { describe, expect, it } from 'vitest';
import { fnv1a, mix32 } from '.';

describe('hashes', () => {
  it('are the published FNV-1a and fmix32 values', () => {
    // Reference values: FNV-1a 32 of "" and "a"; fmix32(1). A change here re-seeds the sandbox.
    expect(fnv1a('')).toBe(0x811c9dc5);
    expect(fnv1a('a')).toBe(0xe40c292c);
    expect(mix32(1)).toBe(0x514e28b7);
  });

  it('mixes the seed into the value', () => {
    expect(mix32(5, 3)).toBe(mix32(5 ^ 3));
    expect(mix32(5, 3)).not.toBe(mix32(5));
  });
});
