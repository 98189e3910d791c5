import type { FastifyRequest } from 'fastify';
import type { JobCaller } from './jobs';

/**
 * Who starts a job, for the caps of jobs/job-tracker.ts: the signed-in user (and the team whose
 * audience the job reads, when there is one), else the client's IP address (`request.ip`, which
 * trusts X-Forwarded-For only in production, behind the load balancer). The extension and
 * pro-targeting tokens are shipped inside clients, so they count as signed out.
 */
export function jobCaller(request: FastifyRequest, teamId?: number): JobCaller {
  const principal = request.principal;
  if (principal.kind !== 'user') return { ip: request.ip };
  return { ip: request.ip, userId: principal.user.id, ...(teamId !== undefined && { teamId }) };
}
