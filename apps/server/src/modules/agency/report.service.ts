import type { ReportSchedule, ReportScheduleInput, ReportSent } from '@murmur/core/api';
import { reportScheduleInputSchema } from '@murmur/core/api';
import type { ReportScheduleRow, TeamRow, UserRow } from '../../db/schema';
import { BadRequest, NotFound } from '../../errors';
import type { MailOutbox, OutboxEntry, OutboxRepository } from '../../integrations/mail';
import { byTeam, money, sizeFigureOf, type AgencyDeps } from './agency.service';
import type { ReportData } from './report-data';
import { currentPeriod, lastPeriod, nextDue, type ReportPeriod, type ReportTiming } from './report-period';
import { reportMail } from './report-mail';
import { renderReportPdf } from './report-pdf';
import { renderReportXlsx } from './report-xlsx';
import type { ReportSchedulesRepository } from './report-schedules.repository';

export type ReportService = ReturnType<typeof createReportService>;

const DAY_MS = 24 * 60 * 60 * 1000;
const LOGO_TYPES = new Set(['image/png', 'image/jpeg']);
const NO_SCHEDULE = 'This team has no scheduled report.';

const timingOf = (s: ReportScheduleRow): ReportTiming => ({
  frequency: s.frequency,
  day: s.day,
  hour: s.hour,
  timeZone: s.timeZone,
});

/** A schedule as the API shows it, with when it is next due after `now`. */
const present = (s: ReportScheduleRow, now: Date): ReportSchedule => ({
  frequency: s.frequency,
  day: s.day,
  hour: s.hour,
  time_zone: s.timeZone,
  language: s.language,
  recipients: s.recipients,
  brand_colour: s.brandColour,
  logo_media: s.logoMediaId,
  last_sent_period: s.lastSentPeriod,
  next_due: nextDue(timingOf(s), now).toISOString(),
});

/**
 * Scheduled reports (docs/AGENCY.md "Scheduled reports"): a team admin sets when and to whom;
 * `sendDue` (every minute, from the server's clock) mails each due period's PDF and XLSX once,
 * through the mail outbox.
 */
