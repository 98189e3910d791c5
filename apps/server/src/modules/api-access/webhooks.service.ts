import { randomUUID } from 'node:crypto';
import type {
  CreatedWebhook,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEvent,
  WebhookEventType,
} from '@murmur/core/api';
import type { WebhookDeliveryRow, WebhookEndpointRow } from '../../db/schema';
import { NotFound } from '../../errors';
import type { Clock } from '../../lib/clock';
import { randomKey, seal, unseal } from '../../lib/crypto';
import type { OutboundOptions } from '../../lib/outbound-post';
import { attemptWebhook } from '../../lib/webhook-signature';
import type { TeamAdminAccess } from './api-keys.service';
import type { WebhooksRepository } from './webhooks.repository';

export type WebhooksService = ReturnType<typeof createWebhooksService>;

/** Not the audience alerts' purpose: a team endpoint's sealed secret opens nowhere else. */
const SEAL_PURPOSE = 'team-webhook-secret';
/** Deliveries the log shows per endpoint. */
const LOG_SIZE = 50;

const presentEndpoint = (row: WebhookEndpointRow): WebhookEndpoint => ({
  id: row.id,
  url: row.url,
  events: row.events,
  created: row.created.toISOString(),
});

const presentDelivery = (row: WebhookDeliveryRow): WebhookDelivery => ({
  id: row.id,
  event_type: row.event.type,
  state: row.state,
  attempts: row.attempts,
  response_status: row.responseStatus,
  last_error: row.lastError,
  next_attempt_at: row.nextAttemptAt?.toISOString() ?? null,
  created: row.created.toISOString(),
  delivered: row.delivered?.toISOString() ?? null,
});

/** What an event is about, as the activity feed or a module saw it. */
export interface TeamEvent {
  teamId: number;
  type: WebhookEventType;
  subject: { kind: 'audience' | 'upload' | 'campaign'; id: number | null; name: string };
  detail?: WebhookEvent['detail'];
}

/**
 * A team's webhooks (docs/API-KEYS.md "Webhooks"): endpoints choose event types; each event is a
 * delivery signed like the audience alerts' (`Murmur-Signature`), tried at once and then after each
 * step of WEBHOOK_BACKOFF_MS, with the log of its attempts.
 */
export function createWebhooksService(deps: {
  repo: WebhooksRepository;
  teams: TeamAdminAccess;
  teamSlugOf: (teamId: number) => Promise<string | undefined>;
  clock: Clock;
  secret: string;
  webhooks: OutboundOptions;
}) {
  const { repo, teams, clock, secret } = deps;

  /** One attempt (lib/webhook-signature.ts): the delivery row takes its result. */
  async function attempt(delivery: WebhookDeliveryRow, endpoint: WebhookEndpointRow): Promise<void> {
    const target = {
      url: endpoint.url,
      secret: unseal(secret, SEAL_PURPOSE, endpoint.secret),
      options: deps.webhooks,
    };
    await repo.updateDelivery(delivery.id, await attemptWebhook(target, delivery, clock.now()));
  }

  async function deliver(endpoint: WebhookEndpointRow, event: WebhookEvent): Promise<WebhookDeliveryRow> {
    const delivery = await repo.addDelivery({
      endpointId: endpoint.id,
      event,
      state: 'pending',
      nextAttemptAt: clock.now(),
      created: clock.now(),
    });
    await attempt(delivery, endpoint);
    return delivery;
  }

  const eventOf = (
    team: { id: number; slug: string },
    type: WebhookEvent['type'],
    subject: WebhookEvent['subject'],
    detail?: WebhookEvent['detail'],
  ): WebhookEvent => ({
    id: randomUUID(),
    type,
    created: clock.now().toISOString(),
    team,
    subject,
    ...(detail && { detail }),
  });

  async function endpointOf(
    user: Parameters<TeamAdminAccess['adminAccess']>[0],
    teamRef: string,
    id: number,
  ) {
    const { team } = await teams.adminAccess(user, teamRef);
    const endpoint = await repo.find(team.id, id);
    if (!endpoint) throw new NotFound();
    return { team, endpoint };
  }

  return {
    async list(user: Parameters<TeamAdminAccess['adminAccess']>[0], teamRef: string) {
      const { team } = await teams.adminAccess(user, teamRef);
      return (await repo.list(team.id)).map(presentEndpoint);
    },

    /** The signing secret is in this answer only (sealed at rest). */
    async create(
      user: Parameters<TeamAdminAccess['adminAccess']>[0],
      teamRef: string,
      input: { url: string; events: WebhookEventType[] },
    ): Promise<CreatedWebhook> {
      const { team } = await teams.adminAccess(user, teamRef);
      const signing = `whsec_${randomKey(24)}`;
      const row = await repo.create({
        teamId: team.id,
        url: input.url,
        events: [...new Set(input.events)],
        secret: seal(secret, SEAL_PURPOSE, signing),
        created: clock.now(),
      });
      return { ...presentEndpoint(row), secret: signing };
    },

    async remove(user: Parameters<TeamAdminAccess['adminAccess']>[0], teamRef: string, id: number) {
      const { team } = await teams.adminAccess(user, teamRef);
      if (!(await repo.remove(team.id, id))) throw new NotFound();
    },

    async deliveries(user: Parameters<TeamAdminAccess['adminAccess']>[0], teamRef: string, id: number) {
      const { endpoint } = await endpointOf(user, teamRef, id);
      return (await repo.deliveries(endpoint.id, LOG_SIZE)).map(presentDelivery);
    },

    /** "Send test": a `test` event to this endpoint now, answered with its delivery after the first try. */
    async sendTest(user: Parameters<TeamAdminAccess['adminAccess']>[0], teamRef: string, id: number) {
      const { team, endpoint } = await endpointOf(user, teamRef, id);
      const delivery = await deliver(
        endpoint,
        eventOf(team, 'test', { kind: 'test', id: null, name: 'Test event' }),
      );
      const [row] = (await repo.deliveries(endpoint.id, LOG_SIZE)).filter((d) => d.id === delivery.id);
      return presentDelivery(row ?? delivery);
    },

    /** Sends an event to every endpoint of its team that asked for its type (first attempt awaited). */
    async publish(event: TeamEvent): Promise<number> {
      const endpoints = await repo.subscribed(event.teamId, event.type);
      if (endpoints.length === 0) return 0;
      const slug = (await deps.teamSlugOf(event.teamId)) ?? '';
      const body = eventOf({ id: event.teamId, slug }, event.type, event.subject, event.detail);
      for (const endpoint of endpoints) await deliver(endpoint, body);
      return endpoints.length;
    },

    /** Retries whose backoff has passed (run every minute by the module). */
    async deliverDue(): Promise<number> {
      const due = await repo.due(clock.now(), 50);
      for (const delivery of due) {
        const endpoint = await repo.byId(delivery.endpointId);
        if (endpoint) await attempt(delivery, endpoint);
      }
      return due.length;
    },
  };
}
