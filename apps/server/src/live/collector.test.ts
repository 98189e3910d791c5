import type { LiveEvent } from '@murmur/core/live';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCollector, type CollectorLog, type CollectorOptions, type LiveSink } from './collector';
import { expectXShape, likeLine, postLine } from './x-shapes.test-kit';

/**
 * A stand-in X stream over real HTTP (the sandbox gains the real ones on its own branch): each
 * stream has a timeline of lines that "happen" while a client is connected; a client that asks for
 * `backfill_minutes` first gets every line of the last minutes again. Lines end in "\r\n" and
 * keep-alives are a bare "\r\n", as X sends them.
 */
interface Timeline {
  lines: { at: number; body: string }[];
  /** How many lines have happened (sent or missed). */
  happened: number;
  /** Queries of each connection. */
  queries: Record<string, string>[];
  /** Connection number (from 0) → after how many happened lines to drop it, half-way through a line. */
  dropAfter: Map<number, number>;
}

const BASE = Date.parse('2026-11-20T12:00:00.000Z');
const authors = Array.from({ length: 7 }, (_, i) => ({ id: String(2000 + i), username: `user${i}` }));
const posts = Array.from({ length: 100 }, (_, i) =>
  postLine({
    id: String(9000 + i),
    author: authors[i % authors.length]!,
    at: BASE + i * 100,
    // Japanese text, so that a line split inside a character is exercised.
    text: i % 10 === 0 ? `今日は良い天気ですね ${i}` : `post ${i}`,
    lang: i % 10 === 0 ? 'ja' : 'en',
  }),
);
const likes = Array.from({ length: 30 }, (_, i) =>
  likeLine({
    liker: authors[(i + 3) % authors.length]!,
    post: String(9000 + i),
    author: authors[i % 7]!.id,
    at: BASE + i * 100,
  }),
);

const timeline = (lines: object[]): Timeline => ({
  lines: lines.map((l) => ({
    at: Date.parse((l as { data: { created_at: string } }).data.created_at),
    body: JSON.stringify(l),
  })),
  happened: 0,
  queries: [],
  dropAfter: new Map(),
});

const tick = () => new Promise((r) => setTimeout(r, 2));

