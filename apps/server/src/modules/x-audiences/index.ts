import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import type { EngineHolder } from '../../engine/engine-holder';
import { createOutboxRepository, type MailOutbox } from '../../integrations/mail';
import type { XAdsClient } from '../../integrations/x';
import type { Clock } from '../../lib/clock';
import { applyUsageToLineItem } from './apply-to-line-item';
import { createAgreementService } from './agreement.service';
import {
  createUploadsService,
  type UploadSettled,
  type ReadConfig,
  type TokensOf,
  type UploadAllowance,
  type UploadTeams,
} from './uploads.service';
import { createUsagesService } from './usages.service';
import { createXAudiencesRepository } from './x-audiences.repository';
import { xAudiencesRoutes } from './x-audiences.routes';

/** How often the follow-up job asks X about processing uploads and runs due autopilots. */
const FOLLOW_EVERY_MS = 30_000;

/**
 * Audiences on X: uploads to granted ad accounts (followed until targetable and registered as
 * custom audiences in the engine), the Japanese agreement, and audience usages.
 */
export function createXAudiencesModule(deps: {
  db: Db;
  teams: UploadTeams;
  /**
   * The audiences module: saved audiences as uploads read them, and when its own custom audiences
   * (saved lookalikes) are registered — uploads of them are registered after, from their members.
   */
  audiences: { configsService: { get: ReadConfig }; customAudiencesReady(): Promise<void> };
  tokensOf: TokensOf;
  /** Billing's monthly upload allowance (subscription and plan), asked before a new upload. */
  uploadAllowance: UploadAllowance;
  ads: XAdsClient;
  engine: EngineHolder;
  clock: Clock;
  secret: string;
  log: FastifyBaseLogger;
  /** Share links' mails go through the outbox and open the dashboard at `siteUrl`. */
  outbox: MailOutbox;
  siteUrl: string;
  /** Milliseconds between follow-up rounds (FOLLOW_EVERY_MS); 0 turns the background job off. */
  followEveryMs?: number;
}) {
  // Told when an upload became ready on X or ended too small (uploads.service.ts), e.g. the team
  // webhooks; subscribed after the module is made (`onUploadSettled`).
  const settled: ((upload: UploadSettled) => void)[] = [];
  const repo = createXAudiencesRepository(deps.db);
  const agreement = createAgreementService({ repo, teams: deps.teams, clock: deps.clock });
  const uploads = createUploadsService({
    repo,
    teams: deps.teams,
    readConfig: (user, id) => deps.audiences.configsService.get(user, id),
    tokensOf: deps.tokensOf,
    agreement,
    uploadAllowance: deps.uploadAllowance,
    ads: deps.ads,
    engine: deps.engine,
    clock: deps.clock,
    log: deps.log,
    onUploadSettled: (upload) => settled.forEach((listener) => listener(upload)),
  });
  const usages = createUsagesService({
    repo,
    teams: deps.teams,
    agreement,
    secret: deps.secret,
    clock: deps.clock,
    siteUrl: deps.siteUrl,
    sendMail: async (mail) => {
      const entry = await deps.outbox.enqueue(createOutboxRepository(deps.db), mail, { kind: 'usage-share' });
      await deps.outbox.sendNow(entry);
    },
    // The autopilot re-applies with the token of the user who recorded the usage.
    applyToLineItem: async (usage) => {
      const tokens = await deps.tokensOf(usage.userId);
      if (tokens) await applyUsageToLineItem(deps.ads, tokens, usage);
    },
  });
  const every = deps.followEveryMs ?? FOLLOW_EVERY_MS;

  return {
    uploads,
    agreement,
    onUploadSettled: (listener: (upload: UploadSettled) => void) => void settled.push(listener),
    usages,
    async registerRoutes(app: FastifyInstance) {
      await app.register(xAudiencesRoutes, { uploads, agreement, usages });
      let timer: NodeJS.Timeout | undefined;
      let running = false;
      const round = async () => {
        if (running) return;
        running = true;
        try {
          await uploads.followProcessing();
          await usages.runAutopilots();
        } catch (error) {
          deps.log.warn({ err: error }, 'following uploads and autopilots failed');
        } finally {
          running = false;
        }
      };
      app.addHook('onReady', (done) => {
        // Custom audiences are registered again in the engine once it is built.
        deps.audiences
          .customAudiencesReady()
          .then(() => uploads.registerAll())
          .catch((error: unknown) => deps.log.warn({ err: error }, 'custom audiences not registered'));
        if (every > 0) {
          timer = setInterval(() => void round(), every);
          timer.unref();
        }
        done();
      });
      app.addHook('onClose', (_app, done) => {
        if (timer) clearInterval(timer);
        done();
      });
    },
  };
}
