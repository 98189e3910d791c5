import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database';
import {
  adCreatives,
  adMedia,
  audienceConfigs,
  audienceUsages,
  billingInvoices,
  campaigns,
  listShareLinks,
  listShareOffers,
  memberships,
  premiumSubscriptions,
  sessions,
  socialAccounts,
  subscriptions,
  teams,
  uploadedAudiences,
  userTokens,
  users,
  type UserRow,
} from '../../db/schema';

export type AccountRepository = ReturnType<typeof createAccountRepository>;

/** A team the user belongs to, with what deleting the user would do to it. */
export interface TeamOfUser {
  id: number;
  name: string;
  slug: string;
  level: 'admin' | 'member';
  joined: Date;
  /** Other members. */
  others: number;
  /** Other admins. */
  otherAdmins: number;
}

/** "Download my data" and account deletion (docs/API.md "Your data and account deletion"). */
export function createAccountRepository(db: Db) {
  return {
    async teamsOf(userId: number): Promise<TeamOfUser[]> {
      const mine = await db
        .select({
          id: teams.id,
          name: teams.name,
          slug: teams.slug,
          level: memberships.level,
          joined: memberships.joined,
        })
        .from(memberships)
        .innerJoin(teams, eq(teams.id, memberships.teamId))
        .where(eq(memberships.userId, userId))
        .orderBy(asc(teams.id));
      if (mine.length === 0) return [];
      const others = await db
        .select({
          teamId: memberships.teamId,
          members: count(),
          admins: sql<number>`count(*) filter (where ${memberships.level} = 'admin')`.mapWith(Number),
        })
        .from(memberships)
        .where(
          and(
            inArray(
              memberships.teamId,
              mine.map((t) => t.id),
            ),
            ne(memberships.userId, userId),
          ),
        )
        .groupBy(memberships.teamId);
      return mine.map((team) => {
        const o = others.find((row) => row.teamId === team.id);
        return { ...team, others: o?.members ?? 0, otherAdmins: o?.admins ?? 0 };
      });
    },

    exportOf: (user: UserRow) => exportOf(db, user.id),

    async hasActivePremium(userId: number): Promise<boolean> {
      const rows = await db
        .select({ id: premiumSubscriptions.id })
        .from(premiumSubscriptions)
        .where(and(eq(premiumSubscriptions.userId, userId), eq(premiumSubscriptions.active, true)));
      return rows.length > 0;
    },

    async teamsWithActiveSubscription(teamIds: number[]): Promise<number[]> {
      if (teamIds.length === 0) return [];
      const rows = await db
        .selectDistinct({ teamId: subscriptions.teamId })
        .from(subscriptions)
        .where(and(inArray(subscriptions.teamId, teamIds), eq(subscriptions.active, true)));
      return rows.map((r) => r.teamId);
    },

    /**
     * Deletes the user in one transaction: what they made in teams that live on goes to `heirs`
     * (team id → the admin who receives it), the teams where they were alone go with them, and the
     * rest of their rows by cascade (invoices keep their row without the user: legal retention).
     */
    async deleteUser(
      userId: number,
      plan: { heirs: Map<number, number>; soloTeams: number[] },
    ): Promise<void> {
      await db.transaction(async (tx) => {
        for (const [teamId, heir] of plan.heirs) {
          await tx
            .update(audienceConfigs)
            .set({ ownerId: heir })
            .where(and(eq(audienceConfigs.teamId, teamId), eq(audienceConfigs.ownerId, userId)));
          for (const table of [campaigns, adMedia, adCreatives]) {
            await tx
              .update(table)
              .set({ createdBy: heir })
              .where(and(eq(table.teamId, teamId), eq(table.createdBy, userId)));
          }
          // Uploads (a reach plan's pushes among them) stay the team's (and in its month's usage).
          await tx
            .update(uploadedAudiences)
            .set({ userId: heir })
            .where(and(eq(uploadedAudiences.teamId, teamId), eq(uploadedAudiences.userId, userId)));
        }
        if (plan.soloTeams.length > 0) await tx.delete(teams).where(inArray(teams.id, plan.soloTeams));
        await tx.delete(users).where(eq(users.id, userId));
      });
    },

    /** The admin (other than `userId`) who joined the team first. */
    async heirOf(teamId: number, userId: number): Promise<number | undefined> {
      const [row] = await db
        .select({ userId: memberships.userId })
        .from(memberships)
        .where(
          and(eq(memberships.teamId, teamId), ne(memberships.userId, userId), eq(memberships.level, 'admin')),
        )
        .orderBy(asc(memberships.joined), asc(memberships.id));
      return row?.userId;
    },
  };
}

