/** Keys sorted by code unit with the id each belongs to, for prefix search by binary search. */
export interface SortedKeys {
  readonly size: number;
  /** Calls `visit` with the id of every key starting with `prefix` (every key when it is empty). */
  forEachWithPrefix(prefix: string, visit: (id: number) => void): void;
}

export function sortedKeys(entries: [key: string, id: number][]): SortedKeys {
  entries.sort((x, y) => (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : x[1] - y[1]));
  const keys = entries.map((e) => e[0]);
  const ids = Uint32Array.from(entries, (e) => e[1]);
  return {
    size: keys.length,
    forEachWithPrefix(prefix, visit) {
      let [lo, hi] = [0, keys.length];
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (keys[mid]! < prefix) lo = mid + 1;
        else hi = mid;
      }
      for (let i = lo; i < keys.length && keys[i]!.startsWith(prefix); i++) visit(ids[i]!);
    },
  };
}
