import type { FastifyReply } from 'fastify';
import type { JobQueue, JobView } from './jobs';

/** docs/API-AUDIENCES.md: `?wait=1` waits this long for the result. */
export const WAIT_MS = 10_000;

export const wantsWait = (query: { wait?: string | undefined }) =>
  query.wait === '1' || query.wait === 'true';

/**
 * Answers a job POST: 202 `{job}` at once, or with `?wait=1` the job after it finished (200) or
 * after WAIT_MS (still 202 while it runs). Any module starting jobs answers through this.
 * A long-polling client that disconnects stops the wait, which cancels the job when nobody else
 * asked for it meanwhile (jobs/job-tracker.ts).
 */
export async function sendJob(reply: FastifyReply, jobs: JobQueue, job: JobView, wait: boolean) {
  if (!wait) return reply.status(202).send({ job });
  const client = new AbortController();
  const onClose = () => {
    if (!reply.raw.writableFinished) client.abort();
  };
  reply.raw.once('close', onClose);
  let waited: JobView;
  try {
    waited = (await jobs.wait(job.id, WAIT_MS, client.signal)) ?? job;
  } finally {
    reply.raw.off('close', onClose);
  }
  const finished = waited.state === 'done' || waited.state === 'failed';
  return reply.status(finished ? 200 : 202).send({ job: waited });
}
