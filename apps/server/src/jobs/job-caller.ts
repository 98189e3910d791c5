import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import type { JobCaller } from './jobs';

/**
 * Who starts a job, for the caps of jobs/job-tracker.ts: the signed-in user (and the team whose
 * audience the job reads, when there is one), else the client's IP address (`request.ip`, which
 * trusts X-Forwarded-For only in production, behind the load balancer). The extension and
 * pro-targeting tokens are shipped inside clients, so they count as signed out. IPv6 addresses
 * count by /64, as the rate limits count them (one host usually holds the whole /64).
 */
export function jobCaller(request: FastifyRequest, teamId?: number): JobCaller {
  const principal = request.principal;
  const ip = normalizeIP(request.ip);
  if (principal.kind !== 'user') return { ip };
  return { ip, userId: principal.user.id, ...(teamId !== undefined && { teamId }) };
}
