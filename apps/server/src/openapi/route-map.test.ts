import { describe, expect, it } from 'vitest';
import { colonPath, routeMapSource, typeOf, type OpenApiDocument } from './route-map';

describe('typeOf (a JSON Schema of fastify-type-provider-zod as a TypeScript type)', () => {
  it('writes scalars, enums, nullables and z.null()', () => {
    expect(typeOf({ type: 'integer', minimum: 0 }, 'x')).toBe('number');
    expect(typeOf({ type: 'string', nullable: true, maxLength: 3 }, 'x')).toBe('string | null');
    expect(typeOf({ type: 'string', enum: ['a', 'b'] }, 'x')).toBe('"a" | "b"');
    expect(typeOf({ type: 'string', nullable: true, enum: [null] }, 'x')).toBe('null');
    expect(typeOf({}, 'x')).toBe('unknown');
  });

  it('writes objects with optional keys, records and catch-alls', () => {
    expect(
      typeOf(
        {
          type: 'object',
          properties: { id: { type: 'integer' }, 'x-y': { type: 'string', description: 'a */ b' } },
          required: ['id'],
          additionalProperties: false,
        },
        'x',
      ),
    ).toBe('{\n  id: number;\n  /** a *\\/ b */\n  "x-y"?: string;\n}');
    expect(typeOf({ type: 'object', additionalProperties: { type: 'number' } }, 'x')).toBe(
      '{\n  [key: string]: number;\n}',
    );
    expect(
      typeOf(
        { type: 'object', properties: { a: { type: 'string' } }, required: ['a'], additionalProperties: {} },
        'x',
      ),
    ).toBe('{\n  a: string;\n  [key: string]: unknown;\n}');
  });

  it('writes arrays and unions', () => {
    expect(typeOf({ type: 'array', items: { type: 'string' } }, 'x')).toBe('string[]');
    expect(typeOf({ type: 'array', items: { anyOf: [{ type: 'string' }, { type: 'number' }] } }, 'x')).toBe(
      'Array<string | number>',
    );
    expect(typeOf({ anyOf: [{ type: 'string' }, { type: 'boolean' }], nullable: true }, 'x')).toBe(
      'string | boolean | null',
    );
    // A member another covers is left out (lint: no redundant type constituents).
    expect(typeOf({ anyOf: [{ type: 'string' }, { type: 'string', enum: [''] }] }, 'x')).toBe('string');
    expect(typeOf({ anyOf: [{ type: 'integer' }, { enum: [0] }, {}] }, 'x')).toBe('unknown');
  });

  it('refuses a keyword it cannot express rather than typing it unknown', () => {
    expect(() => typeOf({ $ref: '#/components/schemas/User' }, 'GET /x 200')).toThrow(
      'GET /x 200: JSON Schema keyword(s) $ref have no TypeScript form here',
    );
    expect(() => typeOf({ type: 'tuple' }, 'y')).toThrow('y: JSON Schema type tuple');
  });
});

describe('routeMapSource', () => {
  const document: OpenApiDocument = {
    paths: {
      '/api/teams/{slug}/invites/{pk}/': {
        delete: {
          summary: 'Cancel an invitation',
          parameters: [
            { in: 'path', name: 'slug', required: true, schema: { type: 'string' } },
            { in: 'path', name: 'pk', required: true, schema: { type: 'integer' } },
          ],
          responses: {
            '204': { content: { 'application/json': { schema: { type: 'string', enum: [null] } } } },
          },
        },
      },
      '/api/things/': {
        post: {
          parameters: [{ in: 'query', name: 'team', required: false, schema: { type: 'string' } }],
          requestBody: { content: { 'application/json': { schema: { type: 'object', properties: {} } } } },
          responses: {
            '200': { content: { 'application/json': { schema: { type: 'boolean' } } } },
            '201': { content: { 'application/json': { schema: { type: 'number' } } } },
            '400': { content: { 'application/json': { schema: { type: 'object' } } } },
          },
        },
      },
      '/api/icons/': {
        get: { responses: { '200': { content: { 'image/svg+xml': { schema: { type: 'string' } } } } } },
      },
    },
  };

  it('keys each operation "METHOD /path/:param/" with its params, query, body and 2xx answers', () => {
    const source = routeMapSource(document);
    expect(source).toContain(
      [
        '  /** Cancel an invitation */',
        '  "DELETE /api/teams/:slug/invites/:pk/": {',
        '    params: {',
        '      slug: string;',
        '      pk: number | string;',
        '    };',
        '    response: void;',
        '  };',
      ].join('\n'),
    );
    expect(source).toContain(
      [
        '  "POST /api/things/": {',
        '    query: {',
        '      team?: string;',
        '    };',
        '    body: Record<string, never>;',
        '    response: boolean | number;',
        '  };',
      ].join('\n'),
    );
    expect(source).toContain('  "GET /api/icons/": {\n    response: string;\n  };');
    expect(source).toContain('export type ApiRouteKey = keyof ApiRoutes;');
  });

  it('is the same text for the same document (the staleness check compares text)', () => {
    expect(routeMapSource(structuredClone(document))).toBe(routeMapSource(document));
  });

  it('converts OpenAPI path templates to the server’s placeholders', () => {
    expect(colonPath('/api/teams/{team_id}/invites/{pk}/')).toBe('/api/teams/:team_id/invites/:pk/');
  });
});
