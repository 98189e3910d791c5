import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  agencyOverviewSchema,
  reportScheduleInputSchema,
  reportScheduleSchema,
  reportSentSchema,
} from '@murmur/core/api';
import { errorResponses } from '../../lib/http';
import { requireUser } from '../../plugins/auth';
import type { AgencyService } from './agency.service';
import type { ReportService } from './report.service';

const params = z.object({ team_id: z.string().max(100).describe('The numeric team id or its slug') });

/** The agency view and each client team's scheduled report (docs/AGENCY.md). */
export const agencyRoutes: FastifyPluginCallbackZod<{
  agencyService: AgencyService;
  reportService: ReportService;
}> = (app, { agencyService, reportService }, done) => {
  const tags = ['agency'];

  app.get(
    '/api/agency/',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary:
          "The caller's teams with their granted ad accounts, active audiences, uploads to X and campaigns' delivery",
        response: { 200: agencyOverviewSchema, ...errorResponses(403) },
      },
    },
    (request) => agencyService.overview(requireUser(request)),
  );

  app.get(
    '/api/teams/:team_id/report-schedule/',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary: "The team's scheduled report (admins); 404 when none is set",
        params,
        response: { 200: reportScheduleSchema, ...errorResponses(403, 404) },
      },
    },
    (request) => reportService.get(requireUser(request), request.params.team_id),
  );

  app.put(
    '/api/teams/:team_id/report-schedule/',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary: "Set the team's weekly or monthly report: when, to whom, language and branding (admins)",
        params,
        body: reportScheduleInputSchema,
        response: { 200: reportScheduleSchema, ...errorResponses(400, 403, 404) },
      },
    },
    (request) => reportService.put(requireUser(request), request.params.team_id, request.body),
  );

  app.delete(
    '/api/teams/:team_id/report-schedule/',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary: "Stop the team's scheduled report (admins)",
        params,
        response: { 204: z.null(), ...errorResponses(403, 404) },
      },
    },
    async (request, reply) => {
      await reportService.remove(requireUser(request), request.params.team_id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/teams/:team_id/report-schedule/send/',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary: 'Send the report of the period so far to its recipients now (admins; a test)',
        params,
        response: { 200: reportSentSchema, ...errorResponses(403, 404) },
      },
    },
    (request) => reportService.sendNow(requireUser(request), request.params.team_id),
  );

  done();
};
