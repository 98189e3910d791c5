/**
 * A bounded least-recently-used map whose entries also expire `ttlMs` after they were set. A Map
 * keeps insertion order, so re-inserting on read makes its first key the least recently used.
 */
export interface LruCache<K, V> {
  get(key: K): V | undefined;
  set(key: K, value: V): void;
  delete(key: K): void;
  /** Deletes every entry whose value matches (a linear pass: for rare events such as revocations). */
  deleteWhere(matches: (value: V) => boolean): void;
  clear(): void;
  readonly size: number;
}

export function createLruCache<K, V>(options: {
  max: number;
  ttlMs: number;
  /** Milliseconds; injected so tests can move time. */
  now?: () => number;
}): LruCache<K, V> {
  const { max, ttlMs } = options;
  const now = options.now ?? Date.now;
  const entries = new Map<K, { value: V; expires: number }>();
  // The key inserted last, while it still is (the map's last key): reading it again needs no move
  // to the end, which for a hot key (one user's token on every request, the serving path) would
  // otherwise be a delete and an insert, and the map's rehash every few of them.
  let newest: K | undefined;
  let hasNewest = false;

  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (hasNewest && newest === key) {
        if (entry.expires > now()) return entry.value;
        entries.delete(key);
        hasNewest = false;
        return undefined;
      }
      entries.delete(key);
      if (entry.expires <= now()) return undefined;
      entries.set(key, entry);
      newest = key;
      hasNewest = true;
      return entry.value;
    },
    set(key, value) {
      entries.delete(key);
      entries.set(key, { value, expires: now() + ttlMs });
      newest = key;
      hasNewest = true;
      // One in, at most one out: the map never holds more than `max`.
      if (entries.size > max) {
        const oldest = entries.keys().next().value as K;
        entries.delete(oldest);
        if (entries.size === 0) hasNewest = false;
      }
    },
    delete(key) {
      entries.delete(key);
      if (hasNewest && newest === key) hasNewest = false;
    },
    deleteWhere(matches) {
      for (const [key, entry] of entries) if (matches(entry.value)) entries.delete(key);
      if (hasNewest && !entries.has(newest as K)) hasNewest = false;
    },
    clear() {
      entries.clear();
      hasNewest = false;
    },
    get size() {
      return entries.size;
    },
  };
}