export function createReportService(
  deps: AgencyDeps & {
    schedules: ReportSchedulesRepository;
    teams: { adminAccess(user: UserRow, teamRef: string): Promise<{ team: TeamRow }> };
    outbox: MailOutbox;
    /** Writes the claim of a period and its mails together. */
    inTransaction: <T>(
      work: (w: { schedules: ReportSchedulesRepository; outbox: OutboxRepository }) => Promise<T>,
    ) => Promise<T>;
    /** A media library file's bytes (the logo). */
    readMedia: (storageKey: string) => Promise<Buffer | undefined>;
  },
) {
  const { repo, schedules, clock } = deps;

  async function logoOf(s: ReportScheduleRow): Promise<Buffer | undefined> {
    if (s.logoMediaId === null) return undefined;
    const media = await schedules.media(s.teamId, s.logoMediaId);
    if (!media || !LOGO_TYPES.has(media.mime)) return undefined;
    return deps.readMedia(media.storageKey);
  }

  /** The team's figures for the period: its delivery by UTC day, as X's stats keep it. */
  async function dataOf(team: TeamRow, s: ReportScheduleRow, period: ReportPeriod): Promise<ReportData> {
    const ids = [team.id];
    const utcDay = (at: Date) => at.toISOString().slice(0, 10);
    const from = utcDay(period.start);
    const to = utcDay(new Date(period.due.getTime() - 1));
    const [grants, audiences, uploads, campaigns, logo] = await Promise.all([
      repo.grants(ids),
      repo.activeAudiences(ids),
      repo.uploads(ids, { made: { start: period.start, end: period.due } }),
      repo.campaigns(ids, { from, to }),
      logoOf(s),
    ]);
    const sampling = deps.sampling();
    const now = clock.now();
    return {
      team: { name: team.name, slug: team.slug },
      frequency: s.frequency,
      language: s.language,
      brandColour: s.brandColour,
      logo,
      period: { first: from, last: to },
      generated: now,
      adAccounts: (byTeam(grants).get(team.id) ?? []).map((g) => ({ accountId: g.accountId, name: g.name })),
      audiences: audiences.map((a) => ({ name: a.name, size: sizeFigureOf(a, sampling) })),
      uploads: uploads.map((u) => ({
        name: u.name,
        accountName: u.accountName,
        state: u.state,
        xSize: u.audienceSize,
        created: u.created,
      })),
      campaigns: campaigns.map((c) => ({
        name: c.name,
        adAccountId: c.adAccountId,
        status: deps.campaignStatus(c.state, c.start, c.end, now),
        currency: c.currency,
        impressions: c.impressions,
        engagements: c.engagements,
        clicks: c.clicks,
        spent: money(c.spendMicro),
      })),
    };
  }

  /** The report's mails, one per recipient (clients do not see each other's addresses). */
  async function mailsOf(team: TeamRow, s: ReportScheduleRow, period: ReportPeriod) {
    const data = await dataOf(team, s, period);
    const [pdf, xlsx] = await Promise.all([renderReportPdf(data), renderReportXlsx(data)]);
    const base = `${team.slug}-report-${data.period.first}`;
    const attachments = [
      { filename: `${base}.pdf`, contentType: 'application/pdf', content: pdf.toString('base64') },
      {
        filename: `${base}.xlsx`,
        contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        content: xlsx.toString('base64'),
      },
    ].map((a) => ({ ...a, encoding: 'base64' as const }));
    return s.recipients.map((to) =>
      reportMail({ to, language: s.language, teamName: team.name, period: data.period, attachments }),
    );
  }

  /** Writes the mails (and the period's claim, when `claim`); sends them after the commit. */
  async function deliver(team: TeamRow, s: ReportScheduleRow, period: ReportPeriod, claim: boolean) {
    const mails = await mailsOf(team, s, period);
    const entries = await deps.inTransaction(async (w): Promise<OutboxEntry[] | undefined> => {
      if (claim && !(await w.schedules.claim(s.id, period.key))) return undefined;
      const written: OutboxEntry[] = [];
      for (const mail of mails) {
        written.push(await deps.outbox.enqueue(w.outbox, mail, { kind: 'agency-report' }));
      }
      return written;
    });
    // What fails now is retried by the outbox's own run.
    for (const entry of entries ?? []) await deps.outbox.sendNow(entry);
    return entries?.length ?? 0;
  }

  async function adminSchedule(user: UserRow, teamRef: string) {
    const { team } = await deps.teams.adminAccess(user, teamRef);
    return { team, schedule: await schedules.find(team.id) };
  }

  return {
    async get(user: UserRow, teamRef: string): Promise<ReportSchedule> {
      const { schedule } = await adminSchedule(user, teamRef);
      if (!schedule) throw new NotFound(NO_SCHEDULE);
      return present(schedule, clock.now());
    },

    async put(user: UserRow, teamRef: string, input: ReportScheduleInput): Promise<ReportSchedule> {
      const { team } = await deps.teams.adminAccess(user, teamRef);
      const s = reportScheduleInputSchema.parse(input);
      if (s.logo_media !== null) {
        const media = await schedules.media(team.id, s.logo_media);
        if (!media || !LOGO_TYPES.has(media.mime)) {
          throw new BadRequest({ logo_media: ['Choose a PNG or JPEG image of this team’s media library.'] });
        }
      }
      const row = await schedules.upsert(team.id, {
        frequency: s.frequency,
        day: s.day,
        hour: s.hour,
        timeZone: s.time_zone,
        language: s.language,
        recipients: [...new Set(s.recipients)],
        brandColour: s.brand_colour.toLowerCase(),
        logoMediaId: s.logo_media,
        updatedBy: user.id,
        modified: clock.now(),
      });
      return present(row, clock.now());
    },

    async remove(user: UserRow, teamRef: string): Promise<void> {
      const { team } = await deps.teams.adminAccess(user, teamRef);
      if (!(await schedules.remove(team.id))) throw new NotFound(NO_SCHEDULE);
    },

    /** "Send now": the period so far, to the recipients; the scheduled one is still sent when due. */
    async sendNow(user: UserRow, teamRef: string): Promise<ReportSent> {
      const { team, schedule } = await adminSchedule(user, teamRef);
      if (!schedule) throw new NotFound(NO_SCHEDULE);
      const period = currentPeriod(timingOf(schedule), clock.now());
      return { recipients: await deliver(team, schedule, period, false), period: period.key };
    },

    /**
     * Mails each schedule's last period that became due since the schedule was last set and is not
     * recorded as sent (so a server that was down sends it when it is back, once). Returns the
     * reports sent.
     */
    async sendDue(): Promise<number> {
      const now = clock.now();
      let sent = 0;
      for (const { schedule, team } of await schedules.all()) {
        const period = lastPeriod(timingOf(schedule), now);
        if (schedule.lastSentPeriod === period.key || period.due < schedule.modified) continue;
        // A period a month old or more was missed for good: the next one will be sent.
        if (now.getTime() - period.due.getTime() > 31 * DAY_MS) continue;
        if ((await deliver(team, schedule, period, true)) > 0) sent++;
      }
      return sent;
    },
  };
}