async function streamServer(
  streams: Record<string, Timeline>,
): Promise<{ app: FastifyInstance; base: string }> {
  const app = Fastify();
  app.get('/x/2/*', async (request, reply) => {
    const path = (request.params as { '*': string })['*'];
    const t = streams[path];
    if (request.headers.authorization !== 'Bearer stream-token' || !t)
      return reply.code(401).send({ title: 'Unauthorized' });
    const query = request.query as Record<string, string>;
    const connection = t.queries.push(query) - 1;
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, { 'content-type': 'application/json' });
    const backfill = Number(query.backfill_minutes ?? 0);
    const newest = t.happened > 0 ? t.lines[t.happened - 1]!.at : 0;
    let next = backfill > 0 ? t.lines.findIndex((l) => l.at >= newest - backfill * 60_000) : t.happened;
    if (next < 0) next = t.happened;
    let open = true;
    res.on('close', () => (open = false));
    const drop = t.dropAfter.get(connection);
    while (open) {
      if (next >= t.lines.length) {
        res.write('\r\n');
        await new Promise((r) => setTimeout(r, 20));
        continue;
      }
      const line = Buffer.from(t.lines[next]!.body + '\r\n');
      if (drop !== undefined && next === drop) {
        // Half a line, then the connection is gone; meanwhile 20 more lines happen unseen.
        res.write(line.subarray(0, Math.floor(line.length / 2)));
        await tick();
        t.happened = Math.min(t.lines.length, next + 20);
        res.destroy();
        return;
      }
      // Every line in two writes split at an odd byte: multi-byte characters get cut in two.
      const cut = Math.floor(line.length / 2) | 1;
      res.write(line.subarray(0, cut));
      await tick();
      res.write(line.subarray(cut));
      if (next % 9 === 0) res.write('\r\n');
      next++;
      t.happened = Math.max(t.happened, next);
      // One garbage line and one X error object in the stream, once.
      if (next === 5 && connection === 0)
        res.write('{not json\r\n{"errors":[{"title":"operational-disconnect"}]}\r\n{"data":{"id":"x"}}\r\n');
    }
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address() as { port: number };
  return { app, base: `http://127.0.0.1:${address.port}/x/2/` };
}

const quietLog = (): CollectorLog & { warnings: string[] } => {
  const warnings: string[] = [];
  return {
    warnings,
    info: () => undefined,
    warn: (obj, msg) => warnings.push(`${msg} ${JSON.stringify(obj)}`),
    error: (obj, msg) => warnings.push(`${msg} ${JSON.stringify(obj)}`),
  };
};

/**
 * A collector of the posts firehose (partition 1) at `baseUrl` that appends what it collects to
 * `received`, quietly, flushing every 10 ms; `options` add to or replace these.
 */
const postsCollector = (baseUrl: string, received: LiveEvent[], options: Partial<CollectorOptions> = {}) =>
  createCollector({
    baseUrl,
    bearerToken: 'stream-token',
    streams: [{ kind: 'posts', path: 'tweets/firehose/stream', partition: 1, query: { partition: '1' } }],
    sink: {
      append: (events) => {
        received.push(...events);
        return Promise.resolve();
      },
    },
    log: quietLog(),
    flushMs: 10,
    ...options,
  });

describe('the collector', () => {
  const postsLine = timeline(posts);
  const likesLine = timeline(likes);
  postsLine.dropAfter.set(0, 40);
  let server: { app: FastifyInstance; base: string };
  beforeAll(async () => {
    server = await streamServer({ 'tweets/firehose/stream': postsLine, 'likes/firehose/stream': likesLine });
  });
  afterAll(() => server.app.close());

  it('streams X-shaped lines', () => {
    for (const p of posts.slice(0, 3)) expectXShape('posts', p);
    for (const l of likes.slice(0, 3)) expectXShape('likes', l);
  });

  it('reconnects with backfill after a dropped connection and appends every event exactly once', async () => {
    const received: LiveEvent[] = [];
    const batches: number[] = [];
    const sink: LiveSink = {
      append: (events) => {
        batches.push(events.length);
        received.push(...events);
        return Promise.resolve();
      },
    };
    const log = quietLog();
    const collector = createCollector({
      baseUrl: server.base,
      bearerToken: 'stream-token',
      streams: [
        {
          kind: 'posts',
          path: 'tweets/firehose/stream',
          partition: 1,
          query: { partition: '1', expansions: 'author_id' },
        },
        { kind: 'likes', path: 'likes/firehose/stream', partition: 1, query: { partition: '1' } },
      ],
      sink,
      log,
      batchSize: 16,
      flushMs: 10,
      initialBackfillMinutes: 0,
      retryDelayMs: () => 50,
      keepAliveTimeoutMs: 5000,
    });
    await collector.start();
    const expected = new Set([
      ...posts.map((p) => `post:${p.data.id}`),
      ...likes.map((l) => `like:${l.includes.users[0]!.id}:${l.data.liked_tweet_id}`),
    ]);
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline && [...expected].some((k) => !received.some((e) => e.key === k)))
      await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 200));
    await collector.stop();

    // The reconnection asked for the missed minute; the first connection for no backfill.
    expect(postsLine.queries.map((q) => q.backfill_minutes)).toEqual([undefined, '1']);
    expect(postsLine.queries[1]).toMatchObject({ partition: '1', expansions: 'author_id' });

    const keys = received.map((e) => e.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of expected) expect(keys).toContain(key);
    // One user event per account (its first object), nothing else.
    expect(received.filter((e) => e.type === 'user')).toHaveLength(authors.length);
    expect(received).toHaveLength(expected.size + authors.length);
    // Multi-byte text survived lines cut inside a character.
    const ja = received.find((e) => e.key === 'post:9000');
    expect(ja).toMatchObject({ post: { text: '今日は良い天気ですね 0', lang: 'ja' } });
    // Every event of a post line comes before the next line's, in order within the stream.
    const postOrder = received.filter((e) => e.type === 'post').map((e) => Number(e.key.slice(5)));
    expect(postOrder).toEqual([...postOrder].sort((a, b) => a - b));

    const stats = collector.stats();
    const postsStats = stats.streams.find((s) => s.kind === 'posts')!;
    expect(postsStats.reconnects).toBe(1);
    expect(postsStats.duplicates).toBeGreaterThanOrEqual(40);
    expect(postsStats.malformed).toBe(2);
    expect(postsStats.errors).toBe(1);
    expect(stats).toMatchObject({ appended: received.length, pending: 0, appendFailures: 0 });
    expect(Math.max(...batches)).toBeLessThanOrEqual(16);
    expect(log.warnings.some((w) => w.includes('malformed stream line skipped'))).toBe(true);
  });

  it('keeps a batch the sink refused and appends it again', async () => {
    const fresh = timeline(posts.slice(0, 10));
    const alone = await streamServer({ 'tweets/firehose/stream': fresh });
    let failures = 1;
    const received: LiveEvent[] = [];
    const collector = postsCollector(alone.base, received, {
      sink: {
        append: (events) => {
          if (failures-- > 0) return Promise.reject(new Error('log unavailable'));
          received.push(...events);
          return Promise.resolve();
        },
      },
      flushMs: 5,
      initialBackfillMinutes: 0,
    });
    await collector.start();
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline && received.filter((e) => e.type === 'post').length < 10)
      await new Promise((r) => setTimeout(r, 20));
    await collector.stop();
    await alone.app.close();
    expect(received.filter((e) => e.type === 'post').map((e) => e.key)).toEqual(
      posts.slice(0, 10).map((p) => `post:${p.data.id}`),
    );
    expect(collector.stats().appendFailures).toBe(1);
  });
});

