import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeProviderSchema } from '@murmur/core/api';
import { API_ROUTE_KEYS, API_ROUTE_RESPONSES, PARTLY_CHECKED_RESPONSES } from '@murmur/core/api-contract';
import { registerDocs } from './plugins/docs';
import { createTestApp, type TestApp } from './test/test-app';

/**
 * The web app's contract with the server (issue 10). Every route of @murmur/core/api's ApiRoutes —
 * the only paths lib/request.ts accepts — exists in the OpenAPI document and declares, for each
 * success status, the response schema the map is typed from (API_ROUTE_RESPONSES). Declaring it is
 * what makes fastify-type-provider-zod's serializer parse every answer, so a body that does not match
 * its schema fails the module's API tests with a 500. The reverse holds for the whole document: no
 * route answers 2xx JSON without a schema, so a route added later cannot skip it.
 */

interface Operation {
  responses: Record<string, { content?: Record<string, { schema?: unknown }> } | undefined>;
}
type Paths = Record<string, Record<string, Operation | undefined> | undefined>;

/** Routes of the OpenAPI document allowed to answer 2xx without a JSON schema, and why. */
const UNSCHEMED_2XX: Record<string, string> = {
  'POST /api/campaign-summary-pdf/': 'answers the summary as application/pdf (a file download), not JSON',
  'GET /api/icons/': 'answers one icon as image/svg+xml (for <img> and CSS), not JSON',
};

/** A `:param` the server registers once per value rather than as a parameter. */
const PARAM_VALUES: Record<string, readonly string[]> = { provider: codeProviderSchema.options };

let t: TestApp;
let paths: Paths;

beforeAll(async () => {
  t = await createTestApp();
  paths = (await t.app.inject({ url: '/api/docs/json' })).json<{ paths: Paths }>().paths;
});
afterAll(() => t.close());

/** "POST /rest-auth/:provider/" → its OpenAPI operations: "post /rest-auth/facebook/", … */
function operationsOf(key: string): { method: string; path: string }[] {
  const [method, path] = key.split(' ') as [string, string];
  let concrete = [path];
  for (const [, name] of path.matchAll(/:(\w+)/g)) {
    const values = PARAM_VALUES[name!];
    concrete = concrete.flatMap((p) =>
      values ? values.map((v) => p.replace(`:${name}`, v)) : [p.replace(`:${name}`, `{${name}}`)],
    );
  }
  return concrete.map((p) => ({ method: method.toLowerCase(), path: p }));
}

const is2xx = (status: string) => /^2\d\d$/.test(status);
const jsonSchemaOf = (operation: Operation, status: string) =>
  operation.responses[status]?.content?.['application/json']?.schema;

/** A schema as the OpenAPI document shows it (undefined without one): the same docs plugin, a route of its own. */
async function documented(method: string, status: string, schema?: unknown): Promise<unknown> {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await registerDocs(app);
  app.route({
    method: method.toUpperCase(),
    url: '/x',
    ...(schema !== undefined && { schema: { response: { [status]: schema } } }),
    handler: () => null,
  });
  await app.ready();
  const operation = (app.swagger() as { paths: Paths }).paths['/x']![method]!;
  await app.close();
  return jsonSchemaOf(operation, status);
}

/** Where a JSON schema accepts anything (`{}`: a z.unknown() or a catch-all), as dotted paths. */
function uncheckedParts(schema: unknown, at = ''): string[] {
  if (!schema || typeof schema !== 'object') return [];
  if (Array.isArray(schema)) return schema.flatMap((s, i) => uncheckedParts(s, `${at}[${i}]`));
  const entries = Object.entries(schema).filter(([k]) => k !== 'enum' && k !== 'default');
  if (entries.length === 0) return [at || '(root)'];
  return entries.flatMap(([k, v]) => uncheckedParts(v, `${at}.${k}`));
}

