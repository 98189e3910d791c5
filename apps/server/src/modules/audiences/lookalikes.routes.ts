import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  audienceConfigSchema,
  jobResponseSchema,
  jobWaitQuerySchema,
  lookalikeRequestSchema,
  saveLookalikeSchema,
} from '@murmur/core/api';
import type { JobQueue } from '../../jobs/jobs';
import { jobCaller } from '../../jobs/job-caller';
import { sendJob, wantsWait } from '../../jobs/job-response';
import { errorResponses } from '../../lib/http';
import { requireUser } from '../../plugins/auth';
import type { LookalikesService } from './lookalikes.service';

const tags = ['audiences'];

/** Lookalikes of a seed (docs/API-AUDIENCES.md "Lookalikes"): the job, and saving one as an audience. */
export const lookalikesRoutes: FastifyPluginCallbackZod<{
  lookalikesService: LookalikesService;
  jobs: JobQueue;
}> = (app, { lookalikesService, jobs }, done) => {
  app.post(
    '/api/audience-configs/lookalikes/',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary: 'Build a lookalike of a seed (a job): held-out recall per size, reasons per sampled account',
        querystring: jobWaitQuerySchema,
        body: lookalikeRequestSchema,
        response: {
          200: jobResponseSchema,
          202: jobResponseSchema,
          ...errorResponses(400, 403, 404, 429, 503),
        },
      },
    },
    async (request, reply) => {
      const job = await lookalikesService.start(requireUser(request), request.body, jobCaller(request));
      return sendJob(reply, jobs, job, wantsWait(request.query));
    },
  );

  app.post(
    '/api/audience-configs/lookalikes/save/',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary: 'Save one size of a lookalike as an audience (estimated and uploaded like any other)',
        body: saveLookalikeSchema,
        response: { 201: audienceConfigSchema, ...errorResponses(400, 403, 404, 503) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await lookalikesService.save(requireUser(request), request.body)),
  );
  done();
};
