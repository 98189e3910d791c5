import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/database';
import type { EngineHolder } from '../engine/engine-holder';
import { registerLive, watchedLive, type LiveDeps } from '../live';
import type { JobQueue } from '../jobs/jobs';
import type { Scheduler } from '../jobs/scheduler';
import type { MailOutbox } from '../integrations/mail';
import type { XClient, XUserTokens } from '../integrations/x';
import type { Clock } from '../lib/clock';
import { createActivityModule } from './activity';
import { samplingOf } from '../engine/engine-audience';
import { createAgencyModule } from './agency';
import { audienceStatusSql, type createAudiencesModule } from './audiences';
import { createAuditModule, type AuditService } from './audit';
import { createApiAccessModule } from './api-access';
import type { createAuthModule } from './auth';
import type { createBillingModule } from './billing';
import { campaignStatusOf, plannedCriteria, type createCampaignsModule } from './campaigns';
import type { createMediaModule } from './media';
import { createProModule } from './pro';
import { createSsoModule } from './sso';
import type { createStaffModule } from './staff';
import type { createTeamsModule } from './teams';
import type { createUsersModule } from './users';
import type { createXAudiencesModule } from './x-audiences';
import { createXEstimateModule } from './x-estimate';

// Parts of the modules' composition (index.ts `registerModules`), each made from what it names.

/**
 * The append-only audit log (apart from the Activity feed; `auditService.record` is the door for
 * other modules, API-key use for one) and OpenID Connect single sign-on per team, whose
 * just-in-time joins it records.
 */
export function auditAndSso(deps: {
  db: Db;
  changes: Parameters<typeof createSsoModule>[0]['changes'];
  clock: Clock;
  config: Config;
  teams: ReturnType<typeof createTeamsModule>;
  users: ReturnType<typeof createUsersModule>;
  billing: ReturnType<typeof createBillingModule>;
  auth: ReturnType<typeof createAuthModule>;
}) {
  const { config, teams, billing } = deps;
  const audit = createAuditModule({
    db: deps.db,
    clock: deps.clock,
    teams: { adminAccess: (user, ref) => teams.teamsService.adminAccess(user, ref) },
    teamIdOf: teams.teamIdOf,
  });
  const sso = createSsoModule({
    db: deps.db,
    changes: deps.changes,
    clock: deps.clock,
    secret: config.sessionSecret,
    publicUrl: config.publicUrl,
    isProduction: config.isProduction,
    startsPerIp: config.limits.socialStartsPerIp,
    teams: {
      adminAccess: (user, ref) => teams.teamsService.adminAccess(user, ref),
      teamIdOf: teams.teamIdOf,
    },
    users: deps.users.usersRepository,
    seats: { assertSeatsFor: (teamId, adding) => billing.billingService.assertSeatsFor(teamId, adding) },
    audit: audit.auditService.record,
    sessionService: deps.auth.sessionService,
  });
  return { auditService: audit.auditService, modules: [audit, sso] };
}

/**
 * The Activity feed's recorder and customer API access (keys, team webhooks): the webhooks hear of
 * audience and campaign events through the feed; each call a key makes is recorded in the audit log
 * (keys made and revoked are recorded there from their routes, with the admin and address).
 */
export function activityAndApiAccess(deps: {
  db: Db;
  clock: Clock;
  config: Config;
  log: FastifyBaseLogger;
  teamsService: Parameters<typeof createApiAccessModule>[0]['teams'] &
    Parameters<typeof createActivityModule>[0]['teams'];
  teams: { teamIdOf: (ref: string) => Promise<number | undefined> };
  access: { auditService: Pick<AuditService, 'record'> };
  xAudiences: Pick<ReturnType<typeof createXAudiencesModule>, 'onUploadSettled'>;
  campaigns: Pick<ReturnType<typeof createCampaignsModule>, 'onDeliveryMilestone'>;
  audiences: Pick<ReturnType<typeof createAudiencesModule>, 'onAlertFired'>;
}) {
  const { db, clock, config, log } = deps;
  const apiAccess = createApiAccessModule({
    db,
    clock,
    teams: deps.teamsService,
    secret: config.sessionSecret,
    log,
    // Outside production a webhook may call a receiver on this machine (development, the journeys).
    allowPrivateWebhooks: !config.isProduction,
    onKeyUse: (use) =>
      void deps.access.auditService
        .record({
          teamId: use.teamId,
          actorId: null,
          ip: use.ip,
          action: 'api_key.used',
          subject: `API key ${use.keyId}: ${use.method} ${use.route} → ${use.status}`,
          after: { key_id: use.keyId, method: use.method, route: use.route, status: use.status },
        })
        .catch((error: unknown) => log.error({ err: error }, 'audit entry of a key use not recorded')),
  });
  const activity = createActivityModule({
    db,
    clock,
    teams: deps.teamsService,
    teamIdOf: deps.teams.teamIdOf,
    onRecorded: apiAccess.onActivity,
  });
  // Uploads ready on X or too small to target, as team webhooks.
  deps.xAudiences.onUploadSettled(apiAccess.onUploadSettled);
  // Campaigns' delivery milestones and the history alerts on team audiences, as team webhooks.
  deps.campaigns.onDeliveryMilestone(apiAccess.onDeliveryMilestone);
  deps.audiences.onAlertFired(apiAccess.onAlertFired);
  return { activity, apiAccess };
}

