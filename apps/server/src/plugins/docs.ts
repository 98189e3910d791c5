import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The routes an API key reaches, by `METHOD path`, with the scope each needs (modules/api-access). */
export type KeyRouteScopes = Readonly<Record<string, { scope: string }>>;

type OpenApiDocument = {
  paths?: Record<string, Record<string, Record<string, unknown>>>;
  components?: Record<string, unknown>;
} & Record<string, unknown>;

/**
 * The public part of the document (docs/API-KEYS.md): only the operations an API key reaches, each
 * with the bearer scheme alone, and the schemas they use.
 */
export function publicDocument(full: OpenApiDocument): OpenApiDocument {
  const paths: NonNullable<OpenApiDocument['paths']> = {};
  for (const [path, operations] of Object.entries(full.paths ?? {})) {
    const kept = Object.entries(operations).filter(([, op]) => op['x-api-key-scope'] !== undefined);
    if (kept.length > 0)
      paths[path] = Object.fromEntries(
        kept.map(([method, op]) => [method, { ...op, security: [{ apiKey: [] }] }]),
      );
  }
  return {
    ...full,
    info: { ...(full.info as object), title: 'Murmur API (API keys)' },
    paths,
    components: { ...full.components, securitySchemes: { apiKey: API_KEY_SCHEME } },
    security: [{ apiKey: [] }],
  };
}

const API_KEY_SCHEME = {
  type: 'http',
  scheme: 'bearer',
  description: "A team's API key, `mur_…`, made in Team settings → API (docs/API-KEYS.md)",
} as const;

/**
 * The OpenAPI document is generated from the routes' zod schemas (ARCHITECTURE §4); the routes an
 * API key reaches carry the bearer scheme and `x-api-key-scope`, and `/api/docs/public.json` is the
 * document of those routes alone.
 */
export async function registerDocs(app: FastifyInstance, keyRoutes: KeyRouteScopes = {}): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Murmur API',
        description:
          'HTTP API of Murmur. Errors follow SPEC §8: `{field: [messages]}` for 400, `{detail}` otherwise.',
        version: '0.1.0',
      },
      components: {
        securitySchemes: {
          token: { type: 'apiKey', in: 'header', name: 'Authorization', description: '`Token <key>`' },
          session: { type: 'apiKey', in: 'cookie', name: 'murmur_session' },
          apiKey: API_KEY_SCHEME,
        },
      },
      security: [{ token: [] }, { session: [] }],
    },
    // A route for signed-in users only (`config: { auth: 'signed-in' }`, plugins/auth.ts) says so in
    // the document as the operation's `x-auth`, so the document lists exactly the routes declared so.
    transform: (input) => {
      const out = jsonSchemaTransform(input);
      const method = Array.isArray(input.route.method) ? input.route.method[0] : input.route.method;
      const key = keyRoutes[`${String(method)} ${input.url}`];
      const schema = {
        ...out.schema,
        ...(input.route.config?.auth === 'signed-in' && { 'x-auth': 'signed-in' }),
        ...(key && {
          'x-api-key-scope': key.scope,
          security: [{ apiKey: [] }, { token: [] }, { session: [] }],
        }),
      };
      return { ...out, schema };
    },
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/docs/public.json', { schema: { hide: true } }, () =>
    publicDocument(app.swagger() as unknown as OpenApiDocument),
  );
}
