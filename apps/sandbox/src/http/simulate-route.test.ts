import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { generateNetwork } from '../generate/network';
import { createSandboxPlugin } from './sandbox-plugin';

const network = generateNetwork({ accounts: 800, seed: 'simulate', historyDays: 2 });
const app = Fastify();
await app.register(createSandboxPlugin({ network }), { prefix: '/sandbox' });
afterAll(() => app.close());

describe('POST /sandbox/simulate/advance', () => {
  it('lets simulated time pass: the clock moves and people post, follow and unfollow', async () => {
    const before = { now: network.clock.now, posts: network.posts.length, events: network.events.length };
    const response = await app.inject({
      method: 'POST',
      url: '/sandbox/simulate/advance',
      payload: { hours: 24 },
    });
    expect(response.statusCode).toBe(200);
    expect(network.clock.now).toBe(before.now + 24 * 3600);
    expect(response.json()).toEqual({ now: new Date(network.clock.now * 1000).toISOString(), ticks: 24 });
    expect(network.posts.length).toBeGreaterThan(before.posts);
    expect(network.events.length).toBeGreaterThan(before.events);
  });

  it('refuses anything but a whole number of hours from 1 to 720, and leaves the clock alone', async () => {
    const now = network.clock.now;
    for (const payload of [
      {},
      { hours: 0 },
      { hours: 721 },
      { hours: 1.5 },
      { hours: '3' },
      { hours: null },
    ]) {
      const response = await app.inject({ method: 'POST', url: '/sandbox/simulate/advance', payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(network.clock.now).toBe(now);
  });
});
