import Fastify, { type RouteOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerActivityRecorder } from './activity-recorder';

const asArray = (value: unknown) => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

describe('the activity recorder', () => {
  it('puts its hooks on the watched routes only, so other requests pay nothing for it (issue 9)', async () => {
    const app = Fastify();
    const recorded: unknown[] = [];
    registerActivityRecorder(app, {
      recordActivity: async (entry) => void recorded.push(entry),
      teamIdOf: async () => undefined,
      audience: async () => undefined,
    });
    const seen = new Map<string, RouteOptions>();
    app.addHook('onRoute', (route) => void seen.set(`${String(route.method)} ${route.url}`, route));
    app.post('/api/user/magic-link/use/', () => ({ user: { id: 7 } }));
    app.get('/api/user/me/', () => ({ id: 7 }));
    app.post('/api/build-audience/', () => ({ size: 1 }));
    await app.ready();

    const watched = seen.get('POST /api/user/magic-link/use/')!;
    expect([watched.preHandler, watched.onSend, watched.onResponse].map((h) => asArray(h).length)).toEqual([
      1, 1, 1,
    ]);
    for (const key of ['GET /api/user/me/', 'POST /api/build-audience/']) {
      const route = seen.get(key)!;
      expect([route.preHandler, route.onSend, route.onResponse].map((h) => asArray(h).length)).toEqual([
        0, 0, 0,
      ]);
    }

    // And the watched route still records its successful answer.
    await app.inject({ method: 'POST', url: '/api/user/magic-link/use/', payload: {} });
    await app.inject({ method: 'POST', url: '/api/build-audience/', payload: {} });
    expect(recorded).toEqual([{ teamId: null, userId: 7, kind: 'signed_in', subject: '' }]);
    await app.close();
  });
});
