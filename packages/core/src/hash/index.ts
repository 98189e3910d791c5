/**
 * 32-bit hashes shared by the sandbox (seeded random streams, stable ids), the engine (handle
 * index, hash sampling) and the avatar colour. One copy: a change here changes every one of them,
 * so the sandbox's generated network and the engine's samples move together.
 */

/** FNV-1a over the UTF-16 code units of a string: small, fast and the same on every platform. */
export function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** murmur3's 32-bit finaliser (fmix32) of `value ^ seed`: nearby inputs give unrelated outputs. */
export function mix32(value: number, seed = 0): number {
  let h = (value ^ seed) >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Combines two 32-bit values into one well-mixed value (order matters). */
export function combine(a: number, b: number): number {
  return mix32((Math.imul(a >>> 0, 0x9e3779b1) ^ (b >>> 0)) + 0x7f4a7c15);
}

/** 16 lowercase hex digits from a string, the shape of X's location targeting values. */
export function hex64(text: string): string {
  const hi = fnv1a(text);
  const lo = combine(hi, fnv1a(`${text}#lo`));
  return hi.toString(16).padStart(8, '0') + lo.toString(16).padStart(8, '0');
}
