// The live index's handles (see README "Live updates"): the handles changed since the last
// compaction, the table a version reads through them, and the fold of the log into a new table.
import { fnv1a } from '@murmur/core/hash';
import { HandleIndex, normaliseHandle } from '../postings/handle-index';

/** Handles changed since the last compaction, per handle the versions that changed it. */
export class HandleLog {
  readonly changes = new Map<string, Array<readonly [ver: number, n: number]>>();

  /** `handle` names account `n` (−1: nobody) from version `ver` on. */
  set(handle: string, n: number, ver: number): void {
    let list = this.changes.get(handle);
    if (!list) this.changes.set(handle, (list = []));
    list.push([ver, n]);
  }

  /** The account `handle` names at `ver` per the log (−1: nobody), undefined when the log has no say. */
  at(handle: string, ver: number): number | undefined {
    const list = this.changes.get(handle);
    if (!list) return undefined;
    for (let i = list.length - 1; i >= 0; i--) if (list[i]![0] <= ver) return list[i]![1];
    return undefined;
  }
}

/**
 * The base handle table plus the handles changed since the last compaction, as version `ver` sees
 * them (handle → account, or −1 where a base handle no longer belongs to its account).
 */
export class LiveHandleIndex extends HandleIndex {
  /** The table the log is over. */
  readonly base: HandleIndex;
  constructor(
    base: HandleIndex,
    handleOf: (n: number) => string,
    readonly log: HandleLog,
    readonly ver: number,
  ) {
    super(base.table, handleOf);
    this.base = base instanceof LiveHandleIndex ? base.base : base;
  }

  override find(handle: string): number | undefined {
    const changed = this.log.at(normaliseHandle(handle), this.ver);
    if (changed !== undefined) return changed < 0 ? undefined : changed;
    return super.find(handle);
  }
}

/**
 * The handle table with the log's handles added (a copy: older versions read the old table), or
 * undefined when the table is over half full (then it is rebuilt). Entries of renamed or removed
 * accounts stay: a lookup checks the account's handle now (a removed account has none).
 */
export function foldHandles(
  base: HandleIndex,
  handleOf: (n: number) => string,
  log: HandleLog,
): HandleIndex | undefined {
  const table = base.table.slice();
  const mask = table.length - 1;
  let used = 0;
  for (let i = 0; i < table.length; i++) if (table[i] !== -1) used++;
  for (const [handle, list] of log.changes) {
    const n = list[list.length - 1]![1];
    if (n < 0) continue;
    let at = fnv1a(handle) & mask;
    while (table[at] !== -1 && table[at] !== n) at = (at + 1) & mask;
    if (table[at] === -1) {
      table[at] = n;
      used++;
    }
  }
  return used * 2 > table.length ? undefined : new HandleIndex(table, handleOf);
}
