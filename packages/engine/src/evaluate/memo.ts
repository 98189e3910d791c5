import type { AudienceIndex } from '../postings/audience-index';

/**
 * A small least-recently-used memo of values derived from an index's immutable postings (filter
 * masks, multi-word keyword sets, age bands), bounded by the bytes its values own. Estimates typed
 * one after another share most of their parts — the same countries, languages and ages under a
 * changing keyword — so those parts are built once and reused while the index lives.
 */
export class IndexMemo<V> {
  // Second-chance (CLOCK) order: a hit only marks its entry; eviction walks from the oldest, giving
  // marked entries another round, so a hit costs no Map reordering.
  private readonly entries = new Map<string, { value: V; bytes: number; used: boolean }>();
  private bytes = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly maxEntries: number,
  ) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    entry.used = true;
    return entry.value;
  }

  set(key: string, value: V, bytes: number): V {
    const old = this.entries.get(key);
    if (old) {
      this.bytes -= old.bytes;
      this.entries.delete(key);
    }
    this.entries.set(key, { value, bytes, used: false });
    this.bytes += bytes;
    // Evict from the oldest, giving used entries a second round; the entry just added always stays.
    for (const [k, e] of this.entries) {
      if (this.entries.size <= 1 || (this.bytes <= this.maxBytes && this.entries.size <= this.maxEntries))
        break;
      this.entries.delete(k);
      if (k === key || e.used) {
        e.used = false;
        this.entries.set(k, e);
      } else this.bytes -= e.bytes;
    }
    return value;
  }

  get size(): number {
    return this.entries.size;
  }

  get heldBytes(): number {
    return this.bytes;
  }
}

/** One memo per index and purpose; a new index (rebuild, snapshot) starts empty. */
export function memoFor<V>(
  memos: WeakMap<AudienceIndex, IndexMemo<V>>,
  index: AudienceIndex,
  maxBytes: number,
  maxEntries: number,
): IndexMemo<V> {
  let memo = memos.get(index);
  if (!memo) {
    memo = new IndexMemo<V>(maxBytes, maxEntries);
    memos.set(index, memo);
  }
  return memo;
}
