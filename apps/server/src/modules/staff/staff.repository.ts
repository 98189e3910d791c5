import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { groups, userGroups, users } from '../../db/schema';
import type { UserChanges } from '../../lib/user-changes';

export type StaffRepository = ReturnType<typeof createStaffRepository>;

/** Group membership, as staff change it; every write is reported to the user caches. */
export function createStaffRepository(db: Db, changes: UserChanges) {
  const groupsOf = (userId: number) =>
    db
      .select({ name: groups.name })
      .from(userGroups)
      .innerJoin(groups, eq(groups.id, userGroups.groupId))
      .where(eq(userGroups.userId, userId))
      .orderBy(asc(groups.name));

  return {
    groupsOf,

    async userByEmail(email: string): Promise<{ id: number; email: string } | undefined> {
      const [row] = await db
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
        .limit(1);
      return row;
    },

    async addToGroup(userId: number, name: string): Promise<void> {
      await db.insert(groups).values({ name }).onConflictDoNothing();
      const [group] = await db.select({ id: groups.id }).from(groups).where(eq(groups.name, name));
      await db.insert(userGroups).values({ userId, groupId: group!.id }).onConflictDoNothing();
      changes.userChanged(userId);
    },

    async removeFromGroup(userId: number, name: string): Promise<void> {
      const [group] = await db.select({ id: groups.id }).from(groups).where(eq(groups.name, name));
      if (group === undefined) return;
      await db.delete(userGroups).where(and(eq(userGroups.userId, userId), eq(userGroups.groupId, group.id)));
      changes.userChanged(userId);
    },
  };
}