describe('a collector resuming from a checkpoint', () => {
  it('drops what the replay brings from before each stream’s checkpoint (already in the log)', async () => {
    const replayed = timeline(posts);
    replayed.happened = 60;
    const server = await streamServer({ 'tweets/firehose/stream': replayed });
    const received: LiveEvent[] = [];
    const covered = BASE + 50 * 100;
    const collector = postsCollector(server.base, received, {
      checkpoint: {
        coverage: { 'tweets/firehose/stream#1': covered },
        xTime: BASE + 59 * 100,
        savedAt: Date.now(),
      },
      // What this X's Date header says on the restart: its time is that of its last line.
      xNow: () => Promise.resolve(BASE + 59 * 100),
      retryDelayMs: () => 50,
    });
    try {
      await collector.start();
      const deadline = Date.now() + 20_000;
      while (Date.now() < deadline && !received.some((e) => e.key === `post:${posts[99]!.data.id}`))
        await new Promise((r) => setTimeout(r, 50));
    } finally {
      await collector.stop();
      await server.app.close();
    }
    // The replay started before the checkpoint (X's backfill reaches the first post)…
    expect(replayed.queries[0]?.backfill_minutes).toBeDefined();
    const keys = received.filter((e) => e.type === 'post').map((e) => e.key);
    // …and only the posts from the checkpoint on were appended, each once.
    expect(keys).toEqual(posts.slice(50).map((p) => `post:${p.data.id}`));
    expect(received.filter((e) => e.type !== 'user').every((e) => e.at >= covered)).toBe(true);
    expect(collector.stats().streams[0]!.duplicates).toBeGreaterThanOrEqual(50);
  });
});

describe('the collector when X refuses its reconnections', () => {
  it('asks back the outage in X’s time, told by the Date of X’s refusal, not by the wall clock', async () => {
    // Five posts a second apart, then the connection drops; X refuses the next attempt (503) dated
    // 3 minutes after the last post — seconds of the wall clock, minutes of X's (a fast sandbox
    // clock, or X's own clock when the wall clock saw only the retry's backoff).
    const lines = Array.from({ length: 5 }, (_, i) =>
      JSON.stringify(
        postLine({
          id: String(7000 + i),
          author: authors[i]!,
          at: BASE + i * 1000,
          text: `p${i}`,
          lang: 'en',
        }),
      ),
    );
    const queries: Record<string, string>[] = [];
    const app = Fastify();
    app.get('/x/2/tweets/firehose/stream', async (request, reply) => {
      const connection = queries.push(request.query as Record<string, string>) - 1;
      if (connection === 1)
        return reply
          .code(503)
          .header('date', new Date(BASE + 4000 + 180_000).toUTCString())
          .send({
            title: 'Service Unavailable',
            type: 'about:blank',
            status: 503,
            detail: 'Service Unavailable',
          });
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, { 'content-type': 'application/json' });
      if (connection === 0) {
        res.write(lines.map((l) => `${l}\r\n`).join(''));
        await new Promise((r) => setTimeout(r, 100));
        res.destroy();
        return;
      }
      let open = true;
      res.on('close', () => (open = false));
      while (open) {
        res.write('\r\n');
        await new Promise((r) => setTimeout(r, 20));
      }
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const received: LiveEvent[] = [];
    const collector = postsCollector(
      `http://127.0.0.1:${(app.server.address() as { port: number }).port}/x/2/`,
      received,
      {
        initialBackfillMinutes: 0,
        retryDelayMs: () => 50,
        keepAliveTimeoutMs: 5000,
      },
    );
    try {
      await collector.start();
      const deadline = Date.now() + 10_000;
      while (queries.length < 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    } finally {
      await collector.stop();
      await app.close();
    }
    expect(received.filter((e) => e.type === 'post')).toHaveLength(5);
    expect(queries).toHaveLength(3);
    // Right after the drop: 1 minute (nothing says X's time yet); after X's dated refusal: its 3
    // minutes (and a part), not the 1 minute the wall clock's fraction of a second would ask.
    expect(queries[1]!.backfill_minutes).toBe('1');
    expect(Number(queries[2]!.backfill_minutes)).toBeGreaterThanOrEqual(3);
    expect(Number(queries[2]!.backfill_minutes)).toBeLessThanOrEqual(5);
  });
});
