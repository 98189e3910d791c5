import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { UserRow } from '../db/schema';
import { errorHandler } from '../plugins/error-handler';
import { startErrorCollector } from '../test/error-collector';
import { closeErrorReporting, flushErrorReporting, initErrorReporting } from './error-reporting';

let collector: Awaited<ReturnType<typeof startErrorCollector>>;
beforeAll(async () => {
  collector = await startErrorCollector();
});
afterAll(async () => {
  await closeErrorReporting();
  await collector.close();
});

/** A server with the app's error handler, a signed-in user 42 and a route that fails. */
async function failingApp() {
  const app = Fastify();
  app.decorateRequest('principal');
  app.addHook('onRequest', (request, _reply, done) => {
    request.principal = { kind: 'user', user: { id: 42 } as UserRow, via: 'token', tokenKey: 'k' };
    done();
  });
  app.setErrorHandler(errorHandler);
  app.get('/api/boom/', () => {
    throw new Error('the ledger is on fire');
  });
  app.get('/api/missing/', (_request, reply) => reply.status(404).send({ detail: 'Not found.' }));
  await app.ready();
  return app;
}

describe('server error reporting (SPEC §1, §9)', () => {
  it('is off without a DSN: nothing is loaded or sent', async () => {
    expect(await initErrorReporting(undefined, 'test')).toBe(false);
    expect(await initErrorReporting('', 'test')).toBe(false);
    const app = await failingApp();
    expect((await app.inject({ url: '/api/boom/' })).statusCode).toBe(500);
    await flushErrorReporting();
    expect(collector.items).toEqual([]);
    await app.close();
  });

  it('sends a 500 to the collector with its stack, the user id and the dashboard version', async () => {
    // SPEC §9 samples errors at 0.5: this report falls in the kept half.
    const random = vi.spyOn(Math, 'random').mockReturnValue(0.1);
    expect(await initErrorReporting(collector.dsn(), 'test')).toBe(true);
    const app = await failingApp();
    const res = await app.inject({ url: '/api/boom/' });
    expect([res.statusCode, res.json()]).toEqual([500, { detail: 'A server error occurred.' }]);
    // A 4xx is the caller's business, not ours.
    expect((await app.inject({ url: '/api/missing/' })).statusCode).toBe(404);
    await flushErrorReporting();
    const event = await collector.waitFor((item) => item.type === 'event');
    const payload = event.payload as {
      release: string;
      user: { id: string };
      exception: { values: { value: string; stacktrace: { frames: { filename?: string }[] } }[] };
      tags: Record<string, string>;
    };
    expect(payload.release).toBe('30.7.3');
    expect(payload.user).toEqual({ id: '42' });
    expect(payload.exception.values[0]!.value).toBe('the ledger is on fire');
    expect(
      payload.exception.values[0]!.stacktrace.frames.some((f) =>
        f.filename?.includes('error-reporting.test'),
      ),
    ).toBe(true);
    expect(collector.items.filter((item) => item.type === 'event')).toHaveLength(1);
    random.mockRestore();
    await app.close();
  });
});
