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

  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      entries.delete(key);
      if (entry.expires <= now()) return undefined;
      entries.set(key, entry);
      return entry.value;
    },
    set(key, value) {
      entries.delete(key);
      entries.set(key, { value, expires: now() + ttlMs });
      // One in, at most one out: the map never holds more than `max`.
      if (entries.size > max) entries.delete(entries.keys().next().value as K);
    },
    delete(key) {
      entries.delete(key);
    },
    deleteWhere(matches) {
      for (const [key, entry] of entries) if (matches(entry.value)) entries.delete(key);
    },
    clear() {
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}