/** modules/pro's collaborators: the pro-targeting site's users, lists and tokens. */
export function proModule(deps: {
  db: Db;
  clock: Clock;
  config: Config;
  engine: EngineHolder;
  jobs: JobQueue;
  outbox: MailOutbox;
  authCache: Parameters<typeof createProModule>[0]['authCache'];
  staff: ReturnType<typeof createStaffModule>;
  staffDomains: string[];
  usersService: ReturnType<typeof createUsersModule>['usersService'];
  audiences: ReturnType<typeof createAudiencesModule>;
}) {
  const { usersService, audiences } = deps;
  return createProModule({
    db: deps.db,
    clock: deps.clock,
    engine: deps.engine,
    jobs: deps.jobs,
    outbox: deps.outbox,
    authCache: deps.authCache,
    publicUrl: deps.config.publicUrl,
    isStaffEmail: deps.staff.isStaffEmail,
    staffDomains: deps.staffDomains,
    adAccountsOf: (user) => usersService.adAccounts(user),
    findConfig: (user, id) => audiences.configsService.get(user, id),
    findUser: (email) => usersService.findByEmail(email),
    copyList: (to, list) => audiences.configsService.create(to, { ...list, exclusions: [] }),
    secret: deps.config.sessionSecret,
  });
}

/** modules/x-estimate's collaborators: the estimate, the campaigns' criteria and X's Ads API. */
export function xEstimateModule(deps: {
  db: Db;
  log: FastifyBaseLogger;
  x: XClient;
  teamsService: Parameters<typeof createXEstimateModule>[0]['teams'];
  xAccounts: { tokensOf: (userId: number) => Promise<XUserTokens | undefined> };
  audiences: ReturnType<typeof createAudiencesModule>;
}) {
  const { x, audiences } = deps;
  return createXEstimateModule({
    db: deps.db,
    log: deps.log,
    teams: deps.teamsService,
    tokensOf: deps.xAccounts.tokensOf,
    estimateOf: async (user, pkg, ex) =>
      (await audiences.configsService.build(user, pkg, ex, false)).estimate.figure,
    planCriteria: (pkg) => plannedCriteria(pkg).criteria,
    searchCatalogue: (tokens, kind, q, extra) => x.campaigns.searchCatalogue(tokens, kind, q, extra),
    audienceEstimate: (tokens, accountId, criteria) =>
      x.estimates.audienceEstimate(tokens, accountId, criteria),
  });
}

/** modules/agency's collaborators: the audiences' and campaigns' statuses, the outbox, the media store. */
export function agencyModule(deps: {
  db: Db;
  clock: Clock;
  engine: EngineHolder;
  teamsService: Parameters<typeof createAgencyModule>[0]['teams'];
  outbox: MailOutbox;
  media: ReturnType<typeof createMediaModule>;
}) {
  return createAgencyModule({
    db: deps.db,
    clock: deps.clock,
    sampling: () => samplingOf(deps.engine),
    campaignStatus: campaignStatusOf,
    audienceStatus: audienceStatusSql,
    teams: deps.teamsService,
    outbox: deps.outbox,
    readMedia: (key) => deps.media.storage.read(key),
  });
}

/**
 * The live path's parts (docs/LIVE.md): the engine status's freshness, which counts X's streams
 * stalling in the collector (`watchedLive`: app.ts has usually applied it already), and the
 * follower-fetch routes that start that collector.
 */
export function liveParts(deps: LiveDeps | undefined, config: Config) {
  const live = deps && watchedLive(deps);
  return {
    status: live?.status,
    register: (
      scope: FastifyInstance,
      db: Db,
      teamsService: Parameters<typeof registerLive>[1]['teamsService'],
    ) =>
      registerLive(scope, {
        live,
        config: config.live,
        db,
        teamsService,
        ...(live?.streams && { streams: live.streams }),
      }),
  };
}

/** What the audiences' history and alerts need of the configuration and the shared infrastructure. */
export function historySettings(
  config: Config,
  outbox: MailOutbox,
  log: FastifyBaseLogger,
  scheduler: Scheduler,
) {
  return {
    retentionDays: config.limits.historyRetentionDays,
    membersCap: config.limits.historyMembersCap,
    runMinutes: config.limits.historyRunMinutes,
    scheduler,
    outbox,
    secret: config.sessionSecret,
    publicUrl: config.publicUrl,
    // Outside production a webhook may call a receiver on this machine (development, the journeys).
    allowPrivateWebhooks: !config.isProduction,
    log,
  };
}
