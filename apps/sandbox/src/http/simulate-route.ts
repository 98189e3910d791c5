import type { FastifyInstance } from 'fastify';
import type { Network } from '../network';
import { advance } from '../simulate/tick';

/** At most 30 simulated days per call (a day of ticks takes well under a second at 2 000 accounts). */
const MAX_HOURS = 24 * 30;

/**
 * POST /simulate/advance {hours}: lets simulated time pass — people post, engage, follow and
 * unfollow — so a journey can sync, let time pass and sync again. The sandbox is a development
 * stand-in (never mounted in production), so anyone who can reach it may move its clock.
 */
export function registerSimulateRoute(app: FastifyInstance, network: Network): void {
  app.post('/simulate/advance', (request, reply) => {
    const body = (request.body ?? {}) as { hours?: unknown };
    const hours = body.hours;
    if (typeof hours !== 'number' || !Number.isInteger(hours) || hours < 1 || hours > MAX_HOURS)
      return reply.code(400).send({ hours: [`A whole number of hours from 1 to ${MAX_HOURS}.`] });
    const ticks = Math.round((hours * 3600) / network.config.tickSeconds);
    advance(network, ticks);
    return reply.send({ now: new Date(network.clock.now * 1000).toISOString(), ticks });
  });
}
