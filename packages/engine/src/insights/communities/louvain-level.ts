import { finish, type Steps } from '../../util/steps';
import { degrees, nodeCount, type WeightedGraph } from './graph';

/**
 * One level of Louvain's local moving, in the queue-driven form of Leiden's "fast local move":
 * every node is visited once, then only nodes whose neighbourhood changed are visited again. A
 * node joins the neighbouring community with the best modularity gain
 * ΔQ ∝ w(i,c) − k_i·tot(c)/2m. This reaches the same kind of local optimum as repeated full
 * passes with far fewer visits; `maxVisits` (per node, on average) bounds the worst case.
 * Returns the communities renumbered 0 … count-1 and whether any node moved.
 */
export const localMoves = (
  g: WeightedGraph,
  maxVisits = 4,
): { community: Uint32Array; count: number; moved: boolean } => finish(localMoveSteps(g, maxVisits));

/** localMoves in steps of `budget` node visits (a report in slices pauses between them). */
export function* localMoveSteps(
  g: WeightedGraph,
  maxVisits = 4,
  budget = 1 << 13,
): Steps<{ community: Uint32Array; count: number; moved: boolean }> {
  const n = nodeCount(g);
  const k = degrees(g);
  const m2 = k.reduce((s, x) => s + x, 0);
  const state: Moving = {
    g,
    k,
    m2,
    community: Uint32Array.from({ length: n }, (_, i) => i),
    tot: Float64Array.from(k),
    weightTo: new Float64Array(n),
    touched: new Uint32Array(n),
    queue: Uint32Array.from({ length: n }, (_, i) => i),
    queued: new Uint8Array(n).fill(1),
    head: 0,
    size: m2 > 0 ? n : 0,
    visits: 0,
    limit: maxVisits * n,
    moved: false,
  };
  while (!visit(state, budget)) yield;
  return { ...renumber(state.community), moved: state.moved };
}

/** Where the local moves are: the communities so far, the queue, the visits made. */
interface Moving {
  g: WeightedGraph;
  k: Float64Array;
  m2: number;
  community: Uint32Array;
  tot: Float64Array;
  weightTo: Float64Array;
  touched: Uint32Array;
  queue: Uint32Array;
  queued: Uint8Array;
  head: number;
  size: number;
  visits: number;
  limit: number;
  moved: boolean;
}

/** Up to `budget` visits of queued nodes; true once the queue is empty or the visits are spent. */
function visit(state: Moving, budget: number): boolean {
  const { g, k, m2, community, tot, weightTo, touched, queue, queued, limit } = state;
  const { offsets, targets, weights } = g;
  const n = queue.length;
  let { head, size, visits, moved } = state;
  for (const stop = visits + budget; size > 0 && visits < limit && visits < stop; visits++) {
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
  Object.assign(state, { head, size, visits, moved });
  return size === 0 || visits >= limit;
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
