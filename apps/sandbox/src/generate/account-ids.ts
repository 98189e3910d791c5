import type { Rng } from '../random/prng';

/** X's snowflake epoch in ms; user ids became snowflakes in late 2013. */
const TWEPOCH = 1288834974657;
const SNOWFLAKE_FROM = Date.UTC(2013, 10, 1) / 1000;

/** Sequential-id era: (date, id) anchors of X's early user ids, interpolated linearly. */
const ANCHORS: readonly (readonly [number, number])[] = [
  [Date.UTC(2006, 2, 21) / 1000, 12],
  [Date.UTC(2007, 0, 1) / 1000, 500_000],
  [Date.UTC(2008, 0, 1) / 1000, 10_000_000],
  [Date.UTC(2009, 0, 1) / 1000, 20_000_000],
  [Date.UTC(2010, 0, 1) / 1000, 100_000_000],
  [Date.UTC(2011, 0, 1) / 1000, 230_000_000],
  [Date.UTC(2012, 0, 1) / 1000, 450_000_000],
  [Date.UTC(2013, 0, 1) / 1000, 1_100_000_000],
  [SNOWFLAKE_FROM, 2_100_000_000],
];

function sequentialId(created: number): number {
  for (let i = 1; i < ANCHORS.length; i++) {
    const [t1, id1] = ANCHORS[i]!;
    const [t0, id0] = ANCHORS[i - 1]!;
    if (created <= t1) return Math.floor(id0 + ((id1 - id0) * (created - t0)) / (t1 - t0));
  }
  return ANCHORS[ANCHORS.length - 1]![1];
}

/** Indices 0..n−1 ordered by key, ties by index (LSD radix sort on two 16-bit digits: O(n)). */
export function orderByKey(keys: Uint32Array): Uint32Array {
  let order = Uint32Array.from({ length: keys.length }, (_, i) => i);
  let next = new Uint32Array(keys.length);
  for (const shift of [0, 16]) {
    const counts = new Uint32Array(65537);
    for (let i = 0; i < keys.length; i++) counts[((keys[i]! >>> shift) & 0xffff) + 1]!++;
    for (let d = 0; d < 65536; d++) counts[d + 1]! += counts[d]!;
    for (const i of order) next[counts[(keys[i]! >>> shift) & 0xffff]!++] = i;
    [order, next] = [next, order];
  }
  return order;
}

/**
 * X-like user ids: small sequential numbers for accounts from before late 2013, 19-digit snowflakes
 * after. Ids strictly increase with creation time, as X's do, so "newest first" sorts by id. The
 * 64-bit ids are written as two 32-bit halves, which avoids a million BigInt allocations.
 */
export function assignAccountIds(created: Uint32Array, rng: Rng): BigUint64Array {
  const ids = new BigUint64Array(created.length);
  const halves = new Uint32Array(ids.buffer); // little-endian: [lo, hi] per id
  let hi = 0;
  let lo = 0;
  for (const i of orderByKey(created)) {
    const t = created[i]!;
    let nextHi: number;
    let nextLo: number;
    if (t < SNOWFLAKE_FROM) {
      nextHi = 0;
      nextLo = Number(sequentialId(t));
    } else {
      // (ms − epoch) · 2^22 + 22 random bits, split at bit 32: hi = ms' / 2^10, lo = (ms' mod 2^10) · 2^22 + r.
      const ms = t * 1000 + rng.int(1000) - TWEPOCH;
      nextHi = Math.floor(ms / 1024);
      nextLo = (ms % 1024) * 4194304 + rng.int(4194304);
    }
    if (nextHi < hi || (nextHi === hi && nextLo <= lo)) {
      nextHi = lo === 0xffffffff ? hi + 1 : hi;
      nextLo = lo === 0xffffffff ? 0 : lo + 1;
    }
    halves[i * 2] = nextLo;
    halves[i * 2 + 1] = nextHi;
    hi = nextHi;
    lo = nextLo;
  }
  return ids;
}
