import type { ActivityKind, ActivityList, Metrics } from '@murmur/core/api';
import type { Clock } from '../../lib/clock';
import type { UserRow } from '../../db/schema';
import type { ActivityRepository, NewActivity } from './activity.repository';

/** Reaching a team through the caller's membership (modules/teams): non-members get its 404. */
export interface TeamAccess {
  access(user: UserRow, teamRef: string): Promise<{ team: { id: number } }>;
}

export type ActivityService = ReturnType<typeof createActivityService>;

/** The Activity feed (SPEC §2): the team's audit log, written by the server as things happen. */
export function createActivityService(deps: { repo: ActivityRepository; teams: TeamAccess; clock: Clock }) {
  const { repo, teams, clock } = deps;
  return {
    /** Records one entry; what is recorded is listed in activity-recorder.ts. */
    recordActivity: (entry: Omit<NewActivity, 'created'>) => repo.insert({ ...entry, created: clock.now() }),

    /** SPEC §7 /api/metrics/: the team's recorded activity counted per kind, for members. */
    async metrics(user: UserRow, teamRef: string, days: number): Promise<Metrics> {
      const { team } = await teams.access(user, teamRef);
      const since = new Date(clock.now().getTime() - days * 24 * 60 * 60 * 1000);
      const [counts, members] = await Promise.all([
        repo.countsByKind(team.id, since),
        repo.memberCount(team.id),
      ]);
      return { team: teamRef, members, days, counts };
    },

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
