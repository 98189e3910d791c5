import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The OpenAPI document is generated from the routes' zod schemas (ARCHITECTURE §4). */
export async function registerDocs(app: FastifyInstance): Promise<void> {
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
        },
      },
      security: [{ token: [] }, { session: [] }],
    },
    // A route for signed-in users only (`config: { auth: 'signed-in' }`, plugins/auth.ts) says so in
    // the document as the operation's `x-auth`, so the document lists exactly the routes declared so.
    transform: (input) => {
      const out = jsonSchemaTransform(input);
      return input.route.config?.auth === 'signed-in'
        ? { ...out, schema: { ...out.schema, 'x-auth': 'signed-in' } }
        : out;
    },
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
}
