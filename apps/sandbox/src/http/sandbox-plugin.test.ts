import { createHash } from 'node:crypto';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { exportChunks } from '../export/ndjson-export';
import { generateNetwork } from '../generate/network';
import { createSandboxPlugin } from './sandbox-plugin';

const network = generateNetwork({ accounts: 1500, seed: 'http', historyDays: 3 });
const app = Fastify();
await app.register(createSandboxPlugin({ network }), { prefix: '/sandbox' });
afterAll(() => app.close());

describe('sandbox HTTP plugin', () => {
  it('serves the bulk export at GET /sandbox/export as NDJSON', async () => {
    const response = await app.inject({ method: 'GET', url: '/sandbox/export' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
    expect(response.headers['x-export-format']).toBe('murmur-sandbox-export/1');
    const expected = createHash('sha256');
    for await (const chunk of exportChunks(network)) expected.update(chunk);
    expect(createHash('sha256').update(response.rawPayload).digest('hex')).toBe(expected.digest('hex'));
  });

  it('describes the network at GET /sandbox/', async () => {
    const response = await app.inject({ method: 'GET', url: '/sandbox/' });
    expect(response.json()).toMatchObject({ format: 'murmur-sandbox-export', accounts: 1500, seed: 'http' });
  });
});
