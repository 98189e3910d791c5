import { eq, inArray, or, type SQL } from 'drizzle-orm';
import type { Db } from './database';
import { audienceConfigs, memberships } from './schema';

/**
 * docs/API-AUDIENCES.md: a config is readable (and writable) by its creator and, when it belongs
 * to a team, by that team's members. Every query of a config by a user goes through this rule; its
 * SQL is snapshotted in access-rules.test.ts, so a change to who can read what shows in review.
 */
export const readableBy = (db: Db, userId: number): SQL =>
  or(
    eq(audienceConfigs.ownerId, userId),
    inArray(
      audienceConfigs.teamId,
      db.select({ id: memberships.teamId }).from(memberships).where(eq(memberships.userId, userId)),
    ),
  )!;
