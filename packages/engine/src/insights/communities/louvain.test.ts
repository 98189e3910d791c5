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
