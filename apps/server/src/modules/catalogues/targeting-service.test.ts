import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TargetingCountriesResponse } from '@murmur/core/api';
import { createTestApp, type TestApp, type TestSession } from '../../test/test-app';
import { testNetwork } from '../../test/test-engine';
import { TARGETING_SERVICE_ROUTES } from './targeting-service';

/** SPEC §6/§7: the targeting service's fixed token reaches its routes, and no other. */
const TARGETING_TOKEN = 'targeting-service-token-for-tests';
let t: TestApp;
let ann: TestSession;
beforeAll(async () => {
  const network = await testNetwork();
  t = await createTestApp({ targetingToken: TARGETING_TOKEN }, { engine: network.holder });
  ann = await t.signIn('ann-targeting-service@example.com');
});
afterAll(() => t.close());

const asService = (url: string, method: 'GET' | 'POST' = 'GET') =>
  t.app.inject({ method, url, headers: { authorization: `Token ${TARGETING_TOKEN}` } });

describe('the targeting service root and its fixed token', () => {
  it('answers the targeting routes to the fixed token as to anyone', async () => {
    for (const route of TARGETING_SERVICE_ROUTES) {
      const url = route === '/api/targeting-locations/' ? `${route}?q=tok` : route;
      const withToken = await asService(url);
      expect(withToken.statusCode, `${url}: ${withToken.body}`).toBe(200);
      expect(withToken.body).toBe((await t.app.inject({ url })).body);
    }
    const countries = (await asService('/api/targeting-countries/')).json<TargetingCountriesResponse>();
    expect(countries.countries.length).toBeGreaterThan(100);
  });

  it('refuses the fixed token everywhere else, public routes included; it stands for no user', async () => {
    for (const url of ['/api/user/me/', '/api/external/interests/', '/api/geo-location/', '/api/teams/']) {
      const res = await asService(url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual({ detail: 'This targeting-service token does not reach this endpoint.' });
    }
    expect((await asService('/api/build-audience/', 'POST')).statusCode).toBe(403);
    // Public routes still answer without it, and a user's own token still reaches everything.
    expect((await t.app.inject({ url: '/api/external/interests/' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/user/me/', headers: ann.tokenAuth })).statusCode).toBe(200);
    // A wrong token is no targeting token: a stale personal token (signed out) on a public route.
    const wrong = await t.app.inject({
      url: '/api/targeting-countries/',
      headers: { authorization: 'Token not-the-targeting-token' },
    });
    expect(wrong.statusCode).toBe(200);
  });
});
