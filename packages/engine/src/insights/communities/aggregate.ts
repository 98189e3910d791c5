import { nodeCount, weightArray, type WeightedGraph } from './graph';

/**
 * Louvain's second phase: one node per community, edge weights summed; links inside a community
 * become its self-loop (both directions' weight, so degrees and 2m are preserved).
 */
export function aggregate(g: WeightedGraph, community: Uint32Array, count: number): WeightedGraph {
  const n = nodeCount(g);
  // Nodes grouped by community (counting sort).
  const start = new Uint32Array(count + 1);
  for (let i = 0; i < n; i++) start[community[i]! + 1]!++;
  for (let c = 0; c < count; c++) start[c + 1]! += start[c]!;
  const cursor = start.slice(0, count);
  const byCommunity = new Uint32Array(n);
  for (let i = 0; i < n; i++) byCommunity[cursor[community[i]!]!++] = i;

  const weightTo = new Float64Array(count);
  const touched = new Uint32Array(count);
  const offsets = new Uint32Array(count + 1);
  // At most one entry per input entry and per pair of communities; trimmed at the end. (From the
  // first level's million entries to ~100 communities, the input's size was 12 MB to zero.)
  const room = Math.min(g.targets.length, count * count);
  const targets = new Uint32Array(room);
  let total = 0;
  for (let e = 0; e < g.weights.length; e++) total += g.weights[e]!;
  const weights = weightArray(room, total);
  let k = 0;
  for (let c = 0; c < count; c++) {
    let seen = 0;
    for (let x = start[c]!; x < start[c + 1]!; x++) {
      const i = byCommunity[x]!;
      for (let e = g.offsets[i]!; e < g.offsets[i + 1]!; e++) {
        const d = community[g.targets[e]!]!;
        if (weightTo[d] === 0) touched[seen++] = d;
        weightTo[d]! += g.weights[e]!;
      }
    }
    for (let t = 0; t < seen; t++) {
      targets[k] = touched[t]!;
      weights[k++] = weightTo[touched[t]!]!;
      weightTo[touched[t]!] = 0;
    }
    offsets[c + 1] = k;
  }
  return { offsets, targets: targets.slice(0, k), weights: weights.slice(0, k) };
}