/** Everything of the user's own that the export lists (never another user's data, never a key). */
async function exportOf(db: Db, userId: number) {
  return {
    audiences: await db
      .select({
        id: audienceConfigs.id,
        name: audienceConfigs.name,
        kind: audienceConfigs.kind,
        team: audienceConfigs.teamId,
        status: audienceConfigs.status,
        targeting_package: audienceConfigs.targetingPackage,
        exclusions: audienceConfigs.exclusions,
        size: audienceConfigs.size,
        created: audienceConfigs.created,
      })
      .from(audienceConfigs)
      .where(eq(audienceConfigs.ownerId, userId))
      .orderBy(asc(audienceConfigs.id)),
    campaigns: await db
      .select({
        id: campaigns.id,
        team: campaigns.teamId,
        name: campaigns.name,
        objective: campaigns.objective,
        state: campaigns.state,
        start: campaigns.start,
        end: campaigns.end,
      })
      .from(campaigns)
      .where(eq(campaigns.createdBy, userId))
      .orderBy(asc(campaigns.id)),
    social_accounts: await db
      .select({
        provider: socialAccounts.provider,
        uid: socialAccounts.uid,
        created: socialAccounts.created,
      })
      .from(socialAccounts)
      .where(eq(socialAccounts.userId, userId)),
    sessions: await db
      .select({
        created: sessions.created,
        last_used_at: sessions.lastUsedAt,
        last_used_agent: sessions.lastUsedAgent,
        last_used_ip: sessions.lastUsedIp,
        expires_at: sessions.expiresAt,
      })
      .from(sessions)
      .where(eq(sessions.userId, userId)),
    tokens: await db
      .select({
        created: userTokens.created,
        last_used_at: userTokens.lastUsedAt,
        last_used_agent: userTokens.lastUsedAgent,
        last_used_ip: userTokens.lastUsedIp,
        expires_at: userTokens.expiresAt,
      })
      .from(userTokens)
      .where(eq(userTokens.userId, userId)),
    // Where the user applied audiences (SPEC §4 usages) and whom they shared each with: addresses
    // they typed. A share link's secret part (its nonce) never leaves: only when it ends.
    audience_usages: await db
      .select({
        id: audienceUsages.id,
        ad_account_id: audienceUsages.adAccountId,
        state: audienceUsages.state,
        audience_config_id: audienceUsages.audienceConfigId,
        targeting_package: audienceUsages.targetingPackage,
        countries: audienceUsages.countries,
        line_item_id: audienceUsages.lineItemId,
        shared_with: audienceUsages.sharedWith,
        share_link_expires_at: audienceUsages.shareExpiresAt,
        deleted_at: audienceUsages.deletedAt,
        created: audienceUsages.created,
      })
      .from(audienceUsages)
      .where(eq(audienceUsages.userId, userId))
      .orderBy(asc(audienceUsages.id)),
    // The share links of the lists the user owns (docs/API-AUDIENCES.md "Share links"): which list,
    // made when, ending when.
    list_share_links: await db
      .select({
        audience_config_id: listShareLinks.audienceConfigId,
        name: audienceConfigs.name,
        created: listShareLinks.created,
        expires_at: listShareLinks.expiresAt,
      })
      .from(listShareLinks)
      .innerJoin(audienceConfigs, eq(audienceConfigs.id, listShareLinks.audienceConfigId))
      .where(eq(audienceConfigs.ownerId, userId))
      .orderBy(asc(listShareLinks.audienceConfigId)),
    share_offers: await shareOffersOf(db, userId),
    // What the user sent to X as custom audiences: uploads of saved audiences, and reach plans pushed
    // (a union or one audience per step, with the plan's id). X's ids and figures, never the
    // identifiers sent.
    uploads_to_x: await db
      .select({
        id: uploadedAudiences.id,
        team: uploadedAudiences.teamId,
        audience_config_id: uploadedAudiences.audienceConfigId,
        audience_plan_id: uploadedAudiences.audiencePlanId,
        ad_account_id: uploadedAudiences.accountId,
        custom_audience_id: uploadedAudiences.customAudienceId,
        name: uploadedAudiences.name,
        state: uploadedAudiences.state,
        uploaded_count: uploadedAudiences.uploadedCount,
        audience_size_on_x: uploadedAudiences.audienceSize,
        created: uploadedAudiences.created,
      })
      .from(uploadedAudiences)
      .where(eq(uploadedAudiences.userId, userId))
      .orderBy(asc(uploadedAudiences.id)),
    invoices: await db
      .select({
        number: billingInvoices.number,
        currency: billingInvoices.currency,
        total: billingInvoices.total,
        amount_paid: billingInvoices.amountPaid,
        created: billingInvoices.created,
      })
      .from(billingInvoices)
      .where(eq(billingInvoices.userId, userId)),
  };
}

/**
 * Share offers (share via account) the user received and sent, waiting for an answer: a received
 * one names its sender and a sent one its recipient — addresses the user was shown or typed.
 */
async function shareOffersOf(db: Db, userId: number) {
  const other = alias(users, 'other_user');
  const columns = {
    id: listShareOffers.id,
    audience_config_id: listShareOffers.audienceConfigId,
    name: listShareOffers.name,
    kind: listShareOffers.kind,
    targeting_package: listShareOffers.targetingPackage,
    created: listShareOffers.created,
  };
  return {
    received: await db
      .select({ ...columns, from: other.email })
      .from(listShareOffers)
      .innerJoin(other, eq(other.id, listShareOffers.fromUserId))
      .where(eq(listShareOffers.toUserId, userId))
      .orderBy(asc(listShareOffers.id)),
    sent: await db
      .select({ ...columns, to: other.email })
      .from(listShareOffers)
      .innerJoin(other, eq(other.id, listShareOffers.toUserId))
      .where(eq(listShareOffers.fromUserId, userId))
      .orderBy(asc(listShareOffers.id)),
  };
}
