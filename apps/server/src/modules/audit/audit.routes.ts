import type { FastifyReply } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { Readable } from 'node:stream';
import { z } from 'zod';
import { auditListSchema, auditQuerySchema } from '@murmur/core/api';
import { errorResponses } from '../../lib/http';
import { requireUser } from '../../plugins/auth';
import type { AuditFilter } from './audit.repository';
import type { AuditService } from './audit.service';

const teamParams = z.object({ slug: z.string().max(100).describe('The team slug or its numeric id') });
const csvQuerySchema = auditQuerySchema.omit({ limit: true, offset: true });

/** A date alone (`2026-11-25`) is the whole day: `from` at its start, `to` at its end (UTC). */
const dateOf = (value: string | undefined, end: boolean): Date | undefined => {
  if (!value) return undefined;
  return new Date(
    /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T${end ? '23:59:59.999' : '00:00:00'}Z` : value,
  );
};
const filterOf = (q: z.output<typeof csvQuerySchema>): AuditFilter => ({
  q: q.q || undefined,
  action: q.action || undefined,
  actor: q.actor || undefined,
  from: dateOf(q.from, false),
  to: dateOf(q.to, true),
});

/**
 * A team's audit log, for its admins (members get 403, others the team's 404). Read-only: there is
 * no route that updates or deletes an entry.
 */
export const auditRoutes: FastifyPluginCallbackZod<{ auditService: AuditService }> = (
  app,
  { auditService },
  done,
) => {
  app.get(
    '/api/teams/:slug/audit-log/',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags: ['audit'],
        summary: "The team's audit log, newest first: search, action, actor and time filters (admins only)",
        params: teamParams,
        querystring: auditQuerySchema,
        response: { 200: auditListSchema, ...errorResponses(400, 403, 404) },
      },
    },
    (request) =>
      auditService.list(requireUser(request), request.params.slug, filterOf(request.query), {
        limit: request.query.limit,
        offset: request.query.offset,
      }),
  );

  app.get(
    '/api/teams/:slug/audit-log.csv',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags: ['audit'],
        summary: "The team's audit log as CSV with the same filters (admins only)",
        params: teamParams,
        querystring: csvQuerySchema,
        response: { 200: z.string(), ...errorResponses(400, 403, 404) },
      },
    },
    async (request, reply) => {
      const csv = await auditService.csv(requireUser(request), request.params.slug, filterOf(request.query));
      // A stream, which Fastify sends as is (not through the response schema's serializer).
      return (reply as FastifyReply)
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit-log-${request.params.slug}.csv"`)
        .send(Readable.from(csv));
    },
  );
  done();
};
