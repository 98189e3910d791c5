import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { ChangeFeed } from '../../db/change-feed';
import type { Db } from '../../db/database';
import type { EngineHolder } from '../../engine/engine-holder';
import type { XAdsCampaignClient, XUserTokens } from '../../integrations/x';
import type { Clock } from '../../lib/clock';
import { createReadCache } from '../../lib/read-cache';
import { createCampaignsRepository, type MediaRow } from './campaigns.repository';
import { campaignsRoutes } from './campaigns.routes';
import { createCampaignsService, type MediaUrls, type TeamAccess } from './campaigns.service';
import type { DeliveryMilestone } from './delivery-milestones';

/** Every table the campaigns list reads (campaigns.repository.ts `listCampaigns`, `totals`). */
const CAMPAIGN_LIST_TABLES = ['campaigns', 'adsets', 'ads', 'ad_stats', 'teams', 'users'] as const;

/** How often delivery is read from X's stats by default. */
const SYNC_EVERY_MS = 10 * 60_000;

/**
 * SPEC §7 Ads and Campaigns: the API, publishing to X's Ads API and the scheduled delivery sync
 * (every 10 minutes, from the server's start; `syncNow` for tests and the detail screen).
 */
export function createCampaignsModule(deps: {
  db: Db;
  config: Config;
  clock: Clock;
  engine: EngineHolder;
  teamsService: TeamAccess;
  /** Public URLs of stored media (modules/media); files are served under /api/media/files/ otherwise. */
  mediaUrls?: MediaUrls;
  /** The campaign side of X's Ads API (integrations/x). */
  ads: XAdsCampaignClient;
  /** The user's X token, from the ad-accounts module that keeps it (as x-audiences and measurement). */
  tokensOf: (userId: number) => Promise<XUserTokens | undefined>;
  syncEveryMs?: number;
  /** Committed writes heard from every process: the campaigns lists are then answered from memory. */
  changeFeed?: ChangeFeed | undefined;
}) {
  const { db, config, clock } = deps;
  const repo = createCampaignsRepository(db);
  // Its clock is the statuses' (a campaign that ends is Expired on the injected clock's time).
  const listCache =
    deps.changeFeed &&
    createReadCache({
      feed: deps.changeFeed,
      tables: CAMPAIGN_LIST_TABLES,
      now: () => clock.now().getTime(),
    });
  // Told when a delivery sync finds a campaign past a milestone, e.g. the team webhooks; subscribed
  // after the module is made (`onDeliveryMilestone`).
  const milestones: ((milestone: DeliveryMilestone) => void)[] = [];
  const fileUrl = (key: string) => `${config.publicUrl}/api/media/files/${encodeURIComponent(key)}`;
  const mediaUrls: MediaUrls =
    deps.mediaUrls ??
    ((row: MediaRow) => ({ url: fileUrl(row.storageKey), thumbnail_url: fileUrl(row.thumbnailKey) }));
  const campaignsService = createCampaignsService({
    repo,
    teams: deps.teamsService,
    membershipOf: (userId, teamId) => repo.membership(userId, teamId),
    tokensOf: deps.tokensOf,
    ads: deps.ads,
    engine: deps.engine,
    mediaUrls,
    publicMediaUrl: (row) => mediaUrls(row).url,
    clock,
    onMilestone: (milestone) => milestones.forEach((listener) => listener(milestone)),
  });

  return {
    campaignsService,
    onDeliveryMilestone: (listener: (milestone: DeliveryMilestone) => void) => void milestones.push(listener),
    async registerRoutes(app: FastifyInstance) {
      await app.register(campaignsRoutes, { campaignsService, listCache });
      if (listCache) app.addHook('onClose', (_app, done) => (listCache.close(), done()));
      let timer: NodeJS.Timeout | undefined;
      let running = false;
      const tick = async () => {
        if (running) return;
        running = true;
        try {
          await campaignsService.syncAll((err, campaignId) =>
            app.log.warn({ err, campaignId }, 'campaign delivery sync failed'),
          );
        } finally {
          running = false;
        }
      };
      app.addHook('onReady', (done) => {
        if (config.env !== 'test') {
          timer = setInterval(() => void tick(), deps.syncEveryMs ?? SYNC_EVERY_MS);
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

/** A package as X targeting criteria (also what X's audience estimate is asked for, modules/x-estimate). */
export { plannedCriteria } from './targeting-criteria';
export { statusOf as campaignStatusOf } from './campaign-status';
export type { DeliveryMilestone } from './delivery-milestones';
