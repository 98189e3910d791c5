import { and, asc, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { grantedAdAccountOf, type GrantedAdAccount } from '../../db/granted-ad-account';
import type { TargetingPackage } from '@murmur/core/targeting';
import { readableBy } from '../../db/readable-audience-config';
import {
  audienceConfigs,
  audienceUsages,
  grantedAccounts,
  japaneseAgreements,
  memberships,
  teams,
  uploadedAudiences,
  users,
} from '../../db/schema';

export type UploadRow = typeof uploadedAudiences.$inferSelect;
export type UsageRow = typeof audienceUsages.$inferSelect;
export type AgreementRow = typeof japaneseAgreements.$inferSelect;
export type XAudiencesRepository = ReturnType<typeof createXAudiencesRepository>;

/** Uploaded audiences, the Japanese agreement and audience usages (tables in db/schema/x-ads.ts). */
export function createXAudiencesRepository(db: Db) {
  return {
    /**
     * Who granted the team access to the X ad account (SPEC §6), with the account's name: the
     * uploads use that member's X token (the rule shared with measurement, db/granted-ad-account).
     */
    grantOf: (teamId: number, accountId: string): Promise<GrantedAdAccount | undefined> =>
      grantedAdAccountOf(db, teamId, accountId),

    /** Teams of the user that were granted the X ad account (for checks made by any member). */
    async grantersForUser(userId: number, accountId: string): Promise<number[]> {
      const myTeams = db
        .select({ id: memberships.teamId })
        .from(memberships)
        .where(eq(memberships.userId, userId));
      const rows = await db
        .select({ userId: memberships.userId })
        .from(grantedAccounts)
        .innerJoin(memberships, eq(memberships.id, grantedAccounts.membershipId))
        .where(
          and(
            inArray(memberships.teamId, myTeams),
            eq(grantedAccounts.network, 'twitter'),
            eq(grantedAccounts.accountId, accountId),
          ),
        )
        .orderBy(asc(grantedAccounts.id));
      return rows.map((r) => r.userId);
    },

    async findUpload(configId: number, accountId: string): Promise<UploadRow | undefined> {
      const [row] = await db
        .select()
        .from(uploadedAudiences)
        .where(
          and(eq(uploadedAudiences.audienceConfigId, configId), eq(uploadedAudiences.accountId, accountId)),
        );
      return row;
    },

    async getUpload(id: number): Promise<(UploadRow & { teamSlug: string }) | undefined> {
      const [row] = await db
        .select({ upload: uploadedAudiences, teamSlug: teams.slug })
        .from(uploadedAudiences)
        .innerJoin(teams, eq(teams.id, uploadedAudiences.teamId))
        .where(eq(uploadedAudiences.id, id));
      return row && { ...row.upload, teamSlug: row.teamSlug };
    },

    async insertUpload(values: typeof uploadedAudiences.$inferInsert): Promise<UploadRow> {
      const [row] = await db.insert(uploadedAudiences).values(values).returning();
      return row!;
    },

    async updateUpload(
      id: number,
      values: Partial<
        Pick<
          UploadRow,
          'state' | 'targetable' | 'audienceSize' | 'checked' | 'uploadedCount' | 'name' | 'accountName'
        >
      >,
    ): Promise<void> {
      await db.update(uploadedAudiences).set(values).where(eq(uploadedAudiences.id, id));
    },

    async deleteUpload(id: number): Promise<void> {
      await db.delete(uploadedAudiences).where(eq(uploadedAudiences.id, id));
    },

    uploadsOfTeam(teamId: number): Promise<UploadRow[]> {
      return db
        .select()
        .from(uploadedAudiences)
        .where(eq(uploadedAudiences.teamId, teamId))
        .orderBy(desc(uploadedAudiences.created), desc(uploadedAudiences.id));
    },

    /** Uploads X is still processing, last checked before `before`. */
    processing(before: Date): Promise<UploadRow[]> {
      return db
        .select()
        .from(uploadedAudiences)
        .where(and(eq(uploadedAudiences.state, 'processing'), lte(uploadedAudiences.checked, before)))
        .orderBy(asc(uploadedAudiences.checked))
        .limit(100);
    },

    async configPackage(id: number): Promise<TargetingPackage | undefined> {
      const [row] = await db
        .select({ pkg: audienceConfigs.targetingPackage })
        .from(audienceConfigs)
        .where(eq(audienceConfigs.id, id));
      return row?.pkg;
    },

    /** Whether the user may read the config (docs/API-AUDIENCES.md, the audiences module's rule). */
    async configReadableBy(id: number, userId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: audienceConfigs.id })
        .from(audienceConfigs)
        .where(and(eq(audienceConfigs.id, id), readableBy(db, userId)));
      return row !== undefined;
    },

    allUploads(): Promise<UploadRow[]> {
      return db.select().from(uploadedAudiences).orderBy(asc(uploadedAudiences.id));
    },

    async agreementOf(teamId: number): Promise<(AgreementRow & { email: string }) | undefined> {
      const [row] = await db
        .select({ agreement: japaneseAgreements, email: users.email })
        .from(japaneseAgreements)
        .leftJoin(users, eq(users.id, japaneseAgreements.acceptedBy))
        .where(eq(japaneseAgreements.teamId, teamId));
      return row && { ...row.agreement, email: row.email ?? row.agreement.acceptedByEmail };
    },

    /** Records the first acceptance only: who and when stay those of the first one. */
    async accept(teamId: number, userId: number, email: string, at: Date): Promise<void> {
      await db
        .insert(japaneseAgreements)
        .values({ teamId, acceptedBy: userId, acceptedByEmail: email, acceptedAt: at })
        .onConflictDoNothing();
    },

    async insertUsage(values: typeof audienceUsages.$inferInsert): Promise<UsageRow> {
      const [row] = await db.insert(audienceUsages).values(values).returning();
      return row!;
    },

    async getUsage(id: number): Promise<UsageRow | undefined> {
      const [row] = await db.select().from(audienceUsages).where(eq(audienceUsages.id, id));
      return row;
    },

    async updateUsage(
      id: number,
      values: Partial<Omit<UsageRow, 'id' | 'userId' | 'created'>>,
    ): Promise<void> {
      await db.update(audienceUsages).set(values).where(eq(audienceUsages.id, id));
    },

    usagesOfUser(userId: number, email: string, deleted: boolean): Promise<UsageRow[]> {
      void email;
      return db
        .select()
        .from(audienceUsages)
        .where(and(eq(audienceUsages.userId, userId), deleted ? undefined : isNull(audienceUsages.deletedAt)))
        .orderBy(desc(audienceUsages.created), desc(audienceUsages.id))
        .limit(500);
    },

    usagesSharedWith(email: string): Promise<UsageRow[]> {
      return db
        .select()
        .from(audienceUsages)
        .where(
          and(
            isNull(audienceUsages.deletedAt),
            sql`${audienceUsages.sharedWith} @> ${JSON.stringify([email])}::jsonb`,
          ),
        )
        .orderBy(desc(audienceUsages.created), desc(audienceUsages.id))
        .limit(500);
    },

    /** Usages on autopilot that are due. */
    dueAutopilots(now: Date): Promise<UsageRow[]> {
      return db
        .select()
        .from(audienceUsages)
        .where(and(isNull(audienceUsages.deletedAt), lte(audienceUsages.nextRunAt, now)))
        .orderBy(asc(audienceUsages.nextRunAt))
        .limit(50);
    },
  };
}
