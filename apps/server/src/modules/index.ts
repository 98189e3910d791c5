import type { FastifyInstance } from 'fastify';
import { AUDIENCE_CREATOR_GROUP } from '@murmur/core/api';
import type { Config } from '../config';
import type { ChangeFeed } from '../db/change-feed';
import type { Db } from '../db/database';
import type { EngineHolder } from '../engine/engine-holder';
import { engineLiveStatus } from '../engine/engine-live-status';
import type { LiveStatusSource } from '../engine/freshness';
import type { LiveDeps } from '../live';
import type { JobQueue } from '../jobs/jobs';
import type { Scheduler } from '../jobs/scheduler';
import { createMailOutbox, createOutboxRepository, type Mailer } from '../integrations/mail';
import { createXClient } from '../integrations/x';
import { createAuthCache, type InvalidationBus } from '../lib/auth-cache';
import type { Clock } from '../lib/clock';
import { createSearchCounter } from '../lib/search-counter';
import { createAdAccountsModule } from './ad-accounts';
import { createAudiencesModule } from './audiences';
import { createAuthModule } from './auth';
import { createBillingModule } from './billing';
import { createCampaignsModule } from './campaigns';
import { createCataloguesModule } from './catalogues';
import { createCommunitiesModule } from './communities';
import { createDeepThoughtModule } from './deepthought';
import { createExploreModule } from './explore';
import { createHelpModule } from './help';
import { createHostsModule } from './hosts';
import { createIconsModule } from './icons';
import { createMeasurementModule } from './measurement';
import { createMediaModule } from './media';
import { createSocialModule } from './social';
import { premiumOrigin } from './social/social-callbacks';
import { createStaffModule } from './staff';
import { createStoreModule } from './store';
import { createTeamsModule } from './teams';
import { createUsersModule } from './users';
import { createXAudiencesModule } from './x-audiences';
import {
  activityAndApiAccess,
  agencyModule,
  auditAndSso,
  historySettings,
  liveParts,
  proModule,
  xEstimateModule,
} from './module-parts';

/**
 * Composes the modules: each `modules/<name>/index.ts` builds its own repositories, services and
 * routes from the collaborators passed here, so a module's signature says all it depends on
 * (CONVENTIONS "explicit services"). Only the shared infrastructure (auth cache, mail outbox, the X
 * client, the search counter) is made here.
 */
/** What the modules are made from (app.ts). */
export interface ModuleDeps {
  config: Config;
  db: Db;
  /**
   * Committed writes of every process (db/change-feed.ts); the saved, team and campaigns lists and
   * the Deep Thought followers page are cached while it listens.
   */
  changeFeed?: ChangeFeed | undefined;
  mailer: Mailer;
  clock: Clock;
  engine: EngineHolder;
  jobs: JobQueue;
  /** Scheduled work (app.ts): the history's runs. */
  scheduler: Scheduler;
  /** Auth-cache invalidations to and from the other server processes (REDIS_URL). */
  authInvalidationBus?: InvalidationBus | undefined;
  /** The live log (ARCHITECTURE "The live path"); without it the index is static. */
  live?: LiveDeps | undefined;
  /** Where the index stands on the live log (app.ts: shared with the probes and metrics); built here without. */
  liveStatus?: LiveStatusSource | undefined;
}

