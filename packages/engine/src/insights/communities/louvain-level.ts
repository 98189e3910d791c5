import { degrees, nodeCount, type WeightedGraph } from './graph';

/**
 * One level of Louvain's local moving, in the queue-driven form of Leiden's "fast local move":
 * every node is visited once, then only nodes whose neighbourhood changed are visited again. A
 * node joins the neighbouring community with the best modularity gain
 * ΔQ ∝ w(i,c) − k_i·tot(c)/2m. This reaches the same kind of local optimum as repeated full
 * passes with far fewer visits; `maxVisits` (per node, on average) bounds the worst case.
 * Returns the communities renumbered 0 … count-1 and whether any node moved.
 */
export function localMoves(
  g: WeightedGraph,
  maxVisits = 4,
): { community: Uint32Array; count: number; moved: boolean } {
  const n = nodeCount(g);
  const { offsets, targets, weights } = g;
  const k = degrees(g);
  const m2 = k.reduce((s, x) => s + x, 0);
  const community = Uint32Array.from({ length: n }, (_, i) => i);
  const tot = Float64Array.from(k);
  const weightTo = new Float64Array(n);
  const touched = new Uint32Array(n);
  const queue = Uint32Array.from({ length: n }, (_, i) => i);
  const queued = new Uint8Array(n).fill(1);
  let head = 0;
  let size = m2 > 0 ? n : 0;
  let moved = false;
  for (let visits = 0; size > 0 && visits < maxVisits * n; visits++) {
    const i = queue[head]!;
    head = head + 1 === n ? 0 : head + 1;
    size--;
    queued[i] = 0;
    let seen = 0;
    const end = offsets[i + 1]!;
    for (let e = offsets[i]!; e < end; e++) {
      const j = targets[e]!;
      if (j === i) continue;
      const c = community[j]!;
      if (weightTo[c] === 0) touched[seen++] = c;
      weightTo[c]! += weights[e]!;
    }
    const own = community[i]!;
    const ki = k[i]!;
    tot[own]! -= ki;
    let best = own;
    let bestGain = weightTo[own]! - (ki * tot[own]!) / m2;
    for (let t = 0; t < seen; t++) {
      const c = touched[t]!;
      const gain = weightTo[c]! - (ki * tot[c]!) / m2;
      if (gain > bestGain + 1e-12) {
        best = c;
        bestGain = gain;
      }
    }
    tot[best]! += ki;
    community[i] = best;
    for (let t = 0; t < seen; t++) weightTo[touched[t]!] = 0;
    if (best === own) continue;
    moved = true;
    // Neighbours outside the node's new community may now prefer to follow it.
    for (let e = offsets[i]!; e < end; e++) {
      const j = targets[e]!;
      if (queued[j] === 1 || community[j] === best) continue;
      queued[j] = 1;
      queue[head + size < n ? head + size : head + size - n] = j;
      size++;
    }
  }
  return { ...renumber(community), moved };
}

function renumber(community: Uint32Array): { community: Uint32Array; count: number } {
  const id = new Int32Array(community.length).fill(-1);
  let count = 0;
  for (let i = 0; i < community.length; i++) {
    const c = community[i]!;
    if (id[c] === -1) id[c] = count++;
    community[i] = id[c]!;
  }
  return { community, count };
}
