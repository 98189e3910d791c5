import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { registerActivityRecorder, type RecordedActivity } from './activity-recorder';
export type { RecordedActivity } from './activity-recorder';
import { createActivityRepository } from './activity.repository';
import { activityRoutes } from './activity.routes';
import { createActivityService, type TeamAccess } from './activity.service';

/** The audit log: recorded from the watched routes' answers, read as each team's Activity feed. */
export function createActivityModule(deps: {
  db: Db;
  clock: Clock;
  teams: TeamAccess;
  /** A team slug or id → its id, whoever asks (the recorder already knows the caller was allowed). */
  teamIdOf: (ref: string) => Promise<number | undefined>;
  /** Told of each recorded entry (activity-recorder.ts), e.g. the team webhooks. */
  onRecorded?: ((entry: RecordedActivity) => void) | undefined;
}) {
  const repo = createActivityRepository(deps.db);
  const activityService = createActivityService({ repo, teams: deps.teams, clock: deps.clock });
  return {
    activityService,
    async registerRoutes(app: FastifyInstance) {
      registerActivityRecorder(app, {
        recordActivity: activityService.recordActivity,
        teamIdOf: deps.teamIdOf,
        onRecorded: deps.onRecorded,
        audience: (id) => repo.audience(id),
        campaign: (id) => repo.campaign(id),
        grant: (id) => repo.grant(id),
        teamOfMembership: (id) => repo.teamOfMembership(id),
        invite: (id) => repo.invite(id),
        socialProvider: (id) => repo.socialProvider(id),
      });
      await app.register(activityRoutes, { activityService });
    },
  };
}
