import type { Posting } from '../bits/posting';

/**
 * Adds `weight` to the score of every account of `posting` inside `universe`. Scores are summed
 * from the features' postings rather than from each candidate's rows: the model uses a few hundred
 * features, a country has up to millions of candidates.
 */
export function addPosting(
  scores: Float32Array,
  posting: Posting,
  universe: Uint32Array,
  weight: number,
): void {
  if (posting.kind === 'list') {
    for (const n of posting.list) if ((universe[n >>> 5]! >>> (n & 31)) & 1) scores[n]! += weight;
    return;
  }
  const { bits } = posting;
  for (let w = 0; w < bits.length; w++) {
    let x = bits[w]! & universe[w]!;
    while (x !== 0) {
      const low = x & -x;
      scores[(w << 5) | (31 - Math.clz32(low))]! += weight;
      x ^= low;
    }
  }
}

// Sort keys pack a score (quantised to 1/1024) and an account number into one float64, so the
// native numeric sort orders a million candidates: highest score first, then the lower number.
const NUMBER_BITS = 2 ** 27;
const QUANTUM = 1024;

/**
 * Candidates (accounts of `universe` not in `excluded`) with a positive score, best first (ties:
 * lower account number first), at most `limit` of them. Accounts sharing no used feature with the
 * seed are never ranked: a lookalike holds only accounts that resemble the seed in something.
 */
export function rankCandidates(
  scores: Float32Array,
  universe: Uint32Array,
  excluded: Uint32Array,
  limit: number,
): Uint32Array {
  return numbersOfKeys(rankKeys(scores, universe, excluded, limit));
}

/**
 * rankCandidates' sort keys (score and account number in one float64, ascending = best first), the
 * best `limit`: keys of different shards' accounts merge by a plain sort into one engine's order.
 */
export function rankKeys(
  scores: Float32Array,
  universe: Uint32Array,
  excluded: Uint32Array,
  limit: number,
): Float64Array {
  const keys: number[] = [];
  for (let w = 0; w < universe.length; w++) {
    let x = universe[w]! & ~excluded[w]!;
    while (x !== 0) {
      const low = x & -x;
      const n = (w << 5) | (31 - Math.clz32(low));
      x ^= low;
      const s = scores[n]!;
      if (s > 0) keys.push(-Math.round(s * QUANTUM) * NUMBER_BITS + n);
    }
  }
  return Float64Array.from(keys).sort().subarray(0, limit);
}

/** The account numbers of sort keys, in their order. */
export function numbersOfKeys(keys: ArrayLike<number>): Uint32Array {
  const out = new Uint32Array(keys.length);
  for (let i = 0; i < out.length; i++) {
    const k = keys[i]!;
    out[i] = ((k % NUMBER_BITS) + NUMBER_BITS) % NUMBER_BITS;
  }
  return out;
}
