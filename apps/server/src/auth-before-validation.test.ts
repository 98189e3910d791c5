import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationsOf, sample, type Operation } from './test/hostile-inputs';
import { createTestApp, type TestApp } from './test/test-app';

/**
 * A signed-out caller learns nothing about a route that needs a signed-in one, not even what its
 * input looks like: every operation of the OpenAPI document (so a route added later is covered)
 * that refuses a signed-out caller a valid request (401/403) refuses the same caller an invalid
 * one the same way, never with the 400 of validation first.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const AUTH_ANSWERS = [401, 403];

/** The document's operations with the `x-auth` mark of plugins/docs.ts. */
type DocumentWithAuth = Parameters<typeof operationsOf>[0] & {
  paths: Record<string, Record<string, { 'x-auth'?: string }>>;
};

/** The operation's path with every parameter naming something plausible. */
const pathOf = (op: Operation) => op.path.replace(/\{(\w+)\}/g, '1');

/** A sampled value as a query string carries it. */
const text = (value: unknown): string => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));

/** A request that satisfies the schema (required query parameters sampled), or that breaks it. */
function requestOf(op: Operation, valid: boolean): InjectOptions {
  const query = new URLSearchParams(
    op.query.map((q): [string, string] => [q.name, valid ? text(sample(q.schema)) : 'x'.repeat(300)]),
  );
  if (!valid) query.set('limit', '-1');
  const search = query.toString();
  return {
    method: op.method,
    url: `${pathOf(op)}${search ? `?${search}` : ''}`,
    ...(op.body && {
      headers: { 'content-type': 'application/json' },
      payload: valid ? JSON.stringify(sample(op.body)) : '"not the body this route takes"',
    }),
  };
}

describe('auth before validation', () => {
  it('holds on every route that needs a signed-in caller', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json<DocumentWithAuth>();
    const ops = operationsOf(doc);
    expect(ops.length).toBeGreaterThan(80);
    const guarded: string[] = [];
    const found: string[] = [];
    for (const op of ops) {
      const valid = await t.app.inject(requestOf(op, true));
      if (!AUTH_ANSWERS.includes(valid.statusCode)) continue;
      guarded.push(`${op.method} ${op.path}`);
      // Routes that take no input cannot be asked with an invalid one.
      if (!op.body && op.query.length === 0) continue;
      const invalid = await t.app.inject(requestOf(op, false));
      if (!AUTH_ANSWERS.includes(invalid.statusCode))
        found.push(`${op.method} ${op.path} → ${invalid.statusCode} ${invalid.body.slice(0, 100)}`);
    }
    expect(guarded).toEqual(expect.arrayContaining(['GET /api/metrics/', 'POST /api/staff/user-groups/']));
    expect(found).toEqual([]);
    // The routes declared `config: { auth: 'signed-in' }` (the document's `x-auth`), which the server
    // refuses before validation, are exactly the routes that need a user (the image downloader also
    // serves the pro site's token, and checks for itself).
    const declared = ops
      .filter((op) => doc.paths[op.path]?.[op.method.toLowerCase()]?.['x-auth'] === 'signed-in')
      .map((op) => `${op.method} ${op.path}`);
    expect(declared.length).toBeGreaterThan(100);
    expect(
      guarded.filter((route) => !declared.includes(route)),
      "refuses a signed-out caller without config: { auth: 'signed-in' }",
    ).toEqual(['GET /api/external/image-downloader/']);
    expect(
      declared.filter((route) => !guarded.includes(route)),
      'declared signed-in but answers a signed-out caller',
    ).toEqual([]);
  }, 60_000);
});
