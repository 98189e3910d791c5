import type { FastifyInstance } from 'fastify';
import { helpRoutes } from './help.routes';
import { createHelpService } from './help.service';

/** SPEC §7 help: the help centre's entries. */
export function createHelpModule(deps: Parameters<typeof createHelpService>[0] = {}) {
  const helpService = createHelpService(deps);
  return {
    helpService,
    async registerRoutes(app: FastifyInstance) {
      await app.register(helpRoutes, { helpService });
    },
  };
}
