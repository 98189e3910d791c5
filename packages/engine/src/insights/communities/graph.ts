import { Scratch } from '../../util/scratch';

/**
 * An undirected weighted graph as symmetric CSR: each edge appears in both endpoints' rows; a
 * self-loop appears once, in its node's row, with the weight of both directions. So the sum of a
 * row's weights is the node's degree k and the sum of all rows is 2m.
 */
export interface WeightedGraph {
  offsets: Uint32Array;
  targets: Uint32Array;
  weights: Weights;
}

/**
 * Edge weights: whole numbers, the follows between two groups of nodes. 32-bit floats hold them
 * exactly while the graph's total weight 2m is below 2^24 (a 10 000-node core of the sandbox's 1 M
 * accounts is far below), and Louvain's passes then read a third fewer bytes per entry (~5 % of its
 * time); 64-bit past that.
 */
export type Weights = Float32Array | Float64Array;
const EXACT_IN_FLOAT32 = 2 ** 24;
export const weightArray = (length: number, total: number, scratch = new Scratch()): Weights =>
  total < EXACT_IN_FLOAT32 ? scratch.f32(length, false) : scratch.f64(length, false);

export const nodeCount = (g: WeightedGraph): number => g.offsets.length - 1;

/**
 * The undirected graph of directed edges from[i] → to[i] (a mutual pair weighs 2). Parallel
 * entries (the two directions of a mutual pair) are merged into the first one, weights added: on
 * a core of well-connected accounts about half the follows are mutual, and every Louvain pass reads
 * each entry. Each row keeps its neighbours in the order they first appear, and weights are whole
 * numbers summed exactly, so Louvain visits and decides exactly as on the unmerged rows. Its arrays
 * are carved from `scratch` (a report's: util/scratch.ts).
 */
export function undirected(
  nodes: number,
  from: ArrayLike<number>,
  to: ArrayLike<number>,
  scratch = new Scratch(),
): WeightedGraph {
  const offsets = scratch.u32(nodes + 1);
  for (let e = 0; e < from.length; e++) {
    offsets[from[e]! + 1]!++;
    offsets[to[e]! + 1]!++;
  }
  for (let i = 0; i < nodes; i++) offsets[i + 1]! += offsets[i]!;
  const cursor = scratch.u32(nodes, false);
  cursor.set(offsets.subarray(0, nodes));
  const all = scratch.u32(offsets[nodes]!, false);
  for (let e = 0; e < from.length; e++) {
    all[cursor[from[e]!]!++] = to[e]!;
    all[cursor[to[e]!]!++] = from[e]!;
  }
  // Merge each row's repeated neighbours in place: `slot` is where neighbour j went in this row.
  const rowOf = scratch.i32(nodes, false).fill(-1);
  const slot = scratch.u32(nodes, false);
  const weights = weightArray(all.length, all.length, scratch);
  const merged = scratch.u32(nodes + 1);
  let k = 0;
  for (let i = 0; i < nodes; i++) {
    for (let e = offsets[i]!, end = offsets[i + 1]!; e < end; e++) {
      const j = all[e]!;
      if (rowOf[j] === i) {
        weights[slot[j]!]! += 1;
        continue;
      }
      rowOf[j] = i;
      slot[j] = k;
      all[k] = j;
      weights[k++] = 1;
    }
    merged[i + 1] = k;
  }
  // Views, not copies: the unused tails are a few MB, dropped with the graph.
  return { offsets: merged, targets: all.subarray(0, k), weights: weights.subarray(0, k) };
}

/** Weighted degree of every node. */
export function degrees(g: WeightedGraph): Float64Array {
  const { offsets, weights } = g;
  const k = new Float64Array(nodeCount(g));
  for (let i = 0; i < k.length; i++) {
    let sum = 0;
    for (let e = offsets[i]!, end = offsets[i + 1]!; e < end; e++) sum += weights[e]!;
    k[i] = sum;
  }
  return k;
}
