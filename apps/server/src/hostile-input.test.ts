import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '@murmur/core/api';
import {
  HEADER_ATTACKS,
  PATH_VALUES,
  ENDS_THE_CALLER,
  bodyAttacks,
  fieldAttacks,
  operationsOf,
  queryAttacks,
  urlOf as urlWith,
  type HostileRequest,
  type Operation,
} from './test/hostile-inputs';
import { createTestApp, type TestApp, type TestSession } from './test/test-app';
import { testNetwork } from './test/test-engine';

/**
 * No input makes the server fail (the serving path). Every operation of the OpenAPI document — so a route
 * added later is covered too — gets, signed out and signed in (session cookie + CSRF), a bounded set
 * of hostile inputs: bodies nested thousands deep, malformed, of the wrong type or content type,
 * binary, too large, with NUL characters or prototype keys; each field of a valid body set to a
 * wrong type, an out-of-range number or a huge string; bad path and query parameters and headers.
 * Every answer must be below 500, a 4xx must carry a SPEC §8 JSON body, nothing may be logged at
 * error level, and the caller's data must not change.
 */

let t: TestApp;
let session: TestSession;
let teamId = 0;
interface LogLine {
  level: number;
  msg?: string;
  err?: { message?: string };
}
const logged: LogLine[] = [];
/** Log lines at error level or above, as `msg: error message`. */
const crashes = () => logged.filter((l) => l.level >= 50).map((l) => `${l.msg}: ${l.err?.message}`);

beforeAll(async () => {
  // A ready engine, so that audience routes reach their handlers instead of answering 503.
  const { holder } = await testNetwork();
  t = await createTestApp(
    { logLevel: 'error' },
    {
      engine: holder,
      logStream: { write: (line: string) => void logged.push(JSON.parse(line) as LogLine) },
    },
  );
  session = await t.signIn('fuzz@example.com');
  const team = await t.app.inject({
    method: 'POST',
    url: '/api/teams/',
    headers: session.tokenAuth,
    payload: { name: 'Fuzz team' },
  });
  teamId = team.json<{ id: number }>().id;
}, 120_000);
afterAll(() => t.close());

async function operations(): Promise<Operation[]> {
  return operationsOf((await t.app.inject({ url: '/api/docs/json' })).json());
}

/** The operation's URL with the fuzz team's id (test/hostile-inputs.ts). */
const urlOf = (op: Operation, value?: string): string => urlWith(op, teamId, value);

type Auth = 'signed out' | 'signed in';
const AUTHS: Auth[] = ['signed out', 'signed in'];

let throwaways = 0;
/**
 * The test server has no live path: signed in, its routes answer any valid body with their documented
 * 503 (logged like every 5xx), which says nothing of the input. Signed out they are fuzzed like the rest.
 */
const NEEDS_THE_LIVE_PATH = /^\/api\/live\//;

/** The credentials an operation is sent with when signed in. */
async function callerFor(op: Operation): Promise<TestSession> {
  if (!ENDS_THE_CALLER.has(`${op.method} ${op.path}`)) return session;
  return t.signIn(`fuzz-throwaway-${++throwaways}@example.com`);
}

/** Sends each request and returns a line per answer that breaks the rules (empty when all is well). */
async function problems(op: Operation, auth: Auth, requests: HostileRequest[]): Promise<string[]> {
  const { method } = op;
  if (auth === 'signed in' && NEEDS_THE_LIVE_PATH.test(op.path)) return [];
  const caller = auth === 'signed in' ? await callerFor(op) : undefined;
  const found: string[] = [];
  for (const r of requests) {
    const options: InjectOptions = {
      method,
      url: r.url,
      headers: {
        ...caller?.cookieAuth,
        ...(r.contentType && { 'content-type': r.contentType }),
        ...r.headers,
      },
      ...(r.payload !== undefined && { payload: r.payload }),
    };
    let res: LightMyRequestResponse;
    try {
      res = await t.app.inject(options);
    } catch (error) {
      found.push(`${method} ${r.url.slice(0, 80)} [${r.name}, ${auth}]: inject threw ${String(error)}`);
      continue;
    }
    const where = `${method} ${r.url.slice(0, 80)} [${r.name}, ${auth}] → ${res.statusCode}`;
    if (res.statusCode >= 500) found.push(`${where} ${res.body.slice(0, 120)}`);
    else if (res.statusCode >= 400) {
      const isJson = /^application\/json/.test(String(res.headers['content-type']));
      const body: unknown = isJson ? res.json() : undefined;
      if (!errorBodySchema.safeParse(body).success)
        found.push(`${where} not SPEC §8: ${res.body.slice(0, 120)}`);
    }
  }
  return found;
}

async function snapshot() {
  const get = async (url: string) => (await t.app.inject({ url, headers: session.tokenAuth })).body;
  return Promise.all(
    [
      '/api/user/me/',
      '/api/teams/',
      '/api/user/granted-accounts/',
      '/api/audience-configs/',
      '/api/audience-plan/',
    ].map(get),
  );
}

describe('hostile input', () => {
  it('finds the operations that take a body in the OpenAPI document', async () => {
    const ops = await operations();
    expect(ops.length).toBeGreaterThan(80);
    expect(ops.filter((op) => op.body).length).toBeGreaterThan(40);
  });

  it('refuses malformed bodies with a SPEC §8 4xx and leaves the data as it was', async () => {
    const before = await snapshot();
    const found: string[] = [];
    for (const op of await operations()) {
      if (op.method === 'GET') continue;
      for (const auth of AUTHS) found.push(...(await problems(op, auth, bodyAttacks(op, urlOf(op)))));
    }
    expect(found).toEqual([]);
    expect(await snapshot()).toEqual(before);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(crashes()).toEqual([]);
  }, 120_000);

  it('answers a wrong value in any field of a body below 500', async () => {
    const found: string[] = [];
    for (const op of await operations()) {
      if (!op.body) continue;
      found.push(...(await problems(op, 'signed in', fieldAttacks(op, urlOf(op)))));
    }
    expect(found).toEqual([]);
    expect(crashes()).toEqual([]);
  }, 120_000);

  it('answers bad path parameters, query strings and headers below 500', async () => {
    const found: string[] = [];
    for (const op of await operations()) {
      const requests: HostileRequest[] = [
        ...op.pathParams.flatMap(() =>
          PATH_VALUES.map((v) => ({ name: `path ${v.slice(0, 20)}`, url: urlOf(op, v) })),
        ),
        ...(op.method === 'GET' || op.query.length > 0 ? queryAttacks(op, urlOf(op)) : []),
      ];
      for (const auth of AUTHS) found.push(...(await problems(op, auth, requests)));
      // These replace the credentials, so signing in first would change nothing.
      const headers = HEADER_ATTACKS.map((h) => ({ ...h, url: urlOf(op) }));
      found.push(...(await problems(op, 'signed out', headers)));
    }
    expect(found).toEqual([]);
    expect(crashes()).toEqual([]);
  }, 120_000);
});
