import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { registerAuditRecorder } from './audit-recorder';
import { createAuditRepository } from './audit.repository';
import { auditRoutes } from './audit.routes';
import { createAuditService, type TeamAdminAccess } from './audit.service';

export type { AuditRecord, AuditService } from './audit.service';

/** The audit log (docs/SSO-AND-AUDIT.md): append-only, kept apart from the Activity feed. */
export function createAuditModule(deps: {
  db: Db;
  clock: Clock;
  teams: TeamAdminAccess;
  teamIdOf: (ref: string) => Promise<number | undefined>;
}) {
  const repo = createAuditRepository(deps.db);
  const auditService = createAuditService({ repo, teams: deps.teams, clock: deps.clock });
  return {
    auditService,
    async registerRoutes(app: FastifyInstance) {
      registerAuditRecorder(app, { record: auditService.record, teamIdOf: deps.teamIdOf, repo });
      await app.register(auditRoutes, { auditService });
    },
  };
}
