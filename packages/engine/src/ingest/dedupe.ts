/**
 * Collects the distinct term ids of one entity (an account's profile, a post) without sorting: a
 * stamp per term id remembers the last entity that used it. Ids keep first-seen order.
 */
export class Deduper {
  private stamp = new Uint32Array(1 << 12);
  private entity = 0;
  readonly ids: number[] = [];

  /** Starts a new entity; returns the (emptied) id list. */
  begin(): number[] {
    this.entity++;
    this.ids.length = 0;
    return this.ids;
  }

  add(id: number): void {
    if (id >= this.stamp.length) {
      const next = new Uint32Array(Math.max(id + 1, this.stamp.length * 2));
      next.set(this.stamp);
      this.stamp = next;
    }
    if (this.stamp[id] === this.entity) return;
    this.stamp[id] = this.entity;
    this.ids.push(id);
  }
}
