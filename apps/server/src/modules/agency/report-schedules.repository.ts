import { and, eq, isNull, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { adMedia, reportSchedules, teams, type ReportScheduleRow } from '../../db/schema';

export type ReportSchedulesRepository = ReturnType<typeof createReportSchedulesRepository>;

export type ReportScheduleValues = Omit<ReportScheduleRow, 'id' | 'teamId' | 'lastSentPeriod' | 'created'>;

/** Scheduled reports (db/schema/agency.ts): one per team. */
export function createReportSchedulesRepository(db: Db) {
  return {
    async find(teamId: number): Promise<ReportScheduleRow | undefined> {
      const [row] = await db.select().from(reportSchedules).where(eq(reportSchedules.teamId, teamId));
      return row;
    },

    async upsert(teamId: number, values: ReportScheduleValues): Promise<ReportScheduleRow> {
      const [row] = await db
        .insert(reportSchedules)
        .values({ teamId, ...values, created: values.modified })
        .onConflictDoUpdate({ target: reportSchedules.teamId, set: values })
        .returning();
      return row!;
    },

    async remove(teamId: number): Promise<boolean> {
      const gone = await db
        .delete(reportSchedules)
        .where(eq(reportSchedules.teamId, teamId))
        .returning({ id: reportSchedules.id });
      return gone.length > 0;
    },

    /** Every schedule with its team (the scheduled run checks which is due: a handful per team). */
    all: () =>
      db
        .select({ schedule: reportSchedules, team: teams })
        .from(reportSchedules)
        .innerJoin(teams, eq(teams.id, reportSchedules.teamId)),

    /**
     * Records `period` as sent unless it already is: true for the one caller that recorded it. Run
     * in the transaction that writes the mails, so that a period is mailed once.
     */
    async claim(id: number, period: string): Promise<boolean> {
      const claimed = await db
        .update(reportSchedules)
        .set({ lastSentPeriod: period })
        .where(
          and(
            eq(reportSchedules.id, id),
            or(isNull(reportSchedules.lastSentPeriod), ne(reportSchedules.lastSentPeriod, period)),
          ),
        )
        .returning({ id: reportSchedules.id });
      return claimed.length > 0;
    },

    /** An image of the team's media library (the report's logo), or none. */
    async media(teamId: number, mediaId: number) {
      const [row] = await db
        .select()
        .from(adMedia)
        .where(and(eq(adMedia.id, mediaId), eq(adMedia.teamId, teamId)));
      return row;
    },
  };
}
