import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import type { UserChanges } from '../../lib/user-changes';
import { createStaffRepository } from './staff.repository';
import { staffRoutes } from './staff.routes';
import { createStaffService, isInternalStaff } from './staff.service';

/** SPEC §6 staff: internal staff told by address domain, and the staff-only routes. */
export function createStaffModule(deps: { db: Db; changes: UserChanges; staffDomains: readonly string[] }) {
  const staffService = createStaffService({
    repo: createStaffRepository(deps.db, deps.changes),
    staffDomains: deps.staffDomains,
  });
  return {
    staffService,
    isStaffEmail: (email: string) => isInternalStaff(email, deps.staffDomains),
    async registerRoutes(app: FastifyInstance) {
      await app.register(staffRoutes, { staffService });
    },
  };
}
