import Fastify, { type RouteOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerActivityRecorder } from './activity-recorder';

const hookCount = (value: unknown): number =>
  value === undefined ? 0 : Array.isArray(value) ? value.length : 1;

describe('the activity recorder', () => {
  it('puts its hooks on the watched routes only, so other requests pay nothing for it (the serving path)', async () => {
    const app = Fastify();
    const recorded: unknown[] = [];
    registerActivityRecorder(app, {
      recordActivity: (entry) => Promise.resolve(void recorded.push(entry)),
      teamIdOf: () => Promise.resolve(undefined),
      audience: () => Promise.resolve(undefined),
      campaign: () => Promise.resolve(undefined),
      grant: () => Promise.resolve(undefined),
      teamOfMembership: () => Promise.resolve(undefined),
      invite: () => Promise.resolve(undefined),
      socialProvider: () => Promise.resolve(undefined),
    });
    const seen = new Map<string, RouteOptions>();
    app.addHook('onRoute', (route) => void seen.set(`${String(route.method)} ${route.url}`, route));
    app.post('/api/user/magic-link/use/', () => ({ user: { id: 7 } }));
    app.get('/api/user/me/', () => ({ id: 7 }));
    app.post('/api/build-audience/', () => ({ size: 1 }));
    await app.ready();

    const watched = seen.get('POST /api/user/magic-link/use/')!;
    expect([watched.preHandler, watched.onSend, watched.onResponse].map(hookCount)).toEqual([1, 1, 0]);
    for (const key of ['GET /api/user/me/', 'POST /api/build-audience/']) {
      const route = seen.get(key)!;
      expect([route.preHandler, route.onSend, route.onResponse].map(hookCount)).toEqual([0, 0, 0]);
    }

    // And the watched route still records its successful answer.
    await app.inject({ method: 'POST', url: '/api/user/magic-link/use/', payload: {} });
    await app.inject({ method: 'POST', url: '/api/build-audience/', payload: {} });
    expect(recorded).toEqual([{ teamId: null, userId: 7, kind: 'signed_in', subject: '' }]);
    await app.close();
  });
});
