import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { ActivityKind, WebhookEventType } from '@murmur/core/api';
import type { Db } from '../../db/database';
import { teams } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { createApiKeyAuth, type ApiKeyUse } from './api-key-auth';
import { apiKeysRoutes, webhooksRoutes } from './api-access.routes';
import { createApiKeysRepository } from './api-keys.repository';
import { createApiKeysService, type ApiKeyChange, type TeamAdminAccess } from './api-keys.service';
import { createWebhooksRepository } from './webhooks.repository';
import { createWebhooksService, type TeamEvent } from './webhooks.service';

export type { ApiKeyChange } from './api-keys.service';
export type { ApiKeyUse } from './api-key-auth';
export type { TeamEvent } from './webhooks.service';
export { KEY_ROUTES } from './api-key-routes';

/** The activity kinds that are webhook events, and the event each one is. */
const EVENT_OF_ACTIVITY: Partial<Record<ActivityKind, WebhookEventType>> = {
  audience_saved: 'audience.saved',
  audience_updated: 'audience.changed',
  audience_deleted: 'audience.deleted',
  audience_uploaded: 'audience.uploaded',
  campaign_published: 'campaign.published',
  campaign_paused: 'campaign.paused',
  campaign_resumed: 'campaign.resumed',
};

/**
 * Customer API access (docs/API-KEYS.md): team API keys, for the auth plugin (`keyAuth`), and team
 * webhooks fed from the activity feed (`onActivity`). `onKeyUse` and `onKeyChange` tell an audit log
 * of each key's calls and of keys made and revoked.
 */
export function createApiAccessModule(deps: {
  db: Db;
  clock: Clock;
  teams: TeamAdminAccess;
  secret: string;
  log: FastifyBaseLogger;
  /** Outside production a webhook may call a receiver on this machine (development, the tests). */
  allowPrivateWebhooks: boolean;
  onKeyUse?: ((use: ApiKeyUse) => void) | undefined;
  onKeyChange?: ((change: ApiKeyChange) => void) | undefined;
}) {
  const { db, clock, log } = deps;
  const keysRepo = createApiKeysRepository(db);
  const apiKeysService = createApiKeysService({
    repo: keysRepo,
    teams: deps.teams,
    clock,
    onKeyChange: deps.onKeyChange,
  });
  const keyAuth = createApiKeyAuth({ repo: keysRepo, clock, onKeyUse: deps.onKeyUse });
  const webhooksService = createWebhooksService({
    repo: createWebhooksRepository(db),
    teams: deps.teams,
    teamSlugOf: async (id) =>
      (await db.select({ slug: teams.slug }).from(teams).where(eq(teams.id, id)))[0]?.slug,
    clock,
    secret: deps.secret,
    webhooks: { allowPrivate: deps.allowPrivateWebhooks, timeoutMs: 10_000 },
  });

  /** Sends an event to the team's endpoints without holding up the caller (failures are retried). */
  const publish = (event: TeamEvent) => {
    webhooksService.publish(event).catch((error: unknown) => log.error({ err: error }, 'webhook not sent'));
  };

  return {
    apiKeysService,
    webhooksService,
    keyAuth,
    publish,
    /** activity's `onRecorded`: the team's audience and campaign events as webhooks. */
    onActivity: (entry: {
      teamId: number | null;
      kind: ActivityKind;
      subject: string;
      subjectId: number | null;
    }) => {
      const type = EVENT_OF_ACTIVITY[entry.kind];
      if (type === undefined || entry.teamId === null) return;
      publish({
        teamId: entry.teamId,
        type,
        subject: {
          kind: type.startsWith('campaign.') ? 'campaign' : 'audience',
          id: entry.subjectId,
          name: entry.subject,
        },
      });
    },
    /** x-audiences' `onUploadSettled`: an upload ready on X, or too small to target. */
    onUploadSettled: (upload: {
      teamId: number;
      uploadId: number;
      name: string;
      state: 'ready' | 'failed';
    }) => {
      publish({
        teamId: upload.teamId,
        type: upload.state === 'ready' ? 'audience.upload_ready' : 'audience.upload_too_small',
        subject: { kind: 'upload', id: upload.uploadId, name: upload.name },
      });
    },
    /** campaigns' `onDeliveryMilestone`: X's impressions of a campaign reached a milestone. */
    onDeliveryMilestone: (m: {
      teamId: number;
      campaignId: number;
      name: string;
      milestone: number;
      impressions: number;
    }) => {
      publish({
        teamId: m.teamId,
        type: 'campaign.delivery_milestone',
        subject: { kind: 'campaign', id: m.campaignId, name: m.name },
        detail: { metric: 'impressions', milestone: m.milestone, value: m.impressions },
      });
    },
    /** audiences' `onAlertFired`: a history alert rule on a team audience fired. */
    onAlertFired: (fired: {
      teamId: number | null;
      configId: number;
      name: string;
      detail: NonNullable<TeamEvent['detail']>;
    }) => {
      if (fired.teamId === null) return;
      publish({
        teamId: fired.teamId,
        type: 'audience.alert',
        subject: { kind: 'audience', id: fired.configId, name: fired.name },
        detail: fired.detail,
      });
    },
    async registerRoutes(app: FastifyInstance) {
      // Each key's calls are counted in the app's rate limit store (Redis when configured).
      keyAuth.useRateLimitStore(app);
      await app.register(apiKeysRoutes, { apiKeysService });
      await app.register(webhooksRoutes, { webhooksService });
      // Failed deliveries are tried again after their backoff.
      let timer: NodeJS.Timeout | undefined;
      app.addHook('onReady', (ready) => {
        timer = setInterval(() => {
          webhooksService
            .deliverDue()
            .catch((error: unknown) => log.error({ err: error }, 'webhook retries failed'));
        }, 60_000);
        timer.unref();
        ready();
      });
      app.addHook('onClose', (_instance, closed) => {
        clearInterval(timer);
        closed();
      });
    },
  };
}
