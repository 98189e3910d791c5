import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  jobResponseSchema,
  jobWaitQuerySchema,
  overlapRequestSchema,
  pushedReachPlanSchema,
  pushReachPlanSchema,
} from '@murmur/core/api';
import { jobCaller } from '../../jobs/job-caller';
import { sendJob, wantsWait } from '../../jobs/job-response';
import type { JobQueue } from '../../jobs/jobs';
import { errorResponses } from '../../lib/http';
import { pkParams } from '../../lib/resource-routes';
import { requireUser } from '../../plugins/auth';
import type { AudienceOverlapService } from './audience-overlap.service';
import type { ReachPushService } from './reach-push.service';

const tags = ['audiences'];

/** The overlap of 2–50 audiences (a job) and a saved reach plan pushed to X (docs/API-AUDIENCES.md). */
export const audienceOverlapRoutes: FastifyPluginCallbackZod<{
  overlapService: AudienceOverlapService;
  reachPushService: ReachPushService;
  jobs: JobQueue;
}> = (app, { overlapService, reachPushService, jobs }, done) => {
  app.post(
    '/api/audience-configs/overlap/',
    {
      schema: {
        tags,
        summary:
          'Overlap of 2–50 audiences (a job): pairs, unique shares, union, largest combinations and the reach plan',
        querystring: jobWaitQuerySchema,
        body: overlapRequestSchema,
        response: {
          200: jobResponseSchema,
          202: jobResponseSchema,
          ...errorResponses(400, 403, 404, 429, 503),
        },
      },
    },
    async (request, reply) => {
      const job = await overlapService.startOverlap(requireUser(request), request.body, jobCaller(request));
      return sendJob(reply, jobs, job, wantsWait(request.query));
    },
  );

  app.post(
    '/api/audience-plan/:pk/push/',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary:
          "Push a plan's audiences to X: the union as one custom audience, or one per step without the earlier",
        params: pkParams,
        body: pushReachPlanSchema,
        response: { 201: pushedReachPlanSchema, ...errorResponses(400, 403, 404) },
      },
    },
    async (request, reply) => {
      const pushed = await reachPushService.push(requireUser(request), request.params.pk, request.body);
      return reply.code(201).send(pushed);
    },
  );
  done();
};
