import type { FastifyInstance } from 'fastify';
import { iconsRoutes } from './icons.routes';

/** SPEC §7 /api/iconography/ and /api/icons/: the icon set; no collaborators. */
export function createIconsModule() {
  return {
    async registerRoutes(app: FastifyInstance) {
      await app.register(iconsRoutes);
    },
  };
}
