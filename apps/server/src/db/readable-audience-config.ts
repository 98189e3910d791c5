import { and, eq, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { Db } from './database';
import { audienceConfigs, memberships } from './schema';

/**
 * docs/API-AUDIENCES.md: a personal config is readable (and writable) by its creator; a team's
 * config by that team's current members only, so a member removed from the team (or who left it)
 * no longer reaches the team's configs, their own included (docs/API.md "Team lifecycle"). Every query of a config by a user goes through this rule; its
 * SQL is snapshotted in access-rules.test.ts, so a change to who can read what shows in review.
 */
export const readableBy = (db: Db, userId: number): SQL =>
  or(
    and(eq(audienceConfigs.ownerId, userId), isNull(audienceConfigs.teamId)),
    inArray(
      audienceConfigs.teamId,
      db.select({ id: memberships.teamId }).from(memberships).where(eq(memberships.userId, userId)),
    ),
  )!;
