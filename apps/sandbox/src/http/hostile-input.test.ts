import Fastify, { type FastifyInstance, type InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateNetwork } from '../generate/network';
import { sandboxAdsToken } from './ads';
import { SANDBOX_DEV_CREDENTIALS } from './options';
import { createSandboxPlugin } from './sandbox-plugin';

/**
 * No input makes the sandbox fail: every route it registers (collected as they are added, so a
 * route added later is covered) gets hostile path parameters, query strings and bodies, signed out
 * and with each kind of Bearer token. It answers in X's own error shapes, so only the status is
 * checked: always below 500.
 */

const network = generateNetwork({ accounts: 300, seed: 'sandbox-hostile-input', historyDays: 8 });
const routes: { method: string; url: string }[] = [];
let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify();
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      if (method !== 'HEAD' && route.url) routes.push({ method, url: route.url });
  });
  await app.register(createSandboxPlugin({ network }), { prefix: '/sandbox' });
  await app.ready();
}, 60_000);
afterAll(() => app.close());

/** Parameter names the sandbox's handlers read, all set at once to each hostile value. */
const NAMES = [
  'ids',
  'id',
  'usernames',
  'username',
  'query',
  'q',
  'max_results',
  'count',
  'cursor',
  'pagination_token',
  'next_token',
  'since_id',
  'until_id',
  'start_time',
  'end_time',
  'user.fields',
  'tweet.fields',
  'expansions',
  'account_id',
  'line_item_id',
  'campaign_id',
  'custom_audience_id',
  'targeting_type',
  'targeting_value',
  'targeting_criteria',
  'entity',
  'granularity',
  'metric_groups',
  'placement',
  'sort_by',
  'with_deleted',
  'client_id',
  'redirect_uri',
  'response_type',
  'scope',
  'state',
  'code',
  'code_verifier',
  'grant_type',
  'refresh_token',
  'token',
  'oauth_token',
  'oauth_verifier',
  'decision',
  'account',
  'fields',
  'access_token',
  'screen_name',
  'location',
  'operator_type',
  'size',
  'length',
];
const VALUES = [
  '',
  'x'.repeat(5000),
  '-1',
  '0',
  '1e400',
  '99999999999999999999',
  '%00',
  'a,,b,',
  '%E0%A4%A',
  '__proto__',
];
const PATH_VALUES = ['abc', '-1', '0', '99999999999999999999', '%00', '%E0%A4%A', '__proto__', '1.5'];
const DEEP = 5000;

const queryOf = (value: string) => NAMES.map((n) => `${n}=${value}`).join('&');
const formOf = (value: string) =>
  NAMES.map((n) => `${encodeURIComponent(n)}=${encodeURIComponent(value)}`).join('&');

function bodies(): { payload: string | Buffer; type: string }[] {
  const json = (payload: string) => ({ payload, type: 'application/json' });
  return [
    json('['.repeat(DEEP) + ']'.repeat(DEEP)),
    json(`{"name":${'{"a":'.repeat(DEEP)}1${'}'.repeat(DEEP + 1)}`),
    json('{"a":'),
    json(''),
    json('null'),
    json('[]'),
    json('"text"'),
    json('{"__proto__":{"polluted":true}}'),
    json(JSON.stringify(Object.fromEntries(NAMES.map((n) => [n, { nested: [1e308, null, ''] }])))),
    json(JSON.stringify(Object.fromEntries(NAMES.map((n) => [n, -1])))),
    ...VALUES.map((v) => ({ payload: formOf(v), type: 'application/x-www-form-urlencoded' })),
    { payload: Buffer.from(Array.from({ length: 256 }, (_, i) => i)), type: 'application/octet-stream' },
    { payload: '<a/>', type: 'application/xml' },
  ];
}

describe('sandbox hostile input', () => {
  it('answers every route below 500, whatever the input', async () => {
    expect(routes.length).toBeGreaterThan(40);
    const user = network.accounts.ids[0]!.toString();
    const auths: Record<string, string>[] = [
      {},
      { authorization: `Bearer ${SANDBOX_DEV_CREDENTIALS.x.bearerToken}` },
      { authorization: `Bearer ${sandboxAdsToken(network, user)}` },
    ];
    // Malformed credentials fail (or not) before any parameter is read: one request each suffices.
    const garbage: Record<string, string>[] = [
      { authorization: 'OAuth oauth_consumer_key="x", oauth_signature="%E0"' },
      { authorization: `Basic ${Buffer.from('%E0:%').toString('base64')}`, cookie: 'sandbox_x_session=%E0' },
    ];
    const found: string[] = [];
    for (const route of routes) {
      const paths = [
        route.url.replace(/:(\w+)|\*/g, '1'),
        ...PATH_VALUES.map((v) => route.url.replace(/:(\w+)|\*/g, v)),
      ];
      // A stream answers valid input with a response that lasts as long as the connection: an
      // end_time already passed makes it close at once (after its backfill), so inject returns.
      const end = route.url.endsWith('/stream') ? 'end_time=2000-01-01T00:00:00Z' : '';
      const withEnd = (url: string) => (end ? `${url}${url.includes('?') ? '&' : '?'}${end}` : url);
      const requests: (InjectOptions & { url: string })[] = [
        ...paths.map((url) => ({ url: withEnd(url) })),
        ...VALUES.map((v) => ({ url: withEnd(`${paths[0]}?${queryOf(v)}`) })),
        { url: withEnd(`${paths[0]}?${queryOf('1')}&${queryOf('2')}`) },
        ...(route.method === 'GET'
          ? []
          : bodies().map((b) => ({
              url: paths[0]!,
              payload: b.payload,
              headers: { 'content-type': b.type },
            }))),
      ];
      const tries = [
        ...auths.flatMap((auth) => requests.map((request) => ({ auth, request }))),
        ...garbage.flatMap((auth) => [requests[0]!, requests.at(-1)!].map((request) => ({ auth, request }))),
      ];
      for (const { auth, request } of tries) {
        const res = await app.inject({
          ...request,
          method: route.method as 'GET',
          headers: { ...request.headers, ...auth },
        });
        if (res.statusCode >= 500)
          found.push(
            `${route.method} ${request.url.slice(0, 100)} ${JSON.stringify(auth).slice(0, 40)} → ${res.statusCode} ${res.body.slice(0, 150)}`,
          );
      }
    }
    expect(found).toEqual([]);
  }, 120_000);
});
