import type { AuditEntry, AuditList } from '@murmur/core/api';
import type { AuditRow, UserRow } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { AuditFilter, AuditRepository } from './audit.repository';
import { csvLines } from './csv';

/** Reaching a team as its admin (modules/teams): non-members get its 404, members its 403. */
export interface TeamAdminAccess {
  adminAccess(user: UserRow, teamRef: string): Promise<{ team: { id: number } }>;
}

/** What a caller records; `created` is the server's clock and the actor's address is looked up. */
export interface AuditRecord {
  teamId: number | null;
  actorId: number | null;
  ip: string;
  action: string;
  subject: string;
  before?: unknown;
  after?: unknown;
}

export type AuditService = ReturnType<typeof createAuditService>;

/** Entries read from the database per piece of a CSV export (the export itself has no cap). */
export const CSV_PAGE = 1_000;

const CSV_HEADER = ['time', 'actor', 'ip', 'action', 'subject', 'before', 'after'];
const csvRow = (r: AuditRow): string[] => [
  r.created.toISOString(),
  r.actorEmail,
  r.ip,
  r.action,
  r.subject,
  r.before == null ? '' : JSON.stringify(r.before),
  r.after == null ? '' : JSON.stringify(r.after),
];

export function createAuditService(deps: { repo: AuditRepository; teams: TeamAdminAccess; clock: Clock }) {
  const { repo, teams, clock } = deps;
  const present = (row: AuditRow): AuditEntry => ({
    id: row.id,
    created: row.created.toISOString(),
    actor: { id: row.actorId, email: row.actorEmail },
    ip: row.ip,
    action: row.action,
    subject: row.subject,
    before: row.before ?? null,
    after: row.after ?? null,
  });
  return {
    /**
     * Appends one entry. The wiring point for other modules (API keys' use, for one): they get this
     * function, never the repository.
     */
    record: async (entry: AuditRecord): Promise<void> => {
      const actorEmail = entry.actorId === null ? '' : ((await repo.emailOf(entry.actorId)) ?? '');
      await repo.insert({
        teamId: entry.teamId,
        actorId: entry.actorId,
        actorEmail,
        ip: entry.ip,
        action: entry.action,
        subject: entry.subject.slice(0, 500),
        before: entry.before ?? null,
        after: entry.after ?? null,
        created: clock.now(),
      });
    },

    async list(user: UserRow, teamRef: string, filter: AuditFilter, page: { limit: number; offset: number }) {
      const { team } = await teams.adminAccess(user, teamRef);
      const { rows, total } = await repo.list(team.id, filter, page);
      return { count: total, results: rows.map(present) } satisfies AuditList;
    },

    /**
     * The whole filtered log as CSV, read and sent a page at a time so that memory stays flat
     * however long the log is. The admin check happens before the first byte; the pages follow.
     */
    async csv(user: UserRow, teamRef: string, filter: AuditFilter): Promise<AsyncIterable<string>> {
      const { team } = await teams.adminAccess(user, teamRef);
      return (async function* pages() {
        yield csvLines([CSV_HEADER]);
        let after: { created: string; id: number } | null = null;
        for (;;) {
          const rows = await repo.pageAfter(team.id, filter, after, CSV_PAGE);
          if (rows.length > 0) yield csvLines(rows.map((r) => csvRow(r.entry)));
          if (rows.length < CSV_PAGE) return;
          const last = rows[rows.length - 1]!;
          after = { created: last.cursor, id: last.entry.id };
        }
      })();
    },
  };
}
