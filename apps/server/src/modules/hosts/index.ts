import type { FastifyInstance } from 'fastify';
import { hostsRoutes } from './hosts.routes';

type HostsOptions = Parameters<typeof hostsRoutes>[1];

/** The team a host name belongs to (SPEC §1 team hosts), before anyone signs in. */
export function createHostsModule(deps: { findTeamBySlug: HostsOptions['findTeamBySlug'] }) {
  return {
    async registerRoutes(app: FastifyInstance) {
      await app.register(hostsRoutes, { findTeamBySlug: deps.findTeamBySlug });
    },
  };
}
