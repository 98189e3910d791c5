import type { FastifyInstance } from 'fastify';
import { AUDIENCE_CREATOR_GROUP } from '@murmur/core/api';
import type { Config } from '../config';
import type { Db } from '../db/database';
import type { EngineHolder } from '../engine/engine-holder';
import type { JobQueue } from '../jobs/jobs';
import { createMailOutbox, createOutboxRepository, type Mailer } from '../integrations/mail';
import { createXClient } from '../integrations/x';
import { createAuthCache, type InvalidationBus } from '../lib/auth-cache';
import type { Clock } from '../lib/clock';
import { reportAfterCommit } from '../lib/user-changes';
import { createSearchCounter } from '../lib/search-counter';
import { createXAdAccountsRepository } from './ad-accounts/ad-accounts.repository';
import { adAccountsRoutes } from './ad-accounts/ad-accounts.routes';
import { createXAdAccountsService } from './ad-accounts/ad-accounts.service';
import { createActivityModule } from './activity';
import { createAudiencesModule } from './audiences';
import { createBillingModule } from './billing';
import { createCampaignsModule } from './campaigns';
import { createMediaModule } from './media';
import { listCategories } from './audiences/categories.repository';
import { authRoutes } from './auth/auth.routes';
import { createMagicLinkRepository } from './auth/magic-link.repository';
import { createMagicLinkService } from './auth/magic-link.service';
import { createSessionRepository } from './auth/sessions.repository';
import { createSessionService } from './auth/sessions.service';
import { cataloguesRoutes } from './catalogues/catalogues.routes';
import { createCataloguesService } from './catalogues/catalogues.service';
import { communitiesRoutes } from './communities/communities.routes';
import { createCommunitiesService } from './communities/communities.service';
import { createDeepThoughtModule } from './deepthought';
import { createExploreModule } from './explore';
import { createHelpService } from './help/help.service';
import { helpRoutes } from './help/help.routes';
import { hostsRoutes } from './hosts/hosts.routes';
import { iconsRoutes } from './icons/icons.routes';
import { createMeasurementRepository } from './measurement/measurement.repository';
import { measurementRoutes } from './measurement/measurement.routes';
import { createMeasurementService } from './measurement/measurement.service';
import { createProModule } from './pro';
import { createProTokenRepository, createProTokenService, issueProToken } from './pro/pro-tokens';
import { createSocialAccountsRepository } from './social/social-accounts.repository';
import { premiumOrigin } from './social/social-callbacks';
import { createXAudiencesModule } from './x-audiences';
import { socialRoutes } from './social/social.routes';
import { createSocialService } from './social/social.service';
import { storeRoutes } from './store/store.routes';
import { createStoreService } from './store/store.service';
import { invitesRoutes } from './teams/invites.routes';
import { createInvitesRepository } from './teams/invites.repository';
import { createInvitesService } from './teams/invites.service';
import { parseTeamRef } from './teams/team-ref';
import { teamsRoutes } from './teams/teams.routes';
import { createTeamsRepository } from './teams/teams.repository';
import { createTeamsService } from './teams/teams.service';
import { createAdAccountsRepository } from './users/ad-accounts.repository';
import { usersRoutes } from './users/users.routes';
import { createStaffRepository } from './staff/staff.repository';
import { staffRoutes } from './staff/staff.routes';
import { createStaffService, isInternalStaff } from './staff/staff.service';
import { createUsersRepository } from './users/users.repository';
import { createUsersService } from './users/users.service';

/**
 * Wires repositories → services → routes. Every collaborator is passed explicitly, so a service's
 * signature says all it depends on (CONVENTIONS "explicit services").
 */
