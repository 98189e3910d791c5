import { describe, expect, it } from 'vitest';
import { undirected } from './graph';
import { louvain, modularity } from './louvain';

/** Directed edges of a clique on `nodes` (one direction per pair). */
const clique = (nodes: number[]): [number, number][] =>
  nodes.flatMap((a, i) => nodes.slice(i + 1).map((b): [number, number] => [a, b]));

describe('louvain', () => {
  it('finds two cliques joined by one edge, with their known modularity', () => {
    const edges = [...clique([0, 1, 2, 3, 4]), ...clique([5, 6, 7, 8, 9]), [4, 5] as [number, number]];
    const g = undirected(
      10,
      edges.map((e) => e[0]),
      edges.map((e) => e[1]),
    );
    const result = louvain(g);
    expect(result.count).toBe(2);
    const [a, b] = [result.community[0], result.community[9]];
    expect([...result.community]).toEqual([a, a, a, a, a, b, b, b, b, b]);
    // m = 21; each side holds 10 edges and degree 21: Q = 2 · (10/21 − (21/42)²).
    expect(result.modularity).toBeCloseTo(2 * (10 / 21 - 0.25), 10);
  });

  it('scores partitions: everything together is 0, a graph without edges is 0', () => {
    const g = undirected(3, [0, 1], [1, 2]);
    expect(modularity(g, Uint32Array.of(0, 0, 0), 1)).toBeCloseTo(0, 10);
    expect(louvain(undirected(3, [], [])).modularity).toBe(0);
  });

  it('keeps isolated nodes apart', () => {
    const result = louvain(undirected(4, [0], [1]));
    expect(result.community[0]).toBe(result.community[1]);
    expect(new Set(result.community).size).toBe(3);
  });
});

/** The reference: every edge in both endpoints' rows in edge order, a repeated neighbour merged into its first entry. */
function reference(nodes: number, from: number[], to: number[]): { rows: [number, number][][] } {
  const rows = Array.from({ length: nodes }, () => new Map<number, number>());
  const bump = (i: number, j: number) => rows[i]!.set(j, (rows[i]!.get(j) ?? 0) + 1);
  for (let e = 0; e < from.length; e++) {
    bump(from[e]!, to[e]!);
    bump(to[e]!, from[e]!);
  }
  return { rows: rows.map((row) => [...row]) };
}

const rowsOf = (g: ReturnType<typeof undirected>): [number, number][][] =>
  Array.from({ length: g.offsets.length - 1 }, (_, i) => {
    const row: [number, number][] = [];
    for (let e = g.offsets[i]!; e < g.offsets[i + 1]!; e++) row.push([g.targets[e]!, g.weights[e]!]);
    return row;
  });

describe('undirected', () => {
  it('lists each neighbour once, where it first appears in the edges, mutual pairs weighing 2', () => {
    let seed = 7;
    const random = (n: number) => (seed = (seed * 1103515245 + 12345) % 2147483648) % n;
    for (const nodes of [1, 2, 5, 40, 300]) {
      const pairs: [number, number][] = [];
      for (let e = 0; e < nodes * 6; e++) {
        const a = random(nodes);
        const b = random(nodes);
        if (a !== b) pairs.push([a, b]);
        if (a !== b && random(2) === 0) pairs.push([b, a]); // mutual
      }
      const sorted = [...pairs].sort((x, y) => x[0] - y[0]); // stable
      const from = sorted.map((p) => p[0]);
      const to = sorted.map((p) => p[1]);
      expect(rowsOf(undirected(nodes, from, to))).toEqual(reference(nodes, from, to).rows);
      const unsorted = [pairs.map((p) => p[0]), pairs.map((p) => p[1])] as const;
      expect(rowsOf(undirected(nodes, ...unsorted))).toEqual(reference(nodes, ...unsorted).rows);
    }
  });
});
