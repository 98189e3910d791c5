import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { memberships, teamSso, teams, type TeamSsoRow } from '../../db/schema';
import { noUserChanges, type UserChanges } from '../../lib/user-changes';

export type SsoRepository = ReturnType<typeof createSsoRepository>;

/** `changes` hears of just-in-time memberships: `/api/user/me/` lists them (lib/auth-cache.ts). */
export function createSsoRepository(db: Db, changes: UserChanges = noUserChanges) {
  return {
    async find(teamId: number): Promise<TeamSsoRow | undefined> {
      const [row] = await db.select().from(teamSso).where(eq(teamSso.teamId, teamId));
      return row;
    },

    async save(row: TeamSsoRow): Promise<void> {
      const { teamId: _teamId, ...values } = row;
      await db.insert(teamSso).values(row).onConflictDoUpdate({ target: teamSso.teamId, set: values });
    },

    /** Enabled teams whose allowed domains include this one. */
    async enabledForDomain(domain: string) {
      return db
        .select({ teamId: teamSso.teamId, slug: teams.slug })
        .from(teamSso)
        .innerJoin(teams, eq(teams.id, teamSso.teamId))
        .where(and(eq(teamSso.enabled, true), sql`${teamSso.domains} @> ${JSON.stringify([domain])}::jsonb`));
    },

    /** Adds the user at `level` unless already a member (whose level stays); true when added. */
    async join(teamId: number, userId: number, level: TeamSsoRow['level'], now: Date): Promise<boolean> {
      const added = await db
        .insert(memberships)
        .values({ teamId, userId, level, joined: now })
        .onConflictDoNothing()
        .returning({ id: memberships.id });
      if (added.length > 0) changes.userChanged(userId);
      return added.length > 0;
    },

    async isMember(teamId: number, userId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: memberships.id })
        .from(memberships)
        .where(and(eq(memberships.teamId, teamId), eq(memberships.userId, userId)));
      return row !== undefined;
    },
  };
}