export function registerModules(
  app: FastifyInstance,
  deps: {
    config: Config;
    db: Db;
    mailer: Mailer;
    clock: Clock;
    engine: EngineHolder;
    jobs: JobQueue;
    /** Auth-cache invalidations to and from the other server processes (REDIS_URL). */
    authInvalidationBus?: InvalidationBus | undefined;
  },
) {
  const { config, db, mailer, clock } = deps;
  const log = app.log;
  // The one client of X (integrations/x): sign-in, API v2, Ads API and its campaign side.
  const x = createXClient(config.x);

  // Credentials → users and `/api/user/me/` in memory; the repositories below report their writes
  // to it (`changes`), so nothing it serves was overwritten (lib/auth-cache.ts).
  const authCache = createAuthCache({ bus: deps.authInvalidationBus });
  app.addHook('onClose', () => authCache.close());
  const changes = authCache;
  const sessionService = createSessionService({
    sessionRepository: createSessionRepository(db),
    authCache,
    secret: config.sessionSecret,
    clock,
  });
  // SPEC §6: the pro-targeting site's per-user tokens (modules/pro/pro-tokens.ts).
  const proTokenService = createProTokenService({ repo: createProTokenRepository(db), authCache, clock });
  // SPEC §6 creator access for whoever registers, where the configuration gives it (outside production by default).
  const newUserGroups = config.creatorAccessForNewUsers ? [AUDIENCE_CREATOR_GROUP] : [];
  const usersRepository = createUsersRepository(db, changes, { newUserGroups });
  // Ad accounts come from the user's connected X account through X's Ads API (the sandbox's by default).
  const xAdAccountsService = createXAdAccountsService({
    repo: createXAdAccountsRepository(db),
    ads: x.ads,
    secret: config.sessionSecret,
    clock,
    log,
  });
  const usersService = createUsersService({
    usersRepository,
    adAccountsRepository: createAdAccountsRepository(db),
    views: authCache,
    clock,
    refreshAdAccounts: xAdAccountsService.refresh,
  });
  // Mail is written with what it announces and sent after the commit; what could not be sent is
  // retried, also after a crash (integrations/mail/outbox.ts). Polling starts with the server.
  const outbox = createMailOutbox({
    outboxRepository: createOutboxRepository(db),
    mailer,
    clock,
    secret: config.sessionSecret,
    log,
  });
  app.addHook('onReady', (done) => {
    outbox.start();
    done();
  });
  app.addHook('onClose', () => outbox.stop());
  const magicLinkService = createMagicLinkService({
    magicLinkRepository: createMagicLinkRepository(db),
    usersService,
    // A sign-in's writes over one transaction, through the same services and rules as elsewhere.
    inTransaction: (work) =>
      reportAfterCommit(changes, (txChanges) =>
        db.transaction((tx) =>
          work({
            links: createMagicLinkRepository(tx),
            outbox: createOutboxRepository(tx),
            users: createUsersService({
              usersRepository: createUsersRepository(tx, txChanges, { newUserGroups }),
              adAccountsRepository: createAdAccountsRepository(tx),
              views: authCache,
              clock,
            }),
            sessions: createSessionService({
              sessionRepository: createSessionRepository(tx),
              authCache,
              secret: config.sessionSecret,
              clock,
            }),
            proTokens: { issue: (userId) => issueProToken(createProTokenRepository(tx), userId) },
          }),
        ),
      ),
    outbox,
    clock,
    secret: config.sessionSecret,
  });
  const teamsRepository = createTeamsRepository(db, changes);
  const teamsService = createTeamsService({ teamsRepository, usersService, clock });
  const invitesService = createInvitesService({
    invitesRepository: createInvitesRepository(db, changes),
    teamsRepository,
    teamsService,
    inTransaction: (work) =>
      db.transaction((tx) =>
        work({ invites: createInvitesRepository(tx), outbox: createOutboxRepository(tx) }),
      ),
    outbox,
    clock,
    publicUrl: config.publicUrl,
    mailsPerHour: config.limits.inviteMailsPerTeam,
    // Plan limits (modules/billing), looked up when an invitation is made.
    seats: { assertSeatsFor: (teamId, adding) => billing.billingService.assertSeatsFor(teamId, adding) },
  });

  const socialService = createSocialService({
    socialAccountsRepository: createSocialAccountsRepository(db, changes),
    usersRepository,
    xClient: x.signIn,
    config,
    clock,
    log,
    onXTokens: (userId, xUserId, tokens) => xAdAccountsService.keepTokens(userId, xUserId, tokens),
    onXDisconnect: xAdAccountsService.forget,
  });

  // The audience API (docs/API-AUDIENCES.md). One SearchCounter is fed by build-audience, the
  // catalogue searches and the explore tools, and read by communities' "most searched".
  const { engine, jobs } = deps;
  // Every caller has already needed the engine, so `get()` does not turn a search into a 503.
  const searches = createSearchCounter((text) => engine.get().words(text));
  const storeService = createStoreService({ engine, listCategories: () => listCategories(db) });
  const audiences = createAudiencesModule({
    db,
    clock,
    engine,
    jobs,
    teamsService,
    findStoreAudience: storeService.find,
    onBuild: (pkg) => searches.recordPackage(pkg),
    savedAudienceLimit: {
      assertCanSaveAudience: (teamId) => billing.billingService.assertCanSaveAudience(teamId),
    },
  });
  const cataloguesService = createCataloguesService({ engine, searches });
  const communitiesService = createCommunitiesService({ engine, searches });
  const explore = createExploreModule({ engine, jobs, searches });
  // Audiences on X: uploads to granted ad accounts, the Japanese agreement, audience usages.
  const xAudiences = createXAudiencesModule({
    db,
    teams: teamsService,
    readConfig: (user, id) => audiences.configsService.get(user, id),
    tokensOf: xAdAccountsService.tokensOf,
    // Billing (created below) answers the monthly upload allowance when an upload is made.
    uploadAllowance: (teamId) => billing.billingService.uploadPermission(teamId),
    ads: x.ads,
    engine,
    clock,
    secret: config.sessionSecret,
    log,
  });
  // Campaigns, ad sets, ads and creatives, published to X's Ads API, with the delivery sync.
  const media = createMediaModule({ db, config, clock, teamsService });
  const campaigns = createCampaignsModule({
    db,
    config,
    clock,
    engine,
    teamsService,
    mediaUrls: media.urls,
    ads: x.campaigns,
    tokensOf: xAdAccountsService.tokensOf,
  });
  // The pro-targeting site's own API; staff are told by address domain as everywhere (SPEC §6).
  const pro = createProModule({
    db,
    clock,
    engine,
    jobs,
    outbox,
    publicUrl: config.publicUrl,
    isStaffEmail: (email) => isInternalStaff(email, config.staffEmailDomains ?? []),
    staffDomains: config.staffEmailDomains ?? [],
    adAccountsOf: (user) => usersService.adAccounts(user),
    findConfig: (user, id) => audiences.configsService.get(user, id),
    findUser: (email) => usersService.findByEmail(email),
    copyList: (to, list) => audiences.configsService.create(to, { ...list, exclusions: [] }),
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
  const deepThought = createDeepThoughtModule({ db, config, clock, log, xUsers: x.users });

  // The audit log behind each team's Activity feed, recorded from the answers of the routes it watches.
  const activity = createActivityModule({
    db,
    clock,
    teams: teamsService,
    teamIdOf: async (value) => {
      const ref = parseTeamRef(value);
      return ref && (await teamsRepository.findByRef(ref))?.id;
    },
  });

  return {
    sessionService,
    proTargetingTokens: proTokenService,
    async registerRoutes() {
      // First, so that its hooks see every route registered after it.
      await activity.registerRoutes(app);
      await app.register(authRoutes, {
        magicLinkService,
        sessionService,
        revokeProToken: proTokenService.revoke,
        usersService,
        secureCookies: config.isProduction,
        signInCodesPerIp: config.limits.signInCodesPerIp,
      });
      await app.register(socialRoutes, {
        socialService,
        sessionService,
        usersService,
        secureCookies: config.isProduction,
        socialStartsPerIp: config.limits.socialStartsPerIp,
      });
      await app.register(usersRoutes, { usersService });
      await app.register(staffRoutes, {
        staffService: createStaffService({
          repo: createStaffRepository(db, changes),
          staffDomains: config.staffEmailDomains ?? [],
        }),
      });
      await app.register(adAccountsRoutes, { adAccountsService: xAdAccountsService });
      await app.register(teamsRoutes, { teamsService });
      // SPEC §7 has-pixel, web-events, app-events, account-apps: a team's granted X ad account on X.
      await app.register(measurementRoutes, {
        measurementService: createMeasurementService({
          repo: createMeasurementRepository(db),
          teams: teamsService,
          tokensOf: xAdAccountsService.tokensOf,
          ads: x.ads,
          guard: xAdAccountsService.guard,
        }),
      });
      await app.register(invitesRoutes, { invitesService });
      await audiences.registerRoutes(app);
      await app.register(cataloguesRoutes, { cataloguesService });
      await app.register(storeRoutes, { storeService });
      await app.register(communitiesRoutes, { communitiesService });
      await explore.registerRoutes(app);
      await xAudiences.registerRoutes(app);
      await media.registerRoutes(app);
      await campaigns.registerRoutes(app);
      await pro.registerRoutes(app);
      await deepThought.registerRoutes(app);
      await billing.registerRoutes(app);
      await app.register(helpRoutes, { helpService: createHelpService() });
      await app.register(iconsRoutes);
      await app.register(hostsRoutes, {
        findTeamBySlug: async (slug) => {
          const team = await teamsRepository.findBySlug(slug);
          return team && { id: team.id, name: team.name, slug: team.slug, logo: team.logo };
        },
      });
    },
  };
}
