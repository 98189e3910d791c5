import { describe, expect, it } from 'vitest';
import { AccountSet } from '../bits/account-set';
import { seededRandom } from '../testing/random';
import { mergeOverlapCounts, overlapMany, pairIndex, setsOf } from './overlap-many';
import { planReach, topCombinations } from './reach-plan';

const SIZE = 3000;

/** `n` random sets of various densities over SIZE accounts, and their members as plain sets. */
function randomSets(n: number, seed: number): { sets: AccountSet[]; members: Set<number>[] } {
  const random = seededRandom(seed);
  const members = Array.from({ length: n }, (_, i) => {
    const density = 0.02 + ((i * 7) % 10) / 25;
    const m = new Set<number>();
    for (let a = 0; a < SIZE; a++) if (random() < density) m.add(a);
    return m;
  });
  return { sets: members.map((m) => AccountSet.fromNumbers(SIZE, [...m])), members };
}

/** The same figures by brute force over account numbers. */
function bruteForce(members: Set<number>[]) {
  const bySignature = new Map<string, number>();
  for (let a = 0; a < SIZE; a++) {
    const inSets = members.flatMap((m, i) => (m.has(a) ? [i] : []));
    if (inSets.length > 0) bySignature.set(inSets.join(','), (bySignature.get(inSets.join(',')) ?? 0) + 1);
  }
  return bySignature;
}

describe('overlapMany', () => {
  it.each([
    [2, undefined],
    [5, undefined],
    [33, undefined],
    [50, undefined],
    [50, 'signatures'],
    [50, 'words'],
    [7, 'words'],
  ] as const)('counts %i sets as brute force does (pairs from %s)', (n, pairsFrom) => {
    const { sets, members } = randomSets(n, n);
    const counts = overlapMany(sets, pairsFrom);
    expect(counts.sizes).toEqual(members.map((m) => m.size));
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++) {
        expect(counts.pairs[pairIndex(n, i, j)]).toBe(
          [...members[i]!].filter((a) => members[j]!.has(a)).length,
        );
      }
    }
    const expected = bruteForce(members);
    const got = new Map(counts.signatures.map((s, k) => [setsOf(s).join(','), counts.counts[k]!]));
    expect(got).toEqual(expected);
    expect(counts.union).toBe([...expected.values()].reduce((a, b) => a + b, 0));
    expect(counts.unique).toEqual(members.map((_, i) => expected.get(String(i)) ?? 0));
  });

  it('refuses one set and 51 sets', () => {
    const { sets } = randomSets(51, 1);
    expect(() => overlapMany(sets.slice(0, 1))).toThrow(RangeError);
    expect(() => overlapMany(sets)).toThrow(RangeError);
  });

  it('merges parts of the accounts into the counts of the whole', () => {
    const { members } = randomSets(6, 9);
    const part = (keep: (a: number) => boolean) =>
      overlapMany(members.map((m) => AccountSet.fromNumbers(SIZE, [...m].filter(keep))));
    const merged = mergeOverlapCounts([
      part((a) => a % 3 === 0),
      part((a) => a % 3 === 1),
      part((a) => a % 3 === 2),
    ]);
    const whole = overlapMany(members.map((m) => AccountSet.fromNumbers(SIZE, [...m])));
    expect({ ...merged, signatures: [], counts: [] }).toEqual({ ...whole, signatures: [], counts: [] });
    const bySignature = (c: typeof whole) => new Map(c.signatures.map((s, k) => [s, c.counts[k]]));
    expect(bySignature(merged)).toEqual(bySignature(whole));
    expect(topCombinations(merged, 100)).toEqual(topCombinations(whole, 100));
  });
});

describe('planReach', () => {
  it('takes the audience adding the most people at each step', () => {
    // A = 0…99, B = 50…159 (adds 60), C = 0…79 (adds nothing once A is in), D = 200…229 (adds 30).
    const range = (from: number, to: number) => Array.from({ length: to - from }, (_, k) => from + k);
    const sets = [range(0, 100), range(50, 160), range(0, 80), range(200, 230)].map((m) =>
      AccountSet.fromNumbers(SIZE, m),
    );
    const steps = planReach(overlapMany(sets));
    expect(steps).toEqual([
      { set: 1, incremental: 110, cumulative: 110 },
      { set: 0, incremental: 50, cumulative: 160 },
      { set: 3, incremental: 30, cumulative: 190 },
      { set: 2, incremental: 0, cumulative: 190 },
    ]);
  });

  it('reaches the union in the end, each step adding no more than the one before', () => {
    const counts = overlapMany(randomSets(12, 4).sets);
    const steps = planReach(counts);
    expect(steps.map((s) => s.set).sort((a, b) => a - b)).toEqual([...Array(12).keys()]);
    expect(steps.at(-1)!.cumulative).toBe(counts.union);
    for (let k = 1; k < steps.length; k++) {
      expect(steps[k]!.incremental).toBeLessThanOrEqual(steps[k - 1]!.incremental);
    }
  });
});

/** The greedy plan recounted from the members at every step (the definition, slowly). */
function greedyByBruteForce(members: Set<number>[]) {
  const reached = new Set<number>();
  const left = new Set(members.keys());
  const steps: { set: number; incremental: number; cumulative: number }[] = [];
  while (left.size > 0) {
    let best = -1;
    let gain = -1;
    for (const i of left) {
      const g = [...members[i]!].filter((a) => !reached.has(a)).length;
      if (g > gain) [best, gain] = [i, g];
    }
    for (const a of members[best]!) reached.add(a);
    left.delete(best);
    steps.push({ set: best, incremental: gain, cumulative: reached.size });
  }
  return steps;
}

describe('planReach over 50 audiences', () => {
  it('is the greedy plan recounted from the members', () => {
    const { sets, members } = randomSets(50, 11);
    expect(planReach(overlapMany(sets))).toEqual(greedyByBruteForce(members));
  });
});

describe('topCombinations', () => {
  it('orders as a full sort does, ties by the earlier sets', () => {
    const { sets } = randomSets(40, 5);
    const counts = overlapMany(sets);
    const sorted = counts.counts
      .map((_, k) => k)
      .sort((a, b) => counts.counts[b]! - counts.counts[a]! || counts.signatures[a]! - counts.signatures[b]!)
      .map((k) => ({ sets: setsOf(counts.signatures[k]!), count: counts.counts[k]! }));
    for (const limit of [0, 1, 30, sorted.length + 5]) {
      expect(topCombinations(counts, limit)).toEqual(sorted.slice(0, limit));
    }
  });

  it('lists the largest exact combinations first', () => {
    const counts = overlapMany(randomSets(8, 3).sets);
    const top = topCombinations(counts, 30);
    expect(top).toHaveLength(30);
    const all = [...counts.counts].sort((a, b) => b - a);
    expect(top.map((c) => c.count)).toEqual(all.slice(0, 30));
  });
});
