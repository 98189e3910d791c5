/**
 * 32-bit hashing used to derive independent, reproducible random streams from the network's seed.
 * Every stage asks for its own stream by name, so changing how one stage draws numbers never shifts
 * the numbers another stage sees.
 */

import { fnv1a, mix32 } from '@murmur/core/hash';

/** FNV-1a over the UTF-16 code units of a string (@murmur/core/hash, shared with the engine). */
export { fnv1a as hashString, mix32 };

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
