import { and, asc, count, desc, eq, gte, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/database';
import { dtJobItems, dtJobs } from '../../../db/schema';
import { inChunks } from './chunks';

export type DtJobRow = typeof dtJobs.$inferSelect;
const UNFINISHED = ['queued', 'running', 'waiting'];

/** Sync and follow/unfollow jobs, and the accounts of follow/unfollow jobs (dt_job_items). */
export function jobQueries(db: Db) {
  /** Follow/unfollow actions done on X by the account's jobs of a kind since a time. */
  const done = (accountId: number, kind: string, since: Date) =>
    and(
      eq(dtJobs.accountId, accountId),
      eq(dtJobs.kind, kind),
      eq(dtJobItems.state, 'done'),
      gte(dtJobItems.doneAt, since.getTime()),
    );

  return {
    async createJob(values: typeof dtJobs.$inferInsert, items: string[] = []): Promise<DtJobRow> {
      return db.transaction(async (tx) => {
        const [job] = await tx.insert(dtJobs).values(values).returning();
        await inChunks(
          items.map((xUserId, position) => ({ jobId: job!.id, xUserId, position })),
          (part) => tx.insert(dtJobItems).values(part).onConflictDoNothing(),
        );
        return job!;
      });
    },

    async job(id: number): Promise<DtJobRow | undefined> {
      const [row] = await db.select().from(dtJobs).where(eq(dtJobs.id, id));
      return row;
    },

    async updateJob(id: number, values: Partial<Omit<DtJobRow, 'id' | 'accountId' | 'kind' | 'created'>>) {
      await db.update(dtJobs).set(values).where(eq(dtJobs.id, id));
    },

    /** The account's newest job of some kinds that has not finished. */
    async activeJob(accountId: number, kinds: string[]): Promise<DtJobRow | undefined> {
      const [row] = await db
        .select()
        .from(dtJobs)
        .where(
          and(
            eq(dtJobs.accountId, accountId),
            inArray(dtJobs.kind, kinds),
            inArray(dtJobs.state, UNFINISHED),
          ),
        )
        .orderBy(desc(dtJobs.id))
        .limit(1);
      return row;
    },

    /** The account's newest job, or its newest of some kinds. */
    async latestJob(accountId: number, kinds?: string[]): Promise<DtJobRow | undefined> {
      const [row] = await db
        .select()
        .from(dtJobs)
        .where(and(eq(dtJobs.accountId, accountId), kinds && inArray(dtJobs.kind, kinds)))
        .orderBy(desc(dtJobs.id))
        .limit(1);
      return row;
    },

    unfinishedJobs: () =>
      db.select().from(dtJobs).where(inArray(dtJobs.state, UNFINISHED)).orderBy(asc(dtJobs.id)),

    pendingItems: (jobId: number) =>
      db
        .select({ xUserId: dtJobItems.xUserId })
        .from(dtJobItems)
        .where(and(eq(dtJobItems.jobId, jobId), eq(dtJobItems.state, 'pending')))
        .orderBy(asc(dtJobItems.position)),

    async finishItem(
      jobId: number,
      xUserId: string,
      state: 'done' | 'failed',
      error: string | null,
      at: Date,
    ) {
      await db
        .update(dtJobItems)
        .set({ state, error, doneAt: at.getTime() })
        .where(and(eq(dtJobItems.jobId, jobId), eq(dtJobItems.xUserId, xUserId)));
    },

    async itemCounts(jobId: number): Promise<{ done: number; failed: number; total: number }> {
      const rows = await db
        .select({ state: dtJobItems.state, n: count() })
        .from(dtJobItems)
        .where(eq(dtJobItems.jobId, jobId))
        .groupBy(dtJobItems.state);
      const by = Object.fromEntries(rows.map((r) => [r.state, r.n]));
      return {
        done: by.done ?? 0,
        failed: by.failed ?? 0,
        total: rows.reduce((s, r) => s + r.n, 0),
      };
    },

    /**
     * When the account's actions of a kind done since `since` (a day ago) were fewer than `cap`
     * again: undefined while under the cap, else the time the oldest action that must drop out of
     * the day was done (the caller adds the day).
     */
    async capFreesAt(accountId: number, kind: string, since: Date, cap: number): Promise<Date | undefined> {
      const [total] = await db
        .select({ n: count() })
        .from(dtJobItems)
        .innerJoin(dtJobs, eq(dtJobs.id, dtJobItems.jobId))
        .where(done(accountId, kind, since));
      const over = (total?.n ?? 0) - cap;
      if (over < 0) return undefined;
      const [oldest] = await db
        .select({ at: dtJobItems.doneAt })
        .from(dtJobItems)
        .innerJoin(dtJobs, eq(dtJobs.id, dtJobItems.jobId))
        .where(done(accountId, kind, since))
        .orderBy(asc(dtJobItems.doneAt))
        .offset(over)
        .limit(1);
      return new Date(oldest?.at ?? since.getTime());
    },
  };
}
