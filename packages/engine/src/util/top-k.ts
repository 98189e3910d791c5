function select(
  n: number,
  at: (i: number) => number,
  score: (candidate: number) => number,
  k: number,
): number[] {
  const best: number[] = [];
  const scores: number[] = [];
  if (k <= 0) return best;
  for (let i = 0; i < n; i++) {
    const c = at(i);
    const s = score(c);
    if (!(s > 0) || (best.length === k && s <= scores[k - 1]!)) continue;
    let j = best.length === k ? k - 1 : best.length;
    while (j > 0 && scores[j - 1]! < s) {
      scores[j] = scores[j - 1]!;
      best[j] = best[j - 1]!;
      j--;
    }
    scores[j] = s;
    best[j] = c;
  }
  return best;
}

/**
 * The k candidates with the highest positive score, best first (ties: earlier candidate first),
 * without sorting them all: one pass keeping a small sorted array. O(n + hits·k), k being a
 * panel's length.
 */
export function topK(
  candidates: ArrayLike<number>,
  score: (candidate: number) => number,
  k: number,
): number[] {
  return select(candidates.length, (i) => candidates[i]!, score, k);
}

/** topK over the candidates 0 … n-1 (account numbers, term ids). */
export function topIndices(n: number, score: (candidate: number) => number, k: number): number[] {
  return select(n, (i) => i, score, k);
}

/**
 * The k indexes with the highest positive values of a typed array (ties: lower index first).
 * Specialised for scans over every account: no call per element, and most elements fail the
 * first comparison against the current k-th best.
 */
export function topValues(values: ArrayLike<number>, k: number): number[] {
  const best: number[] = [];
  const scores: number[] = [];
  let floor = 0;
  for (let i = 0; i < values.length; i++) {
    const s = values[i]!;
    if (s <= floor) continue;
    let j = best.length === k ? k - 1 : best.length;
    while (j > 0 && scores[j - 1]! < s) {
      scores[j] = scores[j - 1]!;
      best[j] = best[j - 1]!;
      j--;
    }
    scores[j] = s;
    best[j] = i;
    if (best.length === k) floor = scores[k - 1]!;
  }
  return best;
}
