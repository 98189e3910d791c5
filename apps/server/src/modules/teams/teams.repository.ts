import { and, asc, count, desc, eq, inArray, like, or } from 'drizzle-orm';
import type { CreateGrantedAccount } from '@murmur/core/api';
import type { Db } from '../../db/database';
import { noUserChanges, type UserChanges } from '../../lib/user-changes';
import {
  adAccounts,
  grantedAccounts,
  memberships,
  subscriptions,
  teams,
  users,
  type MembershipRow,
  type TeamRow,
} from '../../db/schema';

export type TeamRef = { id: number } | { slug: string };
/** An ad account on its network, as a grant names it (SPEC §3). */
export type AccountRef = CreateGrantedAccount['account'];
export type TeamChanges = Partial<
  Pick<TeamRow, 'name' | 'logo' | 'invoiceEmail' | 'country' | 'invoiceName'>
>;
export type TeamsRepository = ReturnType<typeof createTeamsRepository>;

/**
 * docs/API.md team isolation: a team is reached only through the caller's membership of it (no row
 * for a non-member, who gets the same 404 as for a missing team). SQL snapshotted in
 * team-access-rules.test.ts, so a change to who reaches a team shows in review.
 */
export const teamWithMembership = (db: Db, ref: TeamRef, userId: number) =>
  db
    .select({ team: teams, membership: memberships })
    .from(teams)
    .innerJoin(memberships, and(eq(memberships.teamId, teams.id), eq(memberships.userId, userId)))
    .where('id' in ref ? eq(teams.id, ref.id) : eq(teams.slug, ref.slug));

