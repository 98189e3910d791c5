/**
 * An undirected weighted graph as symmetric CSR: each edge appears in both endpoints' rows; a
 * self-loop appears once, in its node's row, with the weight of both directions. So the sum of a
 * row's weights is the node's degree k and the sum of all rows is 2m.
 */
export interface WeightedGraph {
  offsets: Uint32Array;
  targets: Uint32Array;
  weights: Float64Array;
}

export const nodeCount = (g: WeightedGraph): number => g.offsets.length - 1;

/** The undirected graph of directed edges from[i] → to[i] (a mutual pair weighs 2). */
export function undirected(nodes: number, from: ArrayLike<number>, to: ArrayLike<number>): WeightedGraph {
  const offsets = new Uint32Array(nodes + 1);
  for (let e = 0; e < from.length; e++) {
    offsets[from[e]! + 1]!++;
    offsets[to[e]! + 1]!++;
  }
  for (let i = 0; i < nodes; i++) offsets[i + 1]! += offsets[i]!;
  const cursor = offsets.slice(0, nodes);
  const targets = new Uint32Array(offsets[nodes]!);
  for (let e = 0; e < from.length; e++) {
    targets[cursor[from[e]!]!++] = to[e]!;
    targets[cursor[to[e]!]!++] = from[e]!;
  }
  return { offsets, targets, weights: new Float64Array(targets.length).fill(1) };
}

/** Weighted degree of every node. */
export function degrees(g: WeightedGraph): Float64Array {
  const k = new Float64Array(nodeCount(g));
  for (let i = 0; i < k.length; i++)
    for (let e = g.offsets[i]!; e < g.offsets[i + 1]!; e++) k[i]! += g.weights[e]!;
  return k;
}
