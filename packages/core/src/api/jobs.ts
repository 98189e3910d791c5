import { z } from 'zod';
import { isoDateTime } from './common';

// Jobs of docs/API-AUDIENCES.md: long work the client polls, and the `?wait=1` of the routes that start it.

export const jobStateSchema = z.enum(['queued', 'running', 'done', 'failed']);
/** Long work the client polls (GET /api/jobs/{id}/ every 500 ms). `result` depends on `kind`. */
export const jobSchema = z.object({
  id: z.string(),
  kind: z.string(),
  state: jobStateSchema,
  progress: z.number().int().min(0).max(100),
  stage: z.string(),
  result: z.unknown(),
  error: z.string().nullable(),
  created: isoDateTime,
  updated: isoDateTime,
});
export type Job = z.infer<typeof jobSchema>;
export const jobResponseSchema = z.object({ job: jobSchema });
/** A job whose result is known from the route that started it (the schema says `unknown`). */
export type JobOf<R> = Omit<Job, 'result'> & { result: R | null };
/** What a job POST answers (202, or 200 with `?wait=1`), its result known by the route. */
export interface JobStarted<R> {
  job: JobOf<R>;
}
/** `?wait=1` on a job POST waits up to 10 s and answers 200 with the finished job. */
export const jobWaitQuerySchema = z.object({ wait: z.enum(['0', '1', 'true', 'false']).optional() });