describe('the routes the web app calls (ApiRoutes)', () => {
  it('lists every key of ApiRoutes at run time', () => {
    expect(API_ROUTE_KEYS.length).toBeGreaterThan(50);
    expect(new Set(API_ROUTE_KEYS).size).toBe(API_ROUTE_KEYS.length);
  });

  it('are all routes of the OpenAPI document', () => {
    const missing = API_ROUTE_KEYS.flatMap((key) =>
      operationsOf(key)
        .filter(({ method, path }) => !paths[path]?.[method])
        .map(({ method, path }) => `${key} (${method.toUpperCase()} ${path})`),
    );
    expect(missing, `ApiRoutes keys the server has no route for:\n${missing.join('\n')}`).toEqual([]);
  });

  it('each declare, for every success status, the response schema ApiRoutes is typed from', async () => {
    const problems: string[] = [];
    for (const key of API_ROUTE_KEYS) {
      for (const { method, path } of operationsOf(key)) {
        const operation = paths[path]?.[method];
        if (!operation) continue; // reported by the test above
        const statuses = Object.keys(operation.responses).filter(is2xx);
        if (statuses.length === 0) problems.push(`${key}: no success status declared`);
        for (const status of statuses) {
          const declared = jsonSchemaOf(operation, status);
          if (!declared) {
            problems.push(`${key} ${status}: no response schema (the serializer checks nothing)`);
            continue;
          }
          const expected = await documented(method, status, API_ROUTE_RESPONSES[key]);
          if (JSON.stringify(declared) !== JSON.stringify(expected))
            problems.push(
              `${key} ${status}: the route's response schema is not API_ROUTE_RESPONSES['${key}']`,
            );
        }
      }
    }
    expect(
      problems,
      `Routes the web reads without the schema it is typed from:\n${problems.join('\n')}`,
    ).toEqual([]);
  });

  it('leave unchecked (z.unknown()) only the parts PARTLY_CHECKED_RESPONSES names, each with a reason', () => {
    const problems: string[] = [];
    for (const key of API_ROUTE_KEYS) {
      const parts = operationsOf(key).flatMap(({ method, path }) => {
        const operation = paths[path]?.[method];
        if (!operation) return [];
        return Object.keys(operation.responses)
          .filter(is2xx)
          .flatMap((status) => uncheckedParts(jsonSchemaOf(operation, status)).map((p) => `${status}${p}`));
      });
      const reason = PARTLY_CHECKED_RESPONSES[key];
      if (parts.length > 0 && !reason) problems.push(`${key}: unchecked ${[...new Set(parts)].join(', ')}`);
      if (parts.length === 0 && reason) problems.push(`${key}: fully checked now, remove it from the list`);
    }
    expect(problems, `PARTLY_CHECKED_RESPONSES is out of date:\n${problems.join('\n')}`).toEqual([]);
  });
});

describe('every route of the OpenAPI document', () => {
  it('shows a route without a response schema as one (so the checks here can fail)', async () => {
    expect(await documented('get', '200')).toBeUndefined();
    expect(await documented('get', '200', API_ROUTE_RESPONSES['GET /api/user/me/'])).toMatchObject({
      type: 'object',
    });
  });

  it('declares a JSON response schema for each success status', () => {
    const unschemed: string[] = [];
    for (const [path, operations] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(operations ?? {})) {
        const key = `${method.toUpperCase()} ${path}`;
        if (!operation?.responses || key in UNSCHEMED_2XX) continue;
        const statuses = Object.keys(operation.responses).filter(is2xx);
        if (statuses.length === 0) unschemed.push(`${key}: no success status`);
        for (const status of statuses)
          if (!jsonSchemaOf(operation, status)) unschemed.push(`${key} ${status}`);
      }
    }
    expect(unschemed, `Routes answering 2xx without a response schema:\n${unschemed.join('\n')}`).toEqual([]);
    for (const key of Object.keys(UNSCHEMED_2XX)) {
      const [method, path] = key.split(' ') as [string, string];
      expect(
        paths[path]?.[method.toLowerCase()],
        `UNSCHEMED_2XX names a route that is gone: ${key}`,
      ).toBeDefined();
    }
  });
});
