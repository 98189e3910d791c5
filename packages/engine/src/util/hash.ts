/** FNV-1a over UTF-16 code units: the handle index's key (32 bits; collisions are verified). */
export function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * A well-mixed 32-bit hash of an account number (murmur3's finaliser). Sampling by hash keeps the
 * same accounts in every audience's sample, so two audiences' insights compare like with like.
 */
export function mix32(value: number, seed = 0): number {
  let h = (value ^ seed) >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}