/** `changes` hears of memberships and renames: `/api/user/me/` shows both (lib/auth-cache.ts). */
export function createTeamsRepository(db: Db, changes: UserChanges = noUserChanges) {
  return {
    /** The team and the user's membership of it; no row when either is missing. */
    async findWithMembership(ref: TeamRef, userId: number) {
      const [row] = await teamWithMembership(db, ref, userId);
      return row;
    },

    async findBySlug(slug: string): Promise<TeamRow | undefined> {
      const [row] = await db.select().from(teams).where(eq(teams.slug, slug));
      return row;
    },

    async findByRef(ref: TeamRef): Promise<TeamRow | undefined> {
      const [row] = await db
        .select()
        .from(teams)
        .where('id' in ref ? eq(teams.id, ref.id) : eq(teams.slug, ref.slug));
      return row;
    },

    teamsOfUser(userId: number): Promise<TeamRow[]> {
      return db
        .select({ team: teams })
        .from(teams)
        .innerJoin(memberships, eq(memberships.teamId, teams.id))
        .where(eq(memberships.userId, userId))
        .orderBy(asc(teams.name), asc(teams.id))
        .then((rows) => rows.map((r) => r.team));
    },

    /** member_count and subscriptions (latest start first) of the given teams. */
    async extras(teamIds: number[]) {
      if (teamIds.length === 0) return { counts: new Map<number, number>(), subs: [] };
      const countRows = await db
        .select({ teamId: memberships.teamId, n: count() })
        .from(memberships)
        .where(inArray(memberships.teamId, teamIds))
        .groupBy(memberships.teamId);
      const subs = await db
        .select()
        .from(subscriptions)
        .where(inArray(subscriptions.teamId, teamIds))
        .orderBy(desc(subscriptions.start), desc(subscriptions.id));
      return { counts: new Map(countRows.map((r) => [r.teamId, r.n])), subs };
    },

    /** Slugs equal to `base` or `base-<n>`, to pick the next free suffix. */
    async slugsLike(base: string): Promise<string[]> {
      const rows = await db
        .select({ slug: teams.slug })
        .from(teams)
        .where(or(eq(teams.slug, base), like(teams.slug, `${base}-%`)));
      return rows.map((r) => r.slug);
    },

    /** Creates the team with its creator as admin and grants their chosen ad accounts, all or nothing. */
    async create(input: { name: string; slug: string; userId: number; accounts: AccountRef[]; now: Date }) {
      const created = await db.transaction(async (tx) => {
        const [team] = await tx
          .insert(teams)
          .values({ name: input.name, slug: input.slug, created: input.now })
          .returning();
        if (!team) throw new Error('team insert returned nothing');
        const [membership] = await tx
          .insert(memberships)
          .values({ teamId: team.id, userId: input.userId, level: 'admin', joined: input.now })
          .returning();
        if (!membership) throw new Error('membership insert returned nothing');
        if (input.accounts.length > 0) {
          await tx
            .insert(grantedAccounts)
            .values(
              input.accounts.map((a) => ({
                membershipId: membership.id,
                network: a.network,
                accountId: a.account_id,
              })),
            )
            .onConflictDoNothing();
        }
        return team;
      });
      changes.userChanged(input.userId);
      return created;
    },

    async update(id: number, teamChanges: TeamChanges): Promise<TeamRow> {
      if (Object.keys(teamChanges).length > 0) {
        await db.update(teams).set(teamChanges).where(eq(teams.id, id));
        // Every member's memberships show the team's name (a rare write: forget every cached user).
        if (teamChanges.name !== undefined) changes.everyoneChanged();
      }
      const [row] = await db.select().from(teams).where(eq(teams.id, id));
      if (!row) throw new Error(`team ${id} vanished during update`);
      return row;
    },

    members: (teamId: number) => membersOf(db, teamId),

    /**
     * Removes a membership or changes its level, under a lock on the team's row so that two admins
     * acting at once cannot leave the team without one. `last-admin` when the change would.
     * Removing a membership ends the ad-account grants made through it (granted_accounts cascade).
     */
    async changeMembership(
      teamId: number,
      membershipId: number,
      change: { remove: true } | { level: MembershipRow['level'] },
    ): Promise<{ outcome: 'done' | 'missing' | 'last-admin'; member?: MembershipRow }> {
      const result = await db.transaction(async (tx) => {
        await tx.select({ id: teams.id }).from(teams).where(eq(teams.id, teamId)).for('update');
        const [member] = await tx
          .select()
          .from(memberships)
          .where(and(eq(memberships.id, membershipId), eq(memberships.teamId, teamId)));
        if (!member) return { outcome: 'missing' as const };
        const stepsDown = member.level === 'admin' && ('remove' in change || change.level !== 'admin');
        if (stepsDown) {
          const [admins] = await tx
            .select({ n: count() })
            .from(memberships)
            .where(and(eq(memberships.teamId, teamId), eq(memberships.level, 'admin')));
          if ((admins?.n ?? 0) <= 1) return { outcome: 'last-admin' as const, member };
        }
        if ('remove' in change) await tx.delete(memberships).where(eq(memberships.id, member.id));
        else await tx.update(memberships).set({ level: change.level }).where(eq(memberships.id, member.id));
        return { outcome: 'done' as const, member };
      });
      if (result.outcome === 'done' && result.member) changes.userChanged(result.member.userId);
      return result;
    },

    /** Makes `toId` an admin and `fromId` a plain member, together (false: `toId` is not a member). */
    async transfer(teamId: number, fromId: number, toId: number): Promise<MembershipRow | undefined> {
      const target = await db.transaction(async (tx) => {
        await tx.select({ id: teams.id }).from(teams).where(eq(teams.id, teamId)).for('update');
        const [to] = await tx
          .update(memberships)
          .set({ level: 'admin' })
          .where(and(eq(memberships.id, toId), eq(memberships.teamId, teamId)))
          .returning();
        if (!to) return undefined;
        await tx
          .update(memberships)
          .set({ level: 'member' })
          .where(and(eq(memberships.id, fromId), eq(memberships.teamId, teamId)));
        return to;
      });
      if (target) changes.everyoneChanged();
      return target;
    },

    /** Deletes the team and, by cascade, everything it holds (docs/API.md "Team lifecycle"). */
    async remove(teamId: number): Promise<void> {
      await db.delete(teams).where(eq(teams.id, teamId));
      changes.everyoneChanged();
    },

    grants: (teamId: number) => grantsOf(db, teamId),
  };
}

/** A team's members with their users, first joined first. */
const membersOf = (db: Db, teamId: number) =>
  db
    .select({ membership: memberships, user: users })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.teamId, teamId))
    .orderBy(asc(memberships.joined), asc(memberships.id));

/**
 * The ad accounts granted to a team's members, one row per grant, each named as the granting
 * member's own ad account list names it.
 */
const grantsOf = (db: Db, teamId: number) =>
  db
    .select({
      id: grantedAccounts.id,
      member: grantedAccounts.membershipId,
      account: { account_id: grantedAccounts.accountId, network: grantedAccounts.network },
      name: adAccounts.name,
    })
    .from(grantedAccounts)
    .innerJoin(memberships, eq(memberships.id, grantedAccounts.membershipId))
    .leftJoin(
      adAccounts,
      and(
        eq(adAccounts.userId, memberships.userId),
        eq(adAccounts.network, grantedAccounts.network),
        eq(adAccounts.accountId, grantedAccounts.accountId),
      ),
    )
    .where(eq(memberships.teamId, teamId))
    .orderBy(asc(grantedAccounts.id));

export type { MembershipRow, TeamRow };
