import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ChangeFeed } from '../db/change-feed';
import {
  addVary,
  compress,
  COMPRESSION_THRESHOLD,
  pickEncoding,
  type JsonEncoding,
} from '../plugins/json-compression';

/**
 * A cached answer: its JSON text, and the same compressed for the codings clients asked for, made
 * once per answer (what plugins/json-compression.ts would otherwise redo on every read).
 */
export interface CachedAnswer {
  json: string;
  encoded: Partial<Record<JsonEncoding, Buffer>>;
}

export const READ_CACHE_DEFAULTS = {
  /**
   * What the answers' JSON may weigh together (UTF-16 length ≈ bytes of ASCII JSON); their
   * compressed copies add a fraction of that.
   */
  maxChars: 32 * 1024 * 1024,
  /**
   * Bounds what no notice reports: the clock's part in an answer (an audience "Expired" two months
   * after its last use) and an administrator's write with the triggers disabled.
   */
  ttlMs: 30_000,
};

export type ReadCache = ReturnType<typeof createReadCache>;

/**
 * What a load read: its JSON, or its JSON and the time (the cache's `now`, ms) from which it is no
 * longer true whatever the database says (a campaign that starts or ends then).
 */
export type Loaded = string | { json: string; until: number };

/**
 * Serialised answers of a database read kept in memory (the saved list, bench/README.md "The saved
 * list … third round"), forgotten whenever a table they were read from changes (`tables`, heard
 * through `feed`: any process's committed write; this process's own before its writer resumes).
 *
 * A load that began before a change must not store what it read: each change bumps a generation,
 * and a load stores only if none happened meanwhile. While the feed is not listening nothing is
 * served from memory or stored. Keys must carry everything the answer depends on, the caller's
 * scope (user or team) first.
 */
export function createReadCache(options: {
  feed: ChangeFeed;
  tables: readonly string[];
  maxChars?: number;
  ttlMs?: number;
  now?: () => number;
}) {
  const { feed } = options;
  const maxChars = options.maxChars ?? READ_CACHE_DEFAULTS.maxChars;
  const ttlMs = options.ttlMs ?? READ_CACHE_DEFAULTS.ttlMs;
  const now = options.now ?? Date.now;
  const watched = new Set(options.tables);
  const entries = new Map<string, { value: CachedAnswer; expires: number }>();
  let chars = 0;
  let generation = 0;
  let hits = 0;
  let misses = 0;

  const forget = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    chars -= entry.value.json.length;
  };
  const clear = () => {
    generation++;
    entries.clear();
    chars = 0;
  };
  const unsubscribe = feed.subscribe((table) => {
    if (table === undefined || watched.has(table)) clear();
  });

  function peek(key: string): CachedAnswer | undefined {
    if (!feed.listening) return undefined;
    const entry = entries.get(key);
    if (!entry) return undefined;
    entries.delete(key);
    if (entry.expires <= now()) {
      chars -= entry.value.json.length;
      return undefined;
    }
    // Re-inserted: the Map's first key is the least recently used.
    entries.set(key, entry);
    return entry.value;
  }

  function store(key: string, value: CachedAnswer, until: number): void {
    if (value.json.length > maxChars / 4) return;
    forget(key);
    entries.set(key, { value, expires: Math.min(now() + ttlMs, until) });
    chars += value.json.length;
    for (const [oldest] of entries) {
      if (chars <= maxChars) break;
      forget(oldest);
    }
  }

  return {
    /** The answer under `key`, from memory or from `load` (stored when nothing changed meanwhile). */
    async read(key: string, load: () => Promise<Loaded>): Promise<CachedAnswer> {
      const cached = peek(key);
      if (cached !== undefined) {
        hits++;
        return cached;
      }
      misses++;
      const before = generation;
      const loaded = await load();
      const value: CachedAnswer = { json: typeof loaded === 'string' ? loaded : loaded.json, encoded: {} };
      const until = typeof loaded === 'string' ? Infinity : loaded.until;
      if (feed.listening && generation === before) store(key, value, until);
      return value;
    },

    get stats() {
      return { entries: entries.size, chars, hits, misses };
    },

    close: unsubscribe,
  };
}

/**
 * The answer under `key` from `cache`, or, without a cache (no change feed), `load`'s every time.
 */
export async function readThrough(
  cache: ReadCache | undefined,
  key: string,
  load: () => Promise<Loaded>,
): Promise<CachedAnswer> {
  if (cache) return cache.read(key, load);
  const loaded = await load();
  return { json: typeof loaded === 'string' ? loaded : loaded.json, encoded: {} };
}

/**
 * An answer the route's own serializer wrote (`reply.serialize`, the response schema's encoding),
 * kept as JSON text: Fastify sends a string with a JSON content type as it is.
 */
export function serialized(reply: FastifyReply, payload: unknown): string {
  const json = reply.serialize(payload);
  return typeof json === 'string' ? json : Buffer.from(json as ArrayBuffer).toString('utf8');
}

/**
 * Sends a cached answer (typed as the route's body, which it encodes): compressed as the client
 * accepts when it is large enough (plugins/json-compression.ts's rule), the compressed copy kept
 * with the answer for the next reader.
 */
export async function sendCached<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: CachedAnswer,
): Promise<T> {
  void reply.type('application/json; charset=utf-8');
  const encoding = pickEncoding(request.headers['accept-encoding']);
  if (answer.json.length < COMPRESSION_THRESHOLD || !encoding || request.method === 'HEAD') {
    return reply.send(answer.json) as unknown as T;
  }
  const body = (answer.encoded[encoding] ??= await compress(Buffer.from(answer.json), encoding));
  addVary(reply);
  return reply.header('content-encoding', encoding).send(body) as unknown as T;
}
