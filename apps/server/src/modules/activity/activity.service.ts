import type { ActivityKind, ActivityList } from '@murmur/core/api';
import type { UserRow } from '../../db/schema';
import type { ActivityRepository, NewActivity } from './activity.repository';

/** Reaching a team through the caller's membership (modules/teams): non-members get its 404. */
export interface TeamAccess {
  access(user: UserRow, teamRef: string): Promise<{ team: { id: number } }>;
}

export type ActivityService = ReturnType<typeof createActivityService>;

/** The Activity feed (SPEC §2): the team's audit log, written by the server as things happen. */
export function createActivityService(deps: { repo: ActivityRepository; teams: TeamAccess }) {
  const { repo, teams } = deps;
  return {
    /** Records one entry; what is recorded is listed in activity-recorder.ts. */
    recordActivity: (entry: NewActivity) => repo.insert(entry),

    async list(
      user: UserRow,
      teamRef: string,
      query: { kind?: ActivityKind | undefined; limit: number; offset: number },
    ): Promise<ActivityList> {
      const { team } = await teams.access(user, teamRef);
      const { rows, total } = await repo.list(team.id, query);
      return {
        count: total,
        results: rows.map(({ entry, user: u }) => ({
          id: entry.id,
          kind: entry.kind,
          subject: entry.subject,
          created: entry.created.toISOString(),
          user: u ? { id: u.id, email: u.email, first_name: u.firstName, last_name: u.lastName } : null,
        })),
      };
    },
  };
}
