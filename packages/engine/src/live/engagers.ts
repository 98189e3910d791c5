import { csrRow, groupPairs, type Csr } from '../postings/csr';
import type { RowLog } from './structures';

export type EngagementRow = 'likesByActor' | 'repostsByActor';

/**
 * Who liked (or reposted) a post, for a delete that must leave the actors' rows: the base rows
 * of the current compaction inverted once on first use, plus the engagements applied since.
 * A compaction starts a new one (its base rows hold what was live before).
 */
export class Engagers {
  private readonly inverse: Partial<Record<EngagementRow, Csr>> = {};
  private readonly live: Record<EngagementRow, Map<number, number[]>> = {
    likesByActor: new Map(),
    repostsByActor: new Map(),
  };

  /** `rows` is read on first use: the live index's row logs then (a fold may have replaced them). */
  constructor(private readonly rows: () => Record<EngagementRow, RowLog>) {}

  /** Actors whose row may hold `p` (a caller checks the row itself: an unlike leaves no trace here). */
  of(name: EngagementRow, p: number): number[] {
    let inverse = this.inverse[name];
    if (!inverse) {
      const base = this.rows()[name].base;
      const keys = new Uint32Array(base.data.length);
      const values = new Uint32Array(base.data.length);
      for (let a = 0, k = 0; a + 1 < base.offsets.length; a++)
        for (let i = base.offsets[a]!; i < base.offsets[a + 1]!; i++, k++) {
          keys[k] = base.data[i]!;
          values[k] = a;
        }
      let rows = 0;
      for (const q of keys) if (q + 1 > rows) rows = q + 1;
      this.inverse[name] = inverse = groupPairs(keys, values, rows);
    }
    return [...csrRow(inverse, p), ...(this.live[name].get(p) ?? [])];
  }

  add(name: EngagementRow, p: number, actor: number): void {
    const list = this.live[name].get(p);
    if (list) list.push(actor);
    else this.live[name].set(p, [actor]);
  }
}
