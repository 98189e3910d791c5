import { and, desc, eq, gte, ilike, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { auditLog, campaigns, invites, memberships, users, type NewAuditRow } from '../../db/schema';

export type AuditRepository = ReturnType<typeof createAuditRepository>;

export interface AuditFilter {
  q?: string | undefined;
  action?: string | undefined;
  actor?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

/** `%`, `_` and `\` typed by the user are matched literally. */
const like = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The audit log's one door to the database: insert and select only (append-only by construction;
 * there is no update or delete here, and no route for one).
 */
export function createAuditRepository(db: Db) {
  const where = (teamId: number, f: AuditFilter): SQL | undefined =>
    and(
      eq(auditLog.teamId, teamId),
      f.action ? eq(auditLog.action, f.action) : undefined,
      f.actor ? ilike(auditLog.actorEmail, like(f.actor)) : undefined,
      f.from ? gte(auditLog.created, f.from) : undefined,
      f.to ? lte(auditLog.created, f.to) : undefined,
      f.q
        ? or(
            ilike(auditLog.subject, like(f.q)),
            ilike(auditLog.action, like(f.q)),
            ilike(auditLog.actorEmail, like(f.q)),
            ilike(auditLog.ip, like(f.q)),
          )
        : undefined,
    );
  return {
    async insert(entry: NewAuditRow): Promise<void> {
      await db.insert(auditLog).values(entry);
    },

    /** Newest first; the page and the total in one statement. */
    async list(teamId: number, filter: AuditFilter, page: { limit: number; offset: number }) {
      const rows = await db
        .select({ entry: auditLog, total: sql<number>`count(*) over()`.mapWith(Number) })
        .from(auditLog)
        .where(where(teamId, filter))
        .orderBy(desc(auditLog.created), desc(auditLog.id))
        .limit(page.limit)
        .offset(page.offset);
      return { rows: rows.map((r) => r.entry), total: rows[0]?.total ?? 0 };
    },

    /**
     * The page after `after` (newest first, by time then id), for reading the whole filtered log
     * in pieces: a keyset, so each page costs the same however deep the export is. The cursor is
     * the time as the database writes it (microseconds; a JavaScript Date keeps milliseconds).
     */
    async pageAfter(
      teamId: number,
      filter: AuditFilter,
      after: { created: string; id: number } | null,
      limit: number,
    ) {
      return db
        .select({ entry: auditLog, cursor: sql<string>`${auditLog.created}::text` })
        .from(auditLog)
        .where(
          and(
            where(teamId, filter),
            after
              ? sql`(${auditLog.created}, ${auditLog.id}) < (${after.created}::timestamptz, ${after.id})`
              : undefined,
          ),
        )
        .orderBy(desc(auditLog.created), desc(auditLog.id))
        .limit(limit);
    },

    /** The actor's address as it is now, kept in the entry as it was then. */
    async emailOf(userId: number): Promise<string | undefined> {
      const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
      return row?.email;
    },

    /** A membership before it changes: its team, level and member's address. */
    async membership(id: number) {
      const [row] = await db
        .select({ teamId: memberships.teamId, level: memberships.level, email: users.email })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(eq(memberships.id, id));
      return row;
    },

    /** An invitation before it is withdrawn. */
    async invite(id: number) {
      const [row] = await db
        .select({ teamId: invites.teamId, email: invites.email, state: invites.state })
        .from(invites)
        .where(eq(invites.id, id));
      return row;
    },

    /** A campaign before it changes (the fields an audit reader compares). */
    async campaign(id: number) {
      const [row] = await db
        .select({
          teamId: campaigns.teamId,
          name: campaigns.name,
          state: campaigns.state,
          adAccountId: campaigns.adAccountId,
          budgetType: campaigns.budgetType,
          dailyBudget: campaigns.dailyBudget,
          lifetimeBudget: campaigns.lifetimeBudget,
          start: campaigns.start,
          end: campaigns.end,
          xCampaignId: campaigns.xCampaignId,
        })
        .from(campaigns)
        .where(eq(campaigns.id, id));
      return row;
    },
  };
}
