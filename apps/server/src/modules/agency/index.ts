import type { FastifyInstance } from 'fastify';
import type { SQL } from 'drizzle-orm';
import type { AudienceConfigRow } from '../../db/schema';
import type { Db } from '../../db/database';
import { createOutboxRepository, type MailOutbox } from '../../integrations/mail';
import { createAgencyRepository } from './agency.repository';
import { agencyRoutes } from './agency.routes';
import { createAgencyService, type AgencyDeps } from './agency.service';
import { createReportSchedulesRepository } from './report-schedules.repository';
import { createReportService, type ReportService } from './report.service';

/** How often the scheduled reports are looked at: a report goes out within a minute of its hour. */
const TICK_MS = 60_000;

/**
 * The agency view across the caller's teams and the teams' scheduled reports, mailed
 * through the outbox from the server's clock (docs/AGENCY.md).
 */
export function createAgencyModule(
  deps: Omit<AgencyDeps, 'repo'> & {
    db: Db;
    /** SPEC §3 status of a saved audience (modules/audiences' `audienceStatusSql`). */
    audienceStatus: SQL<AudienceConfigRow['status']>;
    teams: Parameters<typeof createReportService>[0]['teams'];
    outbox: MailOutbox;
    readMedia: (storageKey: string) => Promise<Buffer | undefined>;
  },
) {
  const { db } = deps;
  const repo = createAgencyRepository(db, deps.audienceStatus);
  const shared = { repo, clock: deps.clock, sampling: deps.sampling, campaignStatus: deps.campaignStatus };
  const agencyService = createAgencyService(shared);
  const reportService = createReportService({
    ...shared,
    schedules: createReportSchedulesRepository(db),
    teams: deps.teams,
    outbox: deps.outbox,
    readMedia: deps.readMedia,
    inTransaction: (work) =>
      db.transaction((tx) =>
        work({ schedules: createReportSchedulesRepository(tx), outbox: createOutboxRepository(tx) }),
      ),
  });
  return {
    agencyService,
    reportService,
    async registerRoutes(app: FastifyInstance) {
      await app.register(agencyRoutes, { agencyService, reportService });
      scheduleReports(app, reportService);
    },
  };
}

/** Every minute, the reports that fell due (as the audiences' history run is scheduled). */
function scheduleReports(app: FastifyInstance, reportService: ReportService) {
  let timer: NodeJS.Timeout | undefined;
  const run = () => {
    reportService
      .sendDue()
      .catch((error: unknown) => app.log.error({ err: error }, 'scheduled reports run failed'));
  };
  app.addHook('onReady', (ready) => {
    timer = setInterval(run, TICK_MS);
    timer.unref();
    ready();
  });
  app.addHook('onClose', (_instance, closed) => {
    clearInterval(timer);
    closed();
  });
}
