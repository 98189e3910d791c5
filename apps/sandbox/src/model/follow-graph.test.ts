import { describe, expect, it } from 'vitest';
import { Rng } from '../random/prng';
import { transpose } from './csr';
import { FollowGraph } from './follow-graph';

/** A small random graph as sorted CSR rows. */
function randomGraph(n: number, degree: number, rng: Rng) {
  const offsets = new Uint32Array(n + 1);
  const values: number[] = [];
  for (let u = 0; u < n; u++) {
    const row = new Set<number>();
    while (row.size < degree) {
      const v = rng.int(n);
      if (v !== u) row.add(v);
    }
    values.push(...[...row].sort((a, b) => a - b));
    offsets[u + 1] = values.length;
  }
  return { offsets, values: Uint32Array.from(values) };
}

const edgeSet = (graph: FollowGraph): Set<string> => {
  const set = new Set<string>();
  for (let u = 0; u < graph.size; u++) for (const v of graph.following(u)) set.add(`${u}>${v}`);
  return set;
};

describe('transpose', () => {
  it('turns following rows into sorted follower rows', () => {
    const t = transpose({ offsets: Uint32Array.of(0, 2, 3, 3), values: Uint32Array.of(1, 2, 2) }, 3);
    expect(Array.from(t.offsets)).toEqual([0, 0, 1, 3]);
    expect(Array.from(t.values)).toEqual([0, 0, 1]);
  });
});

describe('FollowGraph', () => {
  it('matches a plain set of edges through random follows, unfollows and compactions', () => {
    const rng = new Rng(11);
    const n = 300;
    const graph = new FollowGraph(randomGraph(n, 8, rng), n);
    const model = edgeSet(graph);
    for (let step = 0; step < 4000; step++) {
      const u = rng.int(n);
      const v = rng.int(n);
      const key = `${u}>${v}`;
      if (rng.chance(0.5)) {
        expect(graph.follow(u, v)).toBe(u !== v && !model.has(key));
        if (u !== v) model.add(key);
      } else {
        expect(graph.unfollow(u, v)).toBe(model.delete(key));
      }
      if (step % 1000 === 999) graph.compact();
    }
    expect(edgeSet(graph)).toEqual(model);
    expect(graph.edgeCount).toBe(model.size);
    for (let v = 0; v < n; v++) {
      const followers = graph.followers(v);
      expect(graph.inDegree[v]).toBe(followers.length);
      for (const u of followers) expect(model.has(`${u}>${v}`)).toBe(true);
    }
  });

  it('compacts in place while the rows have room, and into new rows once they do not', () => {
    const rng = new Rng(9);
    const n = 200;
    const base = randomGraph(n, 10, rng);
    // Rows with 10 % spare capacity, as generation builds them.
    const roomy = new Uint32Array(Math.ceil(base.values.length * 1.1));
    roomy.set(base.values);
    const graph = new FollowGraph(
      { offsets: base.offsets, values: roomy.subarray(0, base.values.length) },
      n,
    );
    const model = edgeSet(graph);
    const before = graph.snapshot();
    const buffers = [before.following.values.buffer, before.followers.values.buffer];
    const change = (follows: number, unfollows: number): void => {
      for (let k = 0; k < unfollows; k++) {
        const u = rng.int(n);
        const row = graph.following(u);
        if (row.length === 0) continue;
        const v = row[rng.int(row.length)]!;
        graph.unfollow(u, v);
        model.delete(`${u}>${v}`);
      }
      for (let k = 0; k < follows; k++) {
        const [u, v] = [rng.int(n), rng.int(n)];
        if (graph.follow(u, v)) model.add(`${u}>${v}`);
      }
    };
    const check = (): void => {
      const { following, followers } = graph.snapshot();
      expect(edgeSet(graph)).toEqual(model);
      expect(following.values.length).toBe(model.size);
      for (const csr of [following, followers])
        for (let r = 0; r < n; r++) {
          const row = Array.from(csr.values.subarray(csr.offsets[r], csr.offsets[r + 1]));
          expect(row).toEqual([...row].sort((a, b) => a - b));
        }
      for (let v = 0; v < n; v++)
        expect(graph.followers(v).sort((a, b) => a - b)).toEqual(
          [...model]
            .filter((e) => e.endsWith(`>${v}`))
            .map((e) => Number(e.split('>')[0]))
            .sort((a, b) => a - b),
        );
    };
    change(150, 300); // fewer edges than before: fits
    check();
    expect(graph.snapshot().following.values.buffer).toBe(buffers[0]);
    expect(graph.snapshot().followers.values.buffer).toBe(buffers[1]);
    change(900, 0); // far past the spare capacity
    check();
    expect(graph.snapshot().following.values.buffer).not.toBe(buffers[0]);
  });

  it('compacts into sorted rows in both directions', () => {
    const rng = new Rng(5);
    const graph = new FollowGraph(randomGraph(100, 5, rng), 100);
    graph.unfollow(0, graph.following(0)[0]!);
    graph.follow(0, 99);
    graph.follow(42, 7);
    const { following, followers } = graph.snapshot();
    for (const csr of [following, followers]) {
      for (let r = 0; r < 100; r++) {
        const row = Array.from(csr.values.subarray(csr.offsets[r], csr.offsets[r + 1]));
        expect(row).toEqual([...row].sort((a, b) => a - b));
      }
    }
    expect(graph.follows(0, 99)).toBe(true);
    expect(following.values.length).toBe(graph.edgeCount);
  });

  it('samples base followers by position and skips removed ones', () => {
    const graph = new FollowGraph({ offsets: Uint32Array.of(0, 1, 2, 2), values: Uint32Array.of(2, 2) }, 3);
    expect(graph.baseFollowerCount(2)).toBe(2);
    expect([graph.baseFollowerAt(2, 0), graph.baseFollowerAt(2, 1)]).toEqual([0, 1]);
    graph.unfollow(0, 2);
    expect(graph.baseFollowerAt(2, 0)).toBe(-1);
    expect(graph.inDegree[2]).toBe(1);
  });
});
