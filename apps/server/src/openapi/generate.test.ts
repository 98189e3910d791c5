import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userSchema } from '@murmur/core/api';
import { registerDocs } from '../plugins/docs';
import { buildOpenApiDocument, generateApi, ROUTE_MAP_FILE } from './generate';
import { routeMapSource, type OpenApiDocument } from './route-map';

// The web's route map is generated from this document (docs/decisions/001-route-types.md); these
// tests prove that the committed map is the one the server's routes make, and that the staleness
// check of `npm run generate:api -- --check` (CI) fails when a route or a schema changes.

let document: OpenApiDocument;
let dir: string;

beforeAll(async () => {
  document = await buildOpenApiDocument();
  dir = await mkdtemp(join(tmpdir(), 'murmur-route-map-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** A deep copy of the document, changed by `change`. */
const changed = (change: (doc: OpenApiDocument) => void): OpenApiDocument => {
  const copy = structuredClone(document);
  change(copy);
  return copy;
};

describe('npm run generate:api -- --check', () => {
  it('passes on the committed route map (run `npm run generate:api` when it does not)', async () => {
    const result = await generateApi({ document, check: true });
    expect(result.ok, result.message).toBe(true);
  });

  it('fails, naming the change, when a response schema changed on the server', async () => {
    const doc = changed((d) => {
      const response =
        d.paths['/api/user/me/']!.get!.responses!['200']!.content!['application/json']!.schema!;
      response.properties = { ...response.properties, nickname: { type: 'string' } };
      (response.required ??= []).push('nickname');
    });
    const result = await generateApi({ document: doc, check: true });
    expect(result.ok).toBe(false);
    expect(result.message).toMatch(/is stale/);
    expect(result.message).toContain('npm run generate:api');
    expect(result.message).toContain('nickname');
  });

  it('fails when a route was added, and does not write the file in check mode', async () => {
    const file = join(dir, 'routes.generated.ts');
    const committed = await readFile(ROUTE_MAP_FILE, 'utf8');
    await writeFile(file, committed);
    const doc = changed((d) => {
      d.paths['/api/widgets/'] = {
        get: { responses: { '200': { content: { 'application/json': { schema: { type: 'string' } } } } } },
      };
    });
    const result = await generateApi({ document: doc, check: true, file });
    expect(result.ok).toBe(false);
    expect(await readFile(file, 'utf8')).toBe(committed);

    // Without --check it rewrites the file, which then holds the new route and passes the check.
    expect((await generateApi({ document: doc, check: false, file })).ok).toBe(true);
    expect(await readFile(file, 'utf8')).toContain(`"GET /api/widgets/": {`);
    expect((await generateApi({ document: doc, check: true, file })).ok).toBe(true);
  });

  it('fails when the file is missing', async () => {
    const result = await generateApi({ document, check: true, file: join(dir, 'absent.ts') });
    expect(result.ok).toBe(false);
  });
});

describe('every route of the OpenAPI document', () => {
  it('declares a response schema for each success status (the generator refuses one without)', async () => {
    const doc = changed((d) => {
      d.paths['/api/user/me/']!.get!.responses!['200'] = {};
    });
    await expect(generateApi({ document: doc, check: true })).rejects.toThrow(
      'GET /api/user/me/ 200: no response schema declared',
    );
  });

  it('as @fastify/swagger writes it: a route without a response schema stops the generator', async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await registerDocs(app);
    app.get('/with/', { schema: { response: { 200: userSchema } } }, () => null);
    app.get('/without/', () => null);
    await app.ready();
    const doc = app.swagger() as unknown as OpenApiDocument;
    await app.close();
    expect(() => routeMapSource(doc)).toThrow('GET /without/ 200: no response schema declared');
    delete doc.paths['/without/'];
    expect(routeMapSource(doc)).toContain('"GET /with/": {\n    response: {\n      id: number;');
  });
});
