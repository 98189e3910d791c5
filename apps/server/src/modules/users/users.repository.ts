import { asc, eq } from 'drizzle-orm';
import type { Language } from '@murmur/core/api';
import type { Db } from '../../db/database';
import { noUserChanges, type UserChanges } from '../../lib/user-changes';
import { groups, memberships, socialAccounts, teams, userGroups, users, type UserRow } from '../../db/schema';

export type UsersRepository = ReturnType<typeof createUsersRepository>;

/** `changes` hears of every committed write, so cached views of the user are dropped (lib/auth-cache.ts). */
export function createUsersRepository(
  db: Db,
  changes: UserChanges = noUserChanges,
  options: { newUserGroups?: readonly string[] } = {},
) {
  const newUserGroups = options.newUserGroups ?? [];
  return {
    async findById(id: number): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id));
      return row;
    },

    async findByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.email, email));
      return row;
    },

    /** Registers an address, or returns the existing user if a parallel request registered it first. */
    async findOrCreate(email: string, language: Language): Promise<UserRow> {
      const created = await db
        .insert(users)
        .values({ email, language })
        .onConflictDoNothing({ target: users.email })
        .returning({ id: users.id });
      // Only the request that registered the address gives the new user its groups (config
      // creatorAccessForNewUsers); a parallel one finds the user and leaves them be.
      for (const name of created.length > 0 ? newUserGroups : []) {
        await db.insert(groups).values({ name }).onConflictDoNothing();
        const [group] = await db.select({ id: groups.id }).from(groups).where(eq(groups.name, name));
        if (group)
          await db
            .insert(userGroups)
            .values({ userId: created[0]!.id, groupId: group.id })
            .onConflictDoNothing();
      }
      const [row] = await db.select().from(users).where(eq(users.email, email));
      if (!row) throw new Error(`user ${email} vanished after insert`);
      return row;
    },

    async update(
      id: number,
      values: Partial<Pick<UserRow, 'firstName' | 'lastName' | 'language' | 'lastLogin'>>,
    ): Promise<void> {
      if (Object.keys(values).length === 0) return;
      await db.update(users).set(values).where(eq(users.id, id));
      changes.userChanged(id);
    },

    groupNames(userId: number) {
      return db
        .select({ name: groups.name })
        .from(userGroups)
        .innerJoin(groups, eq(groups.id, userGroups.groupId))
        .where(eq(userGroups.userId, userId))
        .orderBy(asc(groups.name));
    },

    socialAccounts(userId: number) {
      return db
        .select({ id: socialAccounts.id, provider: socialAccounts.provider })
        .from(socialAccounts)
        .where(eq(socialAccounts.userId, userId))
        .orderBy(asc(socialAccounts.id));
    },

    memberships(userId: number) {
      return db
        .select({
          id: memberships.id,
          level: memberships.level,
          team: { id: teams.id, name: teams.name, slug: teams.slug },
        })
        .from(memberships)
        .innerJoin(teams, eq(teams.id, memberships.teamId))
        .where(eq(memberships.userId, userId))
        .orderBy(asc(teams.name), asc(teams.id));
    },
  };
}
