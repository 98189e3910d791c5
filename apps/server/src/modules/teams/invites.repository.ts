import { and, asc, desc, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { noUserChanges, type UserChanges } from '../../lib/user-changes';
import { invites, memberships, users, type InviteRow } from '../../db/schema';

export type InviteWithLogin = { invite: InviteRow; lastLogin: Date | null };
export type InvitesRepository = ReturnType<typeof createInvitesRepository>;

/** `changes` hears of new memberships: `/api/user/me/` lists them (lib/auth-cache.ts). */
export function createInvitesRepository(db: Db, changes: UserChanges = noUserChanges) {
  return {
    async insert(values: {
      teamId: number;
      email: string;
      message: string;
      codeHash: string;
      invitedBy: number;
      created: Date;
      expiresAt: Date;
    }): Promise<InviteRow> {
      const [row] = await db.insert(invites).values(values).returning();
      if (!row) throw new Error('invite insert returned nothing');
      return row;
    },

    /** Invites of a team, newest first, with the last login of whoever accepted each. */
    list(teamId: number): Promise<InviteWithLogin[]> {
      return db
        .select({ invite: invites, lastLogin: users.lastLogin })
        .from(invites)
        .leftJoin(users, eq(users.id, invites.acceptedBy))
        .where(eq(invites.teamId, teamId))
        .orderBy(desc(invites.created), desc(invites.id));
    },

    /** Which of `emails` already belong to members of the team. */
    /** When the team's invitations since `since` were made, oldest first (one invitation, one mail). */
    async createdSince(teamId: number, since: Date): Promise<Date[]> {
      const rows = await db
        .select({ created: invites.created })
        .from(invites)
        .where(and(eq(invites.teamId, teamId), gt(invites.created, since)))
        .orderBy(asc(invites.created));
      return rows.map((r) => r.created);
    },

    async memberEmails(teamId: number, emails: string[]): Promise<string[]> {
      if (emails.length === 0) return [];
      const rows = await db
        .select({ email: users.email })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(and(eq(memberships.teamId, teamId), inArray(users.email, emails)));
      return rows.map((r) => r.email);
    },

    async findById(teamId: number, id: number): Promise<InviteRow | undefined> {
      const [row] = await db
        .select()
        .from(invites)
        .where(and(eq(invites.teamId, teamId), eq(invites.id, id)));
      return row;
    },

    /** Deletes an invitation not yet accepted (its code stops working); false when there is none. */
    async deleteOpen(teamId: number, id: number): Promise<boolean> {
      const rows = await db
        .delete(invites)
        .where(and(eq(invites.teamId, teamId), eq(invites.id, id), isNull(invites.acceptedAt)))
        .returning({ id: invites.id });
      return rows.length > 0;
    },

    async findOpenByCode(teamId: number, codeHash: string): Promise<InviteRow | undefined> {
      const [row] = await db
        .select()
        .from(invites)
        .where(and(eq(invites.teamId, teamId), eq(invites.codeHash, codeHash), isNull(invites.acceptedAt)));
      return row;
    },

    /**
     * Consumes the invite and makes the user a member, atomically. False when a parallel request
     * consumed it first: the `accepted_at IS NULL` condition is what makes a code work once.
     */
    async accept(inviteId: number, teamId: number, userId: number, now: Date): Promise<boolean> {
      const accepted = await db.transaction(async (tx) => {
        const taken = await tx
          .update(invites)
          .set({ acceptedBy: userId, acceptedAt: now })
          .where(and(eq(invites.id, inviteId), isNull(invites.acceptedAt)))
          .returning({ id: invites.id });
        if (taken.length === 0) return false;
        // Already a member: keep the existing membership (and its level), add no duplicate.
        await tx
          .insert(memberships)
          .values({ teamId, userId, level: 'member', joined: now })
          .onConflictDoNothing();
        return true;
      });
      if (accepted) changes.userChanged(userId);
      return accepted;
    },
  };
}
