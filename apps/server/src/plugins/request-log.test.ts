import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { createSandboxPlugin, generateNetwork } from '@murmur/sandbox';
import { unavailableEngine, type EngineHolder } from '../engine/engine-holder';
import { createTestApp } from '../test/test-app';
import { testNetwork } from '../test/test-engine';
import { LazyChildLogger, lazyChildLoggerFactory } from './request-log';

/** The app with its log lines captured, at `level` (`engine`: its engine, loaded or not). */
async function appLoggingAt(level: string, engine?: EngineHolder) {
  const lines: Record<string, unknown>[] = [];
  const t = await createTestApp(
    { logLevel: level },
    {
      logStream: { write: (line) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
      ...(engine && { engine }),
    },
  );
  return {
    t,
    lines,
    requestLines: () => lines.filter((l) => l.msg === 'request' || 'req' in l || 'res' in l),
  };
}

describe('request logging', () => {
  it('writes nothing per request at info when requests are fast and succeed', async () => {
    const { t, requestLines } = await appLoggingAt('info');
    try {
      for (let i = 0; i < 5; i++) await t.app.inject({ url: '/api/engine/status/' });
      await t.app.inject({ url: '/api/user/me/' }); // 403
      expect(requestLines()).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('writes one concise line per request at debug', async () => {
    const { t, requestLines } = await appLoggingAt('debug');
    try {
      await t.app.inject({ url: '/api/user/me/' });
      expect(requestLines()).toEqual([
        expect.objectContaining({ msg: 'request', method: 'GET', url: '/api/user/me/', status: 403 }),
      ]);
      // A path no route matches is logged too.
      await t.app.inject({ url: '/api/no-such-route/' });
      expect(requestLines()[1]).toEqual(expect.objectContaining({ url: '/api/no-such-route/', status: 404 }));
      expect(requestLines()[0]).toHaveProperty('ms');
      // The request's own logger binds its id, as Fastify's child logger does.
      expect(requestLines()[0]).toHaveProperty('reqId');
    } finally {
      await t.close();
    }
  });
});

describe('the readiness probe in the log', () => {
  it('logs a 503 of /readyz once, as a warning naming the check, not as an error per probe', async () => {
    const engine = unavailableEngine('The audience engine is loading.');
    const { t, lines, requestLines } = await appLoggingAt('info', engine);
    try {
      for (let i = 0; i < 4; i++) expect((await t.app.inject({ url: '/readyz' })).statusCode).toBe(503);
      expect(requestLines()).toEqual([]);
      const states = lines.filter(
        (l) => String(l.msg).startsWith('not ready') || String(l.msg).startsWith('ready'),
      );
      expect(states).toEqual([
        expect.objectContaining({ level: 40, msg: 'not ready: engine (The audience engine is loading.)' }),
      ]);
      expect(lines.filter((l) => Number(l.level) >= 50)).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('logs ready once when every check passes, and the probe requests at debug', async () => {
    const { t, lines, requestLines } = await appLoggingAt('debug', (await testNetwork()).holder);
    try {
      for (let i = 0; i < 3; i++) expect((await t.app.inject({ url: '/readyz' })).statusCode).toBe(200);
      expect(lines.filter((l) => l.msg === 'ready: every readiness check passes')).toHaveLength(1);
      expect(requestLines()).toHaveLength(3);
      expect(requestLines().every((l) => l.level === 20)).toBe(true);
    } finally {
      await t.close();
    }
  });
});

describe("the sandbox's X streams in the log", () => {
  it('are routes that log only errors: a stream open over a second is not a slow request', async () => {
    // Every route the sandbox registers, with its log level (a root hook sees a plugin's routes).
    const app = Fastify();
    const levels = new Map<string, string | undefined>();
    app.addHook(
      'onRoute',
      (route) => void levels.set(`${String(route.method)} ${route.url}`, route.logLevel),
    );
    await app.register(
      createSandboxPlugin({ network: generateNetwork({ accounts: 200, seed: 'request-log' }) }),
      { prefix: '/sandbox' },
    );
    await app.ready();
    const streams = [...levels].filter(([route]) => route.startsWith('GET') && route.endsWith('/stream'));
    expect(streams.map(([route]) => route)).toEqual(
      expect.arrayContaining(['GET /sandbox/x/2/tweets/firehose/stream', 'GET /sandbox/x/2/activity/stream']),
    );
    expect(streams.every(([, level]) => level === 'error')).toBe(true);
    // Another of its routes keeps the app's level (its slow requests are still warnings).
    expect(levels.has('GET /sandbox/x/2/users/:id')).toBe(true);
    expect(levels.get('GET /sandbox/x/2/users/:id') ?? '').not.toBe('error');
    await app.close();
  });
});

describe('the lazy request logger', () => {
  function rootAt(level: string) {
    const lines: Record<string, unknown>[] = [];
    // Fastify's own root logger (pino), as the app makes it.
    const root = Fastify({
      logger: {
        level,
        stream: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
      },
    }).log;
    const child = vi.spyOn(root, 'child');
    return { root, lines, child };
  }

  it('makes no child logger while nothing is written at the enabled levels', () => {
    const { root, lines, child } = rootAt('info');
    const log = lazyChildLoggerFactory(root, { reqId: 'req-1' }, {});
    log.debug({ a: 1 }, 'not at info');
    log.trace('nor this');
    expect(child).not.toHaveBeenCalled();
    expect(lines).toEqual([]);
    expect(log.level).toBe('info');
  });

  it('writes through one child with the request bindings from the first line on', () => {
    const { root, lines, child } = rootAt('info');
    const log = lazyChildLoggerFactory(root, { reqId: 'req-2' }, {});
    log.warn({ a: 1 }, 'first');
    log.error('second');
    log.debug('below the level');
    expect(child).toHaveBeenCalledTimes(1);
    expect(lines).toEqual([
      expect.objectContaining({ reqId: 'req-2', a: 1, msg: 'first', level: 40 }),
      expect.objectContaining({ reqId: 'req-2', msg: 'second', level: 50 }),
    ]);
  });

  it('takes a level set on it, and children of it keep the bindings', () => {
    const { root, lines } = rootAt('info');
    const log = lazyChildLoggerFactory(root, { reqId: 'req-3' }, {});
    log.level = 'debug';
    log.debug('now written');
    log.child({ job: 'x' }).info('from a child');
    expect(log.level).toBe('debug');
    expect(lines).toEqual([
      expect.objectContaining({ reqId: 'req-3', msg: 'now written', level: 20 }),
      expect.objectContaining({ reqId: 'req-3', job: 'x', msg: 'from a child' }),
    ]);
  });

  it("gives pino's child at once when a route sets its own level", () => {
    const { root } = rootAt('info');
    expect(lazyChildLoggerFactory(root, { reqId: 'r' }, { level: 'debug' })).not.toBeInstanceOf(
      LazyChildLogger,
    );
    expect(lazyChildLoggerFactory(root, { reqId: 'r' }, {})).toBeInstanceOf(LazyChildLogger);
  });
});
