import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

type WriteCallback = (error?: Error | null) => void;
type Chunks = { chunk: unknown; encoding: BufferEncoding }[];

/**
 * Answers reach their sockets together, once the event loop has finished the requests that arrived
 * with them (the serving path), instead of each one the moment its handler ends it.
 *
 * Why: on this VM a write to a socket whose reader sleeps costs the writer the reader's wake-up
 * (an inter-processor interrupt, 13 % of the server's main thread under load in a `perf` profile, in
 * `sock_def_readable`). Written one by one between handlers, nearly every answer woke a sleeping
 * client; written back to back, the first wakes it and the rest find it running. Measured with
 * autocannon at 200 connections (bench/README.md, ninth round): the uncached estimate ~8 800 →
 * ~14 000 req/s, `/api/user/me/` ~27 000 → ~35 000 req/s, one connection alone unchanged.
 *
 * How: below Node's HTTP layer. Each accepted socket's `_write` and `_writev` (what its Writable calls
 * to hand bytes to the OS) are queued; the first write of a batch schedules one `setImmediate`, which
 * runs after the poll phase that read the requests and makes the queued writes in arrival order. The
 * stream sees an asynchronous write, so it keeps later chunks in its buffer until the callback, and
 * everything above it — `res.end()`, `reply.sent`, Fastify's hooks — happens exactly as before. An
 * answer waits at most for the handlers of the requests read with it; a lone request one turn of the
 * loop.
 */
export function registerCoalescedWrites(app: FastifyInstance): void {
  const batch = createWriteBatch();
  app.server.on('connection', (socket: Socket) => batch.adopt(socket));
}

export interface WriteBatch {
  /** Queues the socket's writes to the OS into the batch from now on. */
  adopt(socket: Socket): void;
  /** Writes queued and not yet made. */
  readonly size: number;
}

/** A socket's own ways of handing bytes to the OS (net.Socket's `_write` and `_writev`). */
interface SocketWrites {
  _write(chunk: unknown, encoding: BufferEncoding, cb: WriteCallback): void;
  _writev?(chunks: Chunks, cb: WriteCallback): void;
}

export function createWriteBatch(): WriteBatch {
  // Parallel arrays, not a closure per write: this runs for every answer. A write is made by calling
  // the socket's own `_write` (when `encodings[i]` is set) or `_writev`, taken when it was adopted.
  let writers: SocketWrites[] = [];
  let sockets: Socket[] = [];
  let payloads: unknown[] = [];
  let encodings: (BufferEncoding | undefined)[] = [];
  let callbacks: WriteCallback[] = [];

  function flush(): void {
    const w = writers;
    const s = sockets;
    const p = payloads;
    const e = encodings;
    const c = callbacks;
    writers = [];
    sockets = [];
    payloads = [];
    encodings = [];
    callbacks = [];
    for (let i = 0; i < s.length; i++) {
      const encoding = e[i];
      try {
        if (encoding === undefined) w[i]!._writev!.call(s[i], p[i] as Chunks, c[i]!);
        else w[i]!._write.call(s[i], p[i], encoding, c[i]!);
      } catch (error) {
        // net.Socket reports its own failures through the callback; anything else must not hold
        // back the rest of the batch either, and the stream learns of it the same way.
        c[i]!(error as Error);
      }
    }
  }

  function queue(
    own: SocketWrites,
    socket: Socket,
    payload: unknown,
    encoding: BufferEncoding | undefined,
    cb: WriteCallback,
  ): void {
    if (sockets.length === 0) setImmediate(flush);
    writers.push(own);
    sockets.push(socket);
    payloads.push(payload);
    encodings.push(encoding);
    callbacks.push(cb);
  }

  return {
    adopt(socket) {
      // Taken off the socket to be called on it later, with `.call(socket, …)` in flush.
      // eslint-disable-next-line @typescript-eslint/unbound-method
      const own: SocketWrites = { _write: socket._write, _writev: socket._writev };
      socket._write = (chunk: unknown, encoding: BufferEncoding, cb: WriteCallback) =>
        queue(own, socket, chunk, encoding, cb);
      if (own._writev)
        socket._writev = (chunks: Chunks, cb: WriteCallback) => queue(own, socket, chunks, undefined, cb);
    },
    get size() {
      return sockets.length;
    },
  };
}
