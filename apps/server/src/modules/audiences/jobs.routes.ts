import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { engineStatusSchema, jobSchema, type EngineStatus } from '@murmur/core/api';
import type { EngineHolder } from '../../engine/engine-holder';
import { NotFound } from '../../errors';
import type { JobQueue } from '../../jobs/jobs';
import { errorResponses } from '../../lib/http';

function engineStatus(engine: EngineHolder): EngineStatus {
  const s = engine.status();
  switch (s.state) {
    case 'loading': {
      const progress = s.totalRecords ? Math.min(99, Math.floor((100 * s.records) / s.totalRecords)) : 0;
      return { state: 'loading', progress, accounts: null, message: null };
    }
    case 'ready':
      return { state: 'ready', progress: 100, accounts: s.accounts, message: null };
    case 'failed':
      return { state: 'failed', progress: 0, accounts: null, message: s.message };
  }
}

/** Public: the engine's loading state and the jobs clients poll (ids are unguessable). */
export const jobsRoutes: FastifyPluginCallbackZod<{ engine: EngineHolder; jobs: JobQueue }> = (
  app,
  { engine, jobs },
  done,
) => {
  const tags = ['audiences'];

  app.get(
    '/api/engine/status/',
    {
      schema: {
        tags,
        summary: 'Whether the audience engine is loading, ready or failed',
        response: { 200: engineStatusSchema },
      },
    },
    () => engineStatus(engine),
  );

  app.get(
    '/api/jobs/:id/',
    {
      schema: {
        tags,
        summary:
          'A job: state, progress, stage and, once done, its result; 404 once unknown or expired (1 h)',
        params: z.object({ id: z.string().min(1).max(100) }),
        response: { 200: jobSchema, ...errorResponses(404) },
      },
    },
    async (request) => {
      const job = await jobs.get(request.params.id);
      if (!job) throw new NotFound();
      return job;
    },
  );
  done();
};
