import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import type { EngineHolder } from '../../engine/engine-holder';
import { presentAccounts } from '../../engine/present-account';
import { createOutboxRepository, type MailOutbox } from '../../integrations/mail';
import type { JobQueue } from '../../jobs/jobs';
import type { AuthCache } from '../../lib/auth-cache';
import type { Clock } from '../../lib/clock';
import { createImageDownloader } from './image-downloader';
import { proOrigin } from './pro-origin';
import { createProTokenRepository, createProTokenService, issueProToken } from './pro-tokens';
import { proRoutes } from './pro.routes';
import { createRequestsRepository } from './requests.repository';
import { createRequestsService, type AdAccountsOf } from './requests.service';
import { createListShareLinks } from './list-share-links';
import { createShareOffersRepository } from './share-offers.repository';
import { createShareService, type CopyList, type FindConfig, type FindUser } from './share.service';
import { createXstatsService } from './xstats.service';
import { createMonitorsRepository } from './monitors.repository';
import { createMonitorsService } from './monitors.service';

/**
 * The pro-targeting site's own API: audience requests with their mails, xstats, marketing
 * materials, the competitor summary PDF and the image downloader (docs/API-AUDIENCES.md).
 */
export function createProModule(deps: {
  db: Db;
  clock: Clock;
  engine: EngineHolder;
  jobs: JobQueue;
  outbox: MailOutbox;
  /** The pro-targeting tokens' users are cached beside the sessions' (lib/auth-cache.ts). */
  authCache: AuthCache;
  /** PUBLIC_URL: the image downloader's own origin; mail links go to its pro host (proOrigin). */
  publicUrl: string;
  /** SPEC §6: whether a signed-in address is internal staff's, and staff's domains. */
  isStaffEmail: (email: string) => boolean;
  staffDomains: readonly string[];
  adAccountsOf: AdAccountsOf;
  findConfig: FindConfig;
  /** Share via account: the account of an address, and a list saved as that account's own. */
  findUser: FindUser;
  copyList: CopyList;
  /** Signs share links (list-share-links.ts). */
  secret: string;
}) {
  const { db, clock, engine, jobs, outbox, publicUrl, isStaffEmail, staffDomains, adAccountsOf, findConfig } =
    deps;
  // Mail links open the pro host itself (SPEC §1 flavours by host name).
  const siteUrl = proOrigin(publicUrl);
  const requestsService = createRequestsService({
    requests: createRequestsRepository(db),
    inTransaction: (work) =>
      db.transaction((tx) =>
        work({ requests: createRequestsRepository(tx), outbox: createOutboxRepository(tx) }),
      ),
    outbox,
    clock,
    siteUrl,
    isStaffEmail,
    staffDomains,
    adAccountsOf,
  });
  const validateHandle = (handle: string) => {
    const e = engine.get();
    const account = e.findAccount(handle);
    if (account === undefined) return { valid: false, handle, account: null };
    const [summary] = presentAccounts(e, [account]);
    return { valid: true, handle: summary?.handle ?? handle, account: summary ?? null };
  };
  const listShareLinks = createListShareLinks({ db, secret: deps.secret, clock, siteUrl, findConfig });
  const monitorsService = createMonitorsService({
    monitors: createMonitorsRepository(db),
    engine,
    clock,
    inTransaction: (work) => db.transaction((tx) => work({ outbox: createOutboxRepository(tx) })),
    outbox,
    isStaff: (user) => isStaffEmail(user.email),
  });
  // SPEC §6: the pro-targeting site's per-user tokens, checked by the auth plugin (plugins/auth.ts).
  const proTokens = createProTokenService({
    repo: createProTokenRepository(db),
    authCache: deps.authCache,
    clock,
  });
  return {
    requestsService,
    monitorsService,
    proTokens,
    /** Issues a token inside a sign-in's transaction (modules/auth). */
    proTokensIn: (tx: Db) => ({
      issue: (userId: number) => issueProToken(createProTokenRepository(tx), userId),
    }),
    async registerRoutes(app: FastifyInstance) {
      // The weekly results monitor: every hour, the monitors not measured for a week (once the
      // engine is ready; a failed run is retried at the next tick).
      let timer: NodeJS.Timeout | undefined;
      app.addHook('onReady', (ready) => {
        timer = setInterval(
          () => {
            if (engine.status().state !== 'ready') return;
            monitorsService
              .runDue()
              .catch((error: unknown) => app.log.error({ err: error }, 'weekly results monitor failed'));
          },
          60 * 60 * 1000,
        );
        timer.unref();
        ready();
      });
      app.addHook('onClose', (_instance, closed) => {
        clearInterval(timer);
        closed();
      });
      const shareService = createShareService({
        findConfig,
        inTransaction: (work) =>
          db.transaction((tx) =>
            work({ outbox: createOutboxRepository(tx), offers: createShareOffersRepository(tx) }),
          ),
        outbox,
        siteUrl,
        findUser: deps.findUser,
        copyList: deps.copyList,
        offers: createShareOffersRepository(db),
        clock,
        links: listShareLinks,
        onError: (error) => app.log.error({ err: error }, 'share via account failed'),
      });
      app.addHook('onClose', async () => {
        await shareService.settled();
      });
      await app.register(proRoutes, {
        requestsService,
        monitorsService,
        shareService,
        listShareLinks,
        xstatsService: createXstatsService({ engine }),
        imageDownloader: createImageDownloader({ ownOrigin: publicUrl }),
        validateHandle,
        jobs,
        clock,
      });
    },
  };
}
