import { aggregate } from './aggregate';
import { degrees, nodeCount, type WeightedGraph } from './graph';
import { finish, type Steps } from '../../util/steps';
import { localMoveSteps } from './louvain-level';

export interface LouvainResult {
  /** Community of each node, numbered 0 … count-1. */
  community: Uint32Array;
  count: number;
  modularity: number;
}

/** Newman's modularity of a partition: Σ_c in(c)/2m − (tot(c)/2m)². */
export function modularity(g: WeightedGraph, community: Uint32Array, count: number): number {
  const k = degrees(g);
  const m2 = k.reduce((s, x) => s + x, 0);
  if (m2 === 0) return 0;
  const inside = new Float64Array(count);
  const tot = new Float64Array(count);
  for (let i = 0; i < nodeCount(g); i++) {
    const c = community[i]!;
    tot[c]! += k[i]!;
    for (let e = g.offsets[i]!; e < g.offsets[i + 1]!; e++)
      if (community[g.targets[e]!] === c) inside[c]! += g.weights[e]!;
  }
  let q = 0;
  for (let c = 0; c < count; c++) q += inside[c]! / m2 - (tot[c]! / m2) ** 2;
  return q;
}

/**
 * Louvain community detection (Blondel et al. 2008): local moving, then aggregation, repeated
 * while a level still moves nodes. Deterministic: nodes are visited in index order.
 * O(edges) per pass; a few passes per level and a handful of levels in practice.
 */
export const louvain = (g: WeightedGraph, maxLevels = 10): LouvainResult =>
  finish(louvainSteps(g, maxLevels));

/** louvain in steps: the local moves a few thousand visits at a time, a level's aggregation each. */
export function* louvainSteps(g: WeightedGraph, maxLevels = 10): Steps<LouvainResult> {
  const n = nodeCount(g);
  const community = Uint32Array.from({ length: n }, (_, i) => i);
  let count = n;
  let level = g;
  for (let l = 0; l < maxLevels; l++) {
    const step = yield* localMoveSteps(level);
    if (!step.moved) break;
    for (let i = 0; i < n; i++) community[i] = step.community[community[i]!]!;
    count = step.count;
    level = aggregate(level, step.community, step.count);
    yield;
  }
  // The last aggregated graph has one node per community, its internal weight as a self-loop and
  // its total degree: the same whole-number sums, so the same modularity as scoring `community` on
  // the whole graph, for a pass over a few dozen nodes instead of every edge again.
  const identity = Uint32Array.from({ length: nodeCount(level) }, (_, i) => i);
  return { community, count, modularity: modularity(level, identity, nodeCount(level)) };
}
