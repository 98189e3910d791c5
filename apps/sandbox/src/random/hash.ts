/**
 * 32-bit hashing used to derive independent, reproducible random streams from the network's seed.
 * Every stage asks for its own stream by name, so changing how one stage draws numbers never shifts
 * the numbers another stage sees.
 */

import { combine, fnv1a, hex64, mix32 } from '@murmur/core/hash';

/**
 * FNV-1a over the UTF-16 code units of a string, and the mixers built on it (@murmur/core/hash,
 * shared with the engine and with the X catalogues' location values).
 */
export { fnv1a as hashString, combine, hex64, mix32 };
