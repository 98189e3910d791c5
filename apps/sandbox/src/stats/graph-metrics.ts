import type { Csr } from '../model/csr';

/**
 * Share of follows that are returned: edges u → v for which v → u also exists. With both directions
 * as sorted rows, u's mutual follows are the intersection of its following and followers rows: one
 * sequential merge per account instead of a binary search per edge in random memory.
 */
export function reciprocity(following: Csr, followers: Csr): number {
  let mutual = 0;
  for (let u = 0; u + 1 < following.offsets.length; u++) {
    let i = following.offsets[u]!;
    const iEnd = following.offsets[u + 1]!;
    let j = followers.offsets[u]!;
    const jEnd = followers.offsets[u + 1]!;
    while (i < iEnd && j < jEnd) {
      const a = following.values[i]!;
      const b = followers.values[j]!;
      if (a === b) mutual++;
      if (a <= b) i++;
      if (b <= a) j++;
    }
  }
  return following.values.length === 0 ? 0 : mutual / following.values.length;
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
