import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * Below this many bytes a JSON answer is sent as it is: with its headers it fits in one TCP segment
 * (~1 460 bytes), so compressing it saves no round trip and only costs CPU on the serving path — the
 * hot answers (`/api/user/me/`, an estimate) are a few hundred bytes. The same line bench:web draws
 * for "a text response sent uncompressed".
 */
export const COMPRESSION_THRESHOLD = 1024;

/**
 * Brotli at quality 4: on JSON it compresses about as well as gzip's default level at a fraction
 * of brotli's higher qualities' CPU (the static assets, compressed once at build time, use 11).
 */
const BROTLI_QUALITY = 4;
const GZIP_LEVEL = 6;

export type JsonEncoding = 'br' | 'gzip';

/**
 * The coding to use for a client's `Accept-Encoding`: brotli when it is accepted, else gzip, else
 * none. A coding listed with `q=0` is refused; `*` accepts both unless they are refused by name.
 */
export function pickEncoding(acceptEncoding: string | undefined): JsonEncoding | undefined {
  if (!acceptEncoding) return undefined;
  const accepted = new Map<string, boolean>();
  for (const part of acceptEncoding.split(',')) {
    const [rawName, ...params] = part.split(';');
    const name = rawName!.trim().toLowerCase();
    if (!name) continue;
    let q = 1;
    for (const param of params) {
      const [key, value] = param.split('=');
      if (key?.trim().toLowerCase() === 'q') q = Number(value?.trim());
    }
    accepted.set(name, Number.isFinite(q) && q > 0);
  }
  const ok = (name: JsonEncoding) => accepted.get(name) ?? accepted.get('*') ?? false;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return undefined;
}

export function compress(body: Buffer, encoding: JsonEncoding): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const done = (error: Error | null, out: Buffer) => (error ? reject(error) : resolve(out));
    if (encoding === 'br') {
      brotliCompress(
        body,
        {
          params: {
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        },
        done,
      );
    } else {
      gzip(body, { level: GZIP_LEVEL }, done);
    }
  });
}

/** Whether an answer is a JSON document (not NDJSON, not an event stream). */
function isJson(reply: FastifyReply): boolean {
  const type = reply.getHeader('content-type');
  return typeof type === 'string' && /^application\/json\s*(;|$)/i.test(type);
}

export function addVary(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  if (vary === undefined) {
    void reply.header('vary', 'Accept-Encoding');
    return;
  }
  const list = Array.isArray(vary) ? vary.join(',') : String(vary);
  if (!/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(list)) {
    void reply.header('vary', `${list}, Accept-Encoding`);
  }
}

/**
 * Compresses the JSON answers under /api/ of at least COMPRESSION_THRESHOLD bytes with brotli or gzip,
 * as the client's `Accept-Encoding` allows, with `Vary: Accept-Encoding` on every answer that size
 * (compressed or not, so that no cache hands a compressed one to a client that did not ask for it).
 * Only whole bodies (a string or a buffer) are touched: a streamed answer, a hijacked one (the
 * sandbox's long-lived X streams), NDJSON, an event stream, anything outside /api/ or already
 * encoded goes out as it is. Compression runs on libuv's thread pool, not the event loop.
 */
export function registerJsonCompression(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    // The serving path: the common small answer leaves after these checks.
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
    const size = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
    if (size < COMPRESSION_THRESHOLD || !request.url.startsWith('/api/')) return done(null, payload);
    if (!isJson(reply) || reply.hasHeader('content-encoding')) return done(null, payload);
    addVary(reply);
    const encoding = pickEncoding(request.headers['accept-encoding']);
    if (!encoding || request.method === 'HEAD') return done(null, payload);
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    compress(body, encoding).then(
      (compressed) => {
        void reply.header('content-encoding', encoding);
        reply.removeHeader('content-length');
        done(null, compressed);
      },
      (error: Error) => done(error),
    );
  });
}
