import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { engineStatusSchema } from '@murmur/core/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readyEngine } from '../../engine/engine-holder';
import { createInProcessQueue } from '../../jobs/in-process-queue';
import type { LiveStatus } from '../../engine/freshness';
import { createTestClock } from '../../test/test-clock';
import { testNetwork } from '../../test/test-engine';
import { jobsRoutes } from './jobs.routes';

let live: LiveStatus | null | Error = null;
const app = Fastify();
app.setValidatorCompiler(validatorCompiler);
app.setSerializerCompiler(serializerCompiler);

beforeAll(async () => {
  const { engine } = await testNetwork(500);
  await app.register(jobsRoutes, {
    engine: readyEngine(engine),
    jobs: createInProcessQueue(createTestClock()),
    live: () => {
      if (live instanceof Error) throw live;
      return live;
    },
  });
});
afterAll(() => app.close());

const status = async () => {
  const res = await app.inject({ url: '/api/engine/status/' });
  expect(res.statusCode).toBe(200);
  return engineStatusSchema.parse(res.json());
};

describe('GET /api/engine/status/ freshness', () => {
  it('is static without a live path', async () => {
    live = null;
    expect(await status()).toMatchObject({
      state: 'ready',
      freshness: { state: 'static', behindMs: null },
      partitions: [],
    });
  });

  it('reports every partition’s lag and how far behind X it is', async () => {
    live = {
      partitions: [
        { partition: 0, lagEvents: 3, lastEventAt: 1_790_000_000_000, behindMs: 2_500 },
        { partition: 1, lagEvents: 0, lastEventAt: 1_790_000_000_400, behindMs: 900.4 },
      ],
    };
    const s = await status();
    expect(s.freshness).toEqual({ state: 'live', behindMs: 2500 });
    expect(s.partitions).toEqual([
      { partition: 0, lagEvents: 3, lastEventAt: 1_790_000_000_000, behindMs: 2500, appliedSeq: null },
      { partition: 1, lagEvents: 0, lastEventAt: 1_790_000_000_400, behindMs: 900, appliedSeq: null },
    ]);
    live = {
      partitions: [{ partition: 0, lagEvents: 90_000, lastEventAt: 1_790_000_000_000, behindMs: 150_000 }],
    };
    expect((await status()).freshness).toEqual({ state: 'catching-up', behindMs: 150_000 });
  });

  it('still answers, as static, when the live log cannot be asked', async () => {
    live = new Error('nats: timeout');
    expect((await status()).freshness).toEqual({ state: 'static', behindMs: null });
  });
});
