import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** The channel that migration 0028's triggers notify, with the written table's name as payload. */
export const CHANGES_CHANNEL = 'murmur_changes';

/**
 * Committed writes to the tables whose triggers notify (migration 0028_change_notices), heard by this
 * process whichever process made them: what lets a cached read (lib/read-cache.ts) be forgotten the
 * moment what it read changes.
 *
 * `onChange(table)` is called after a write to `table` commits; `onChange(undefined)` when writes
 * may have gone unheard (the PostgreSQL listener's connection was lost, or is back). While
 * `listening` is false, nothing may be cached on the strength of this feed.
 */
export interface ChangeFeed {
  readonly listening: boolean;
  subscribe(onChange: (table: string | undefined) => void): () => void;
  close(): Promise<void>;
}

function subscribers() {
  const handlers = new Set<(table: string | undefined) => void>();
  const add = (handler: (table: string | undefined) => void) => {
    handlers.add(handler);
    return () => void handlers.delete(handler);
  };
  const emit = (table: string | undefined) => {
    for (const handler of handlers) handler(table);
  };
  return { add, emit };
}

/**
 * PGlite runs in this process only, and calls a listener as the committing statement returns: a
 * write's notice is heard before its caller's `await` resumes.
 */
export async function pgliteChangeFeed(client: PGlite): Promise<ChangeFeed> {
  const handlers = subscribers();
  const unlisten = await client.listen(CHANGES_CHANNEL, (payload) => handlers.emit(payload));
  return {
    listening: true,
    subscribe: handlers.add,
    close: () => unlisten(),
  };
}

/** A statement's written tables, as drizzle (and hand-written SQL here) spells them. */
const WRITES = /\b(?:insert\s+into|update|delete\s+from|truncate(?:\s+table)?)\s+"?(\w+)"?/gi;
const tablesWrittenBy = (text: string) => [...text.matchAll(WRITES)].map((m) => m[1]!.toLowerCase());

type QueryFn = (...args: unknown[]) => unknown;

/**
 * This process's own writes through one pooled connection, reported when they commit: a write
 * outside a transaction as it returns, a transaction's writes when its COMMIT returns (a ROLLBACK
 * forgets them). The triggers' notices reach this process too, but on another connection and so
 * possibly after the writer's caller has already answered; this makes a user's next read in the same
 * process see their write.
 */
function tapWrites(client: pg.PoolClient, emit: (table: string) => void): void {
  let inTransaction = false;
  const pending = new Set<string>();
  const completed = (text: string) => {
    const verb = /^\s*(\w+)/.exec(text)?.[1]?.toLowerCase();
    if (verb === 'begin' || verb === 'start') {
      inTransaction = true;
      pending.clear();
    } else if (verb === 'commit' || verb === 'end') {
      inTransaction = false;
      for (const table of pending) emit(table);
      pending.clear();
    } else if (verb === 'rollback' && !/^\s*rollback\s+to\b/i.test(text)) {
      inTransaction = false;
      pending.clear();
    } else {
      for (const table of tablesWrittenBy(text)) {
        if (inTransaction) pending.add(table);
        else emit(table);
      }
    }
  };
  const original = client.query.bind(client) as QueryFn;
  const tapped: QueryFn = (...args) => {
    const first = args[0] as string | { text?: string } | undefined;
    const text = typeof first === 'string' ? first : first?.text;
    if (text === undefined) return original(...args);
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      args[last] = (error: unknown, result: unknown) => {
        if (!error) completed(text);
        (callback as (e: unknown, r: unknown) => void)(error, result);
      };
      return original(...args);
    }
    const result = original(...args);
    if (result instanceof Promise) {
      return result.then((value: unknown) => {
        completed(text);
        return value;
      });
    }
    return result;
  };
  (client as unknown as { query: QueryFn }).query = tapped;
}

/**
 * node-postgres: one connection of its own LISTENs (reconnected with backoff when lost: meanwhile
 * `listening` is false), and every pooled connection reports this process's own writes as they
 * commit (`tapWrites`).
 */
export function postgresChangeFeed(
  url: string,
  pool: pg.Pool,
  options: { retryMs?: number; maxRetryMs?: number; warn?: (message: string) => void } = {},
): ChangeFeed {
  const handlers = subscribers();
  const warn = options.warn ?? ((message: string) => console.warn(message));
  let listening = false;
  let closed = false;
  let client: pg.Client | undefined;
  let retryMs = options.retryMs ?? 500;
  let timer: NodeJS.Timeout | undefined;

  pool.on('connect', (pooled) => tapWrites(pooled, (table) => handlers.emit(table)));

  const lost = (reason: string) => {
    if (closed) return;
    const was = listening;
    listening = false;
    client?.removeAllListeners();
    void client?.end().catch(() => undefined);
    client = undefined;
    if (was) {
      warn(`change notices lost (${reason}); cached reads are off until they are back`);
      handlers.emit(undefined);
    }
    timer = setTimeout(() => void connect(), retryMs);
    retryMs = Math.min(retryMs * 2, options.maxRetryMs ?? 30_000);
  };

  async function connect(): Promise<void> {
    if (closed) return;
    const next = new pg.Client({ connectionString: url });
    client = next;
    next.on('error', (error) => lost(error.message));
    next.on('end', () => lost('connection ended'));
    next.on('notification', (message) => {
      if (message.channel === CHANGES_CHANNEL) handlers.emit(message.payload);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANGES_CHANNEL}`);
    } catch (error) {
      if (client === next) lost(error instanceof Error ? error.message : String(error));
      return;
    }
    if (closed || client !== next) return;
    retryMs = options.retryMs ?? 500;
    listening = true;
    // What changed while nobody listened is unknown: everything cached before is forgotten.
    handlers.emit(undefined);
  }
  void connect();

  return {
    get listening() {
      return listening;
    },
    subscribe: handlers.add,
    async close() {
      closed = true;
      listening = false;
      clearTimeout(timer);
      const last = client;
      client = undefined;
      last?.removeAllListeners();
      last?.on('error', () => undefined);
      await last?.end().catch(() => undefined);
    },
  };
}
