import type { Csr } from '../model/csr';
import { Rng } from '../random/prng';

export interface Reciprocity {
  /** Share of follows that are returned (u → v with v → u): Myers et al. 2014's measure. */
  edges: number;
  /** Share of connected pairs that follow each other: Kwak et al. 2010's 22.1 %. */
  pairs: number;
  /**
   * Share of accounts following someone that none of their followings follows back (Kwak et al.
   * 2010: 67.6 %).
   */
  noneFollowBack: number;
}

/**
 * Reciprocity three ways. With both directions as sorted rows, u's mutual follows are the
 * intersection of its following and followers rows: one sequential merge per account instead of a
 * binary search per edge in random memory.
 */
export function reciprocityStats(following: Csr, followers: Csr): Reciprocity {
  let mutual = 0;
  let followingSomeone = 0;
  let unreturned = 0;
  for (let u = 0; u + 1 < following.offsets.length; u++) {
    let i = following.offsets[u]!;
    const iEnd = following.offsets[u + 1]!;
    let j = followers.offsets[u]!;
    const jEnd = followers.offsets[u + 1]!;
    let mine = 0;
    while (i < iEnd && j < jEnd) {
      const a = following.values[i]!;
      const b = followers.values[j]!;
      if (a === b) mine++;
      if (a <= b) i++;
      if (b <= a) j++;
    }
    mutual += mine;
    if (iEnd > following.offsets[u]!) {
      followingSomeone++;
      if (mine === 0) unreturned++;
    }
  }
  const edges = following.values.length;
  return {
    edges: edges === 0 ? 0 : mutual / edges,
    pairs: edges === 0 ? 0 : mutual / 2 / (edges - mutual / 2),
    noneFollowBack: followingSomeone === 0 ? 0 : unreturned / followingSomeone,
  };
}

/** Share of follows that are returned (see reciprocityStats). */
export const reciprocity = (following: Csr, followers: Csr): number =>
  reciprocityStats(following, followers).edges;

/** Whether the sorted row r of `csr` holds v (binary search). */
function rowHas(csr: Csr, r: number, v: number): boolean {
  let lo = csr.offsets[r]!;
  let hi = csr.offsets[r + 1]!;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const x = csr.values[mid]!;
    if (x === v) return true;
    if (x < v) lo = mid + 1;
    else hi = mid;
  }
  return false;
}

/**
 * Mean local clustering coefficient of the undirected follow graph (a neighbour is anyone u follows
 * or is followed by), over `sample` accounts with at least two neighbours, each estimated from up to
 * `pairs` random neighbour pairs (exact enough and O(sample × pairs × log d) at any size).
 * `include` leaves out accounts the mean should not cover (spam, whose neighbours are strangers).
 */
export function meanClustering(
  following: Csr,
  followers: Csr,
  include: (u: number) => boolean,
  sample = 3000,
  pairs = 300,
): number {
  const n = following.offsets.length - 1;
  const rng = new Rng(0x5eedc105);
  const neighbour = (u: number, k: number): number => {
    const out = following.offsets[u + 1]! - following.offsets[u]!;
    return k < out
      ? following.values[following.offsets[u]! + k]!
      : followers.values[followers.offsets[u]! + k - out]!;
  };
  const linked = (x: number, y: number): boolean => rowHas(following, x, y) || rowHas(following, y, x);
  let total = 0;
  let counted = 0;
  for (let attempt = 0; attempt < sample * 20 && counted < sample; attempt++) {
    const u = rng.int(n);
    if (!include(u)) continue;
    const d =
      following.offsets[u + 1]! - following.offsets[u]! + followers.offsets[u + 1]! - followers.offsets[u]!;
    if (d < 2) continue;
    let closed = 0;
    let tried = 0;
    for (let k = 0; k < pairs; k++) {
      const x = neighbour(u, rng.int(d));
      const y = neighbour(u, rng.int(d));
      // A mutual follow appears in both rows: a pair of one neighbour with itself is no pair.
      if (x === y) continue;
      tried++;
      if (linked(x, y)) closed++;
    }
    if (tried === 0) continue;
    total += closed / tried;
    counted++;
  }
  return counted === 0 ? 0 : total / counted;
}

/**
 * Directed modularity (Leicht & Newman 2008) of a given partition:
 * Q = Σ_c [ e_c / m − (out_c · in_c) / m² ], with e_c the edges inside c and out_c, in_c the summed
 * out- and in-degrees of c's members. 0 means no more structure than chance; above 0.3 is strong.
 */
export function directedModularity(
  following: Csr,
  community: ArrayLike<number>,
  communities: number,
): number {
  const { offsets, values } = following;
  const m = values.length;
  if (m === 0) return 0;
  const inside = new Float64Array(communities);
  const out = new Float64Array(communities);
  const into = new Float64Array(communities);
  for (let u = 0; u + 1 < offsets.length; u++) {
    const cu = community[u]!;
    out[cu]! += offsets[u + 1]! - offsets[u]!;
    for (let k = offsets[u]!; k < offsets[u + 1]!; k++) {
      const cv = community[values[k]!]!;
      into[cv]!++;
      if (cv === cu) inside[cu]!++;
    }
  }
  let q = 0;
  for (let c = 0; c < communities; c++) q += inside[c]! / m - (out[c]! * into[c]!) / (m * m);
  return q;
}
