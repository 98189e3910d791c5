/**
 * 32-bit hashing used to derive independent, reproducible random streams from the network's seed.
 * Every stage asks for its own stream by name, so changing how one stage draws numbers never shifts
 * the numbers another stage sees.
 */

/** FNV-1a over the UTF-16 code units of a string. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A strong 32-bit finaliser (murmur3's fmix32): nearby inputs give unrelated outputs. */
export function mix32(value: number): number {
  let h = value >>> 0;
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
  const hi = hashString(text);
  const lo = combine(hi, hashString(`${text}#lo`));
  return hi.toString(16).padStart(8, '0') + lo.toString(16).padStart(8, '0');
}
