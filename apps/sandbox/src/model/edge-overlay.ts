import { Column } from './growable';
import { grownColumn } from './grow';

/**
 * Follows added after the graph's base was built, as typed linked lists per account in both
 * directions. Millions of follows during simulated history would otherwise become millions of small
 * JavaScript arrays for the garbage collector to trace. Removing an added edge only marks it dead;
 * FollowGraph.compact() drops dead entries.
 */
export class EdgeOverlay {
  private readonly from = new Column(Uint32Array, 1 << 12);
  private readonly to = new Column(Uint32Array, 1 << 12);
  private readonly nextOut = new Column(Int32Array, 1 << 12);
  private readonly nextIn = new Column(Int32Array, 1 << 12);
  private readonly alive = new Column(Uint8Array, 1 << 12);
  private headOut: Int32Array;
  private headIn: Int32Array;
  private live = 0;

  constructor(size: number) {
    this.headOut = new Int32Array(size).fill(-1);
    this.headIn = new Int32Array(size).fill(-1);
  }

  /** Room for accounts born since (no edges yet). */
  grow(size: number): void {
    const old = this.headOut.length;
    if (size <= old) return;
    this.headOut = grownColumn(this.headOut, size);
    this.headIn = grownColumn(this.headIn, size);
    this.headOut.fill(-1, old);
    this.headIn.fill(-1, old);
  }

  get size(): number {
    return this.live;
  }

  add(u: number, v: number): void {
    const i = this.from.length;
    this.from.push(u);
    this.to.push(v);
    this.alive.push(1);
    this.nextOut.push(this.headOut[u]!);
    this.nextIn.push(this.headIn[v]!);
    this.headOut[u] = i;
    this.headIn[v] = i;
    this.live++;
  }

  has(u: number, v: number): boolean {
    return this.find(u, v) >= 0;
  }

  /** Marks u → v dead; false when there is no live added edge u → v. */
  remove(u: number, v: number): boolean {
    const i = this.find(u, v);
    if (i < 0) return false;
    this.alive.set(i, 0);
    this.live--;
    return true;
  }

  /** Live targets added for u (newest first). */
  outOf(u: number): number[] {
    const out: number[] = [];
    for (let i = this.headOut[u]!; i >= 0; i = this.nextOut.get(i))
      if (this.alive.get(i)) out.push(this.to.get(i));
    return out;
  }

  /** Live sources added towards v (newest first). */
  inOf(v: number): number[] {
    const out: number[] = [];
    for (let i = this.headIn[v]!; i >= 0; i = this.nextIn.get(i))
      if (this.alive.get(i)) out.push(this.from.get(i));
    return out;
  }

  private find(u: number, v: number): number {
    for (let i = this.headOut[u]!; i >= 0; i = this.nextOut.get(i)) {
      if (this.to.get(i) === v && this.alive.get(i)) return i;
    }
    return -1;
  }
}
