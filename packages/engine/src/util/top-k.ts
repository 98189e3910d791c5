/** Whether candidate `a` ranks before `b` on an equal score (absent: the earlier candidate first). */
export type TieBreak = (a: number, b: number) => boolean;

function select(
  n: number,
  at: (i: number) => number,
  score: (candidate: number) => number,
  k: number,
  before?: TieBreak,
): number[] {
  const best: number[] = [];
  const scores: number[] = [];
  if (k <= 0) return best;
  for (let i = 0; i < n; i++) {
    const c = at(i);
    const s = score(c);
    if (!(s > 0)) continue;
    if (best.length === k) {
      const last = scores[k - 1]!;
      if (s < last || (s === last && (before === undefined || !before(c, best[k - 1]!)))) continue;
    }
    let j = best.length === k ? k - 1 : best.length;
    while (
      j > 0 &&
      (scores[j - 1]! < s || (scores[j - 1] === s && before !== undefined && before(c, best[j - 1]!)))
    ) {
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
 * The k candidates with the highest positive score, best first (ties: as `before` says, else the
 * earlier candidate first), without sorting them all: one pass keeping a small sorted array.
 * O(n + hits·k), k being a panel's length.
 */
export function topK(
  candidates: ArrayLike<number>,
  score: (candidate: number) => number,
  k: number,
  before?: TieBreak,
): number[] {
  return select(candidates.length, (i) => candidates[i]!, score, k, before);
}

/**
 * Terms ranked on an equal score by value (code-unit order): an order every index holding the
 * same terms agrees on, however they came (an export's first-seen order, terms born live, shards),
 * so that a live index's panels equal those of an index built from the export at the same instant.
 */
export const byValue =
  (value: (term: number) => string): TieBreak =>
  (a, b) =>
    value(a) < value(b);

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