export function registerModules(app: FastifyInstance, deps: ModuleDeps) {
  const { config, db, mailer, clock, engine, jobs } = deps;
  const log = app.log;
  const secret = config.sessionSecret;
  const staffDomains = config.staffEmailDomains ?? [];

  // Credentials → users and `/api/user/me/` in memory; the repositories report their writes to it
  // (`changes`), so nothing it serves was overwritten (lib/auth-cache.ts).
  const authCache = createAuthCache({ bus: deps.authInvalidationBus });
  app.addHook('onClose', () => authCache.close());
  const changes = authCache;
  // The one client of X (integrations/x): sign-in, API v2, Ads API and its campaign side.
  const x = createXClient(config.x);
  // Mail is written with what it announces and sent after the commit; what could not be sent is
  // retried, also after a crash (integrations/mail/outbox.ts). Polling starts with the server.
  const outbox = createMailOutbox({
    outboxRepository: createOutboxRepository(db),
    mailer,
    clock,
    secret,
    log,
  });
  app.addHook('onReady', () => Promise.resolve(outbox.start()));
  app.addHook('onClose', () => outbox.stop());
  // One SearchCounter is fed by build-audience, the catalogue searches and the explore tools, and
  // read by communities' "most searched". Every caller has already needed the engine, so `get()`
  // does not turn a search into a 503.
  const searches = createSearchCounter((text) => engine.get().words(text));

  // Ad accounts come from the user's connected X account through X's Ads API (the sandbox's by default).
  const adAccounts = createAdAccountsModule({ db, ads: x.ads, secret, clock, log });
  const xAccounts = adAccounts.adAccountsService;
  const users = createUsersModule({
    db,
    changes,
    views: authCache,
    clock,
    // SPEC §6 creator access for whoever registers, where the configuration gives it (outside production by default).
    newUserGroups: config.creatorAccessForNewUsers ? [AUDIENCE_CREATOR_GROUP] : [],
    refreshAdAccounts: xAccounts.refresh,
    credentials: authCache,
  });
  const { usersService } = users;
  const teams = createTeamsModule({
    db,
    changeFeed: deps.changeFeed,
    changes,
    clock,
    outbox,
    usersService,
    publicUrl: config.publicUrl,
    inviteMailsPerHour: config.limits.inviteMailsPerTeam,
    inviteTtlDays: config.limits.inviteTtlDays,
    // Plan limits (modules/billing, created below), looked up when an invitation is made.
    seats: { assertSeatsFor: (teamId, adding) => billing.billingService.assertSeatsFor(teamId, adding) },
  });
  const { teamsService } = teams;
  const staff = createStaffModule({ db, changes, staffDomains });

  // The audience API (docs/API-AUDIENCES.md); its freshness counts X's streams when they stall.
  const live = liveParts(deps.live, config);
  // Where the index the API answers from stands on the live log: the shards' over shards (falling
  // back to this process's own live path when one cannot say), else this process's.
  const engineLive = deps.liveStatus ?? engineLiveStatus(engine, live.status, log);
  const store = createStoreModule({ engine, listCategories: () => audiences.listCategories() });
  const audiences = createAudiencesModule({
    db,
    clock,
    engine,
    jobs,
    teamsService,
    findStoreAudience: store.storeService.find,
    onBuild: (pkg) => searches.recordPackage(pkg),
    savedAudienceLimit: { assertCanSaveAudience: (id) => billing.billingService.assertCanSaveAudience(id) },
    uploadSets: (user, target, sets) => xAudiences.uploads.uploadSets(user, target, sets),
    liveStatus: engineLive,
    ...(deps.changeFeed && { changeFeed: deps.changeFeed }),
    history: historySettings(config, outbox, log, deps.scheduler),
  });
  const catalogues = createCataloguesModule({ engine, searches });
  const communities = createCommunitiesModule({ db, engine, searches, clock, liveStatus: engineLive, log });
  const explore = createExploreModule({ engine, jobs, searches });
  // Audiences on X: uploads to granted ad accounts, the Japanese agreement, audience usages.
  const xAudiences = createXAudiencesModule({
    db,
    teams: teamsService,
    audiences,
    tokensOf: xAccounts.tokensOf,
    // Billing (created below) answers the monthly upload allowance when an upload is made.
    uploadAllowance: (teamId) => billing.billingService.uploadPermission(teamId),
    ads: x.ads,
    engine,
    clock,
    secret,
    log,
    outbox,
    siteUrl: config.publicUrl,
    ...(config.xAudiencesFollowMs !== undefined && { followEveryMs: config.xAudiencesFollowMs }),
  });
  // SPEC §7 has-pixel, web-events, app-events, account-apps: a team's granted X ad account on X.
  const measurement = createMeasurementModule({
    db,
    teams: teamsService,
    tokensOf: xAccounts.tokensOf,
    ads: x.ads,
    guard: xAccounts.guard,
  });
  // X's audience estimate beside Murmur's: read with a team's granted ad account, else predicted.
  const xEstimate = xEstimateModule({ db, log, x, teamsService, xAccounts, audiences });
  // Campaigns, ad sets, ads and creatives, published to X's Ads API, with the delivery sync.
  const media = createMediaModule({ db, config, clock, teamsService });
  const campaigns = createCampaignsModule({
    db,
    changeFeed: deps.changeFeed,
    config,
    clock,
    engine,
    teamsService,
    mediaUrls: media.urls,
    ads: x.campaigns,
    tokensOf: xAccounts.tokensOf,
  });
  // The agency view across the caller's teams and each team's scheduled reports (docs/AGENCY.md).
  const agency = agencyModule({ db, clock, engine, teamsService, outbox, media });
  // The pro-targeting site's own API and tokens; staff are told by address domain as everywhere (SPEC §6).
  const pro = proModule({ ...deps, outbox, authCache, staff, staffDomains, usersService, audiences });

  // Sessions, sign-in codes and social sign-in; a sign-in's writes commit together.
  const auth = createAuthModule({
    db,
    authCache,
    outbox,
    clock,
    secret,
    usersService,
    signInWritesIn: (tx, txChanges) => ({
      users: users.usersServiceIn(tx, txChanges),
      proTokens: pro.proTokensIn(tx),
    }),
    revokeProToken: pro.proTokens.revoke,
    secureCookies: config.isProduction,
    signInCodesPerIp: config.limits.signInCodesPerIp,
    lifetimes: config.credentials,
  });
  const social = createSocialModule({
    db,
    changes,
    usersRepository: users.usersRepository,
    xSignIn: x.signIn,
    config,
    clock,
    log,
    onXTokens: (userId, xUserId, tokens) => xAccounts.keepTokens(userId, xUserId, tokens),
    onXDisconnect: xAccounts.forget,
    sessionService: auth.sessionService,
    usersService,
    secureCookies: config.isProduction,
    socialStartsPerIp: config.limits.socialStartsPerIp,
  });

  // Plans, checkout, upgrade and cancel through the payment provider; state from its webhooks.
  const billing = createBillingModule({
    db,
    config,
    clock,
    teamsService,
    log,
    premiumUrl: premiumOrigin(config.publicUrl),
  });
  // Deep Thought, the premium analytics suite on the user's own X accounts (modules/deepthought).
  const deepThought = createDeepThoughtModule({
    db,
    config,
    clock,
    log,
    xUsers: x.users,
    changeFeed: deps.changeFeed,
  });
  const access = auditAndSso({ db, changes, clock, config, teams, users, billing, auth });
  // The team's Activity feed, which also feeds the team webhooks (docs/API-KEYS.md); each call an API
  // key makes goes to the audit log.
  const { activity, apiAccess } = activityAndApiAccess({
    ...deps,
    log,
    teamsService,
    teams,
    xAudiences,
    campaigns,
    audiences,
    access,
  });
  // Activity first, so that its hooks see every route registered after it.
  const inOrder = [
    activity,
    ...access.modules, // the audit log before the routes it watches, as activity; team SSO
    auth,
    social,
    users,
    staff,
    adAccounts,
    teams,
    measurement,
    audiences,
    xEstimate,
    // The live path's routes (follower fetches): the live log and X's streams, when configured.
    { registerRoutes: (scope: FastifyInstance) => live.register(scope, db, teamsService) },
    catalogues,
    store,
    communities,
    explore,
    xAudiences,
    media,
    campaigns,
    agency,
    pro,
    deepThought,
    billing,
    apiAccess,
    createHelpModule(),
    createIconsModule(),
    createHostsModule({ findTeamBySlug: teams.teamBySlug }),
  ];
  return {
    sessionService: auth.sessionService,
    proTargetingTokens: pro.proTokens,
    apiKeys: apiAccess.keyAuth,
    async registerRoutes() {
      for (const module of inOrder) await module.registerRoutes(app);
    },
  };
}
