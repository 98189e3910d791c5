import { randomUUID } from 'node:crypto';
import type {
  AlertDelivery,
  AlertEvent,
  AudienceAlert,
  ChangeItem,
  Language,
  SaveAlert,
  saveAlertSchema,
} from '@murmur/core/api';
import { formatLargeNumber } from '@murmur/core/format';
import type { z } from 'zod';
import type { AlertDeliveryRow, AudienceAlertRow, AudiencePointRow, UserRow } from '../../db/schema';
import { NotFound } from '../../errors';
import type { MailOutbox, OutboxRepository } from '../../integrations/mail';
import { escapeHtml, mailName } from '../../integrations/mail/escape-html';
import type { Clock } from '../../lib/clock';
import { randomKey, seal, unseal } from '../../lib/crypto';
import type { OutboundOptions } from '../../lib/outbound-post';
import { attemptWebhook } from '../../lib/webhook-signature';
import type { AudienceConfigsService } from './audience-configs.service';
import type { AlertsRepository } from './alerts.repository';
import { MIN_SUPPORT, sizeTest, panelChanges } from './history-changes';

export type AlertsService = ReturnType<typeof createAlertsService>;

const SEAL_PURPOSE = 'webhook-secret';
// Shared with the team webhooks (modules/api-access): one signature, one backoff.
export { signatureHeader, WEBHOOK_BACKOFF_MS } from '../../lib/webhook-signature';
/** Changes an event carries (the largest first). */
const EVENT_CHANGES = 10;

const pct = (v: number) => `${v > 0 ? '+' : ''}${(v * 100).toFixed(1)}%`;
const points = (v: number) => `${v > 0 ? '+' : ''}${(v * 100).toFixed(1)}`;

const mailTexts = {
  en: {
    /** A change's subject: an account by its handle, a community by its leader's. */
    named: (c: ChangeItem) =>
      c.field === 'influential'
        ? `@${c.label}`
        : c.field === 'community'
          ? `Community around @${c.label}`
          : c.label,
    subject: (name: string, test: boolean) => (test ? `Test alert for “${name}”` : `“${name}” changed`),
    size: (from: string, to: string, change: string) => `Size: ${from} → ${to} (${change}).`,
    change: (c: ChangeItem) =>
      `${mailTexts.en.named(c)}: ${(c.from.share * 100).toFixed(1)}% → ${(c.to.share * 100).toFixed(1)}% (${points(c.difference)} points)`,
    test: 'This is a test of your alert: real alerts look like this.',
    open: 'Open its history:',
  },
  ja: {
    named: (c: ChangeItem) =>
      c.field === 'influential'
        ? `@${c.label}`
        : c.field === 'community'
          ? `@${c.label} を中心とするコミュニティ`
          : c.label,
    subject: (name: string, test: boolean) =>
      test ? `「${name}」のテスト通知` : `「${name}」が変化しました`,
    size: (from: string, to: string, change: string) => `規模: ${from} → ${to}(${change})。`,
    change: (c: ChangeItem) =>
      `${mailTexts.ja.named(c)}: ${(c.from.share * 100).toFixed(1)}% → ${(c.to.share * 100).toFixed(1)}%(${points(c.difference)}ポイント)`,
    test: 'アラートのテストです。実際の通知はこの形式で届きます。',
    open: '推移を開く:',
  },
} satisfies Record<Language, unknown>;

/** The alert's mail, in its owner's language; every user-given text escaped in the HTML part. */
export function alertMail(to: string, language: Language, event: AlertEvent, link: string) {
  const t = mailTexts[language];
  const name = mailName(event.audience.name);
  const lines: string[] = [];
  if (event.type === 'test') lines.push(t.test);
  if (event.from && event.to) {
    lines.push(
      t.size(
        formatLargeNumber(event.from.size.value, language),
        formatLargeNumber(event.to.size.value, language),
        event.size_change === null ? '—' : pct(event.size_change),
      ),
    );
  }
  for (const c of event.moved) lines.push(t.change({ ...c, label: mailName(c.label) }));
  return {
    to,
    subject: t.subject(name, event.type === 'test'),
    text: `${lines.join('\n')}\n\n${t.open}\n${link}\n`,
    html: `${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}<p>${escapeHtml(t.open)} <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
  };
}

/**
 * The changes a rule of a change kind is about (each already beyond noise, docs/API-AUDIENCES.md
 * "Alerts"): `panel`, any value moved by the threshold (points); `influential`, an account among
 * today's influential that was not among the previous point's (only its bound known there), risen
 * by the threshold; `community`, a community that appeared (fewer members than the minimum support
 * before) or shrank by the threshold.
 */
export function matching(alert: Pick<AudienceAlertRow, 'kind' | 'threshold'>, changes: ChangeItem[]) {
  const enough = (c: ChangeItem) => Math.abs(c.difference) * 100 >= alert.threshold;
  switch (alert.kind) {
    case 'size':
      return [];
    case 'panel':
      return changes.filter(enough);
    case 'influential':
      return changes.filter(
        (c) => c.field === 'influential' && c.difference > 0 && c.from.at_most && !c.to.at_most && enough(c),
      );
    case 'community':
      return changes.filter(
        (c) =>
          c.field === 'community' &&
          ((c.difference > 0 && c.from.count < MIN_SUPPORT) || (c.difference < 0 && enough(c))),
      );
  }
}

/** Whether a rule fires on a day's comparison: beyond noise and beyond its threshold. */
export function fires(
  alert: Pick<AudienceAlertRow, 'kind' | 'threshold'>,
  size: { change: number | null; significant: boolean },
  changes: ChangeItem[],
): boolean {
  if (alert.kind === 'size') {
    return size.significant && size.change !== null && Math.abs(size.change) * 100 >= alert.threshold;
  }
  return matching(alert, changes).length > 0;
}

const presentAlert = (row: AudienceAlertRow, secret: string): AudienceAlert => ({
  id: row.id,
  audience_config_id: row.configId,
  kind: row.kind,
  threshold: row.threshold,
  email: row.email,
  webhook_url: row.webhookUrl,
  webhook_secret: row.webhookSecret === null ? null : unseal(secret, SEAL_PURPOSE, row.webhookSecret),
  last_fired_day: row.lastFiredDay,
  created: row.created.toISOString(),
});

const presentDelivery = (row: AlertDeliveryRow): AlertDelivery => ({
  id: row.id,
  channel: row.channel,
  type: row.event.type,
  state: row.state,
  attempts: row.attempts,
  response_status: row.responseStatus,
  last_error: row.lastError,
  next_attempt_at: row.nextAttemptAt?.toISOString() ?? null,
  created: row.created.toISOString(),
  delivered: row.delivered?.toISOString() ?? null,
});

/**
 * One attempt of a webhook delivery: a 2xx answer delivers it; anything else waits for the next
 * backoff step, and after the last has failed (the log keeps the status and error of the last try).
 */
async function attemptAlertWebhook(
  deps: { repo: AlertsRepository; clock: Clock; secret: string; webhooks: OutboundOptions },
  delivery: AlertDeliveryRow,
  alert: AudienceAlertRow,
): Promise<void> {
  const { repo, clock, secret } = deps;
  if (alert.webhookUrl === null || alert.webhookSecret === null) {
    await repo.updateDelivery(delivery.id, {
      state: 'failed',
      lastError: 'The rule has no webhook any more.',
    });
    return;
  }
  const target = {
    url: alert.webhookUrl,
    secret: unseal(secret, SEAL_PURPOSE, alert.webhookSecret),
    options: deps.webhooks,
  };
  await repo.updateDelivery(delivery.id, await attemptWebhook(target, delivery, clock.now()));
}

interface Rule {
  alert: AudienceAlertRow;
  name: string;
  /** The audience's team, when it is a team audience. */
  teamId: number | null;
  email: string;
  language: Language;
}

/** A rule that fired on an audience's new point, for the team webhooks (modules/api-access). */
export interface AlertFired {
  teamId: number | null;
  configId: number;
  name: string;
  detail: Record<string, string | number | null>;
}

/** What a fired rule tells the team webhooks: the rule and the size change between the two points. */
const firedOf = (rule: Rule, event: AlertEvent): AlertFired => ({
  teamId: rule.teamId,
  configId: rule.alert.configId,
  name: rule.name,
  detail: {
    alert_id: rule.alert.id,
    alert_kind: rule.alert.kind,
    threshold: rule.alert.threshold,
    day: event.to?.day ?? null,
    size: event.to?.size.value ?? null,
    size_change: event.size_change,
  },
});

/**
 * Alerts on saved audiences (docs/API-AUDIENCES.md "Alerts"): rules per audience and creator,
 * evaluated on each new day's point against the point before; delivered by mail (the outbox) and by
 * webhooks signed with HMAC-SHA256, retried with backoff, with a delivery log and a test event.
 */
export function createAlertsService(deps: {
  repo: AlertsRepository;
  configs: Pick<AudienceConfigsService, 'readable'>;
  inTransaction: <T>(work: (w: { outbox: OutboxRepository }) => Promise<T>) => Promise<T>;
  outbox: MailOutbox;
  clock: Clock;
  secret: string;
  publicUrl: string;
  webhooks: OutboundOptions;
  /** Told of each rule that fired (the team webhooks' `audience.alert`). */
  onFired?: ((fired: AlertFired) => void) | undefined;
}) {
  const { repo, configs, clock, secret } = deps;
  const link = (configId: number) => `${deps.publicUrl.replace(/\/$/, '')}/insights?config=${configId}`;

  /** Sends an event on every channel of a rule: mail through the outbox, the webhook at once (retried later). */
  async function deliver(rule: Rule, event: AlertEvent): Promise<AlertDeliveryRow[]> {
    const made: AlertDeliveryRow[] = [];
    const now = clock.now();
    if (rule.alert.email) {
      const mail = alertMail(rule.email, rule.language, event, link(rule.alert.configId));
      const entry = await deps.inTransaction((w) =>
        deps.outbox.enqueue(w.outbox, mail, { kind: 'audience-alert' }),
      );
      await deps.outbox.sendNow(entry);
      made.push(
        await repo.addDelivery({
          alertId: rule.alert.id,
          channel: 'email',
          event,
          state: 'sent',
          nextAttemptAt: null,
          delivered: now,
        }),
      );
    }
    if (rule.alert.webhookUrl !== null) {
      const delivery = await repo.addDelivery({
        alertId: rule.alert.id,
        channel: 'webhook',
        event,
        state: 'pending',
        nextAttemptAt: now,
      });
      await attemptAlertWebhook(deps, delivery, rule.alert);
      made.push((await repo.deliveries(rule.alert.id, 5)).find((d) => d.id === delivery.id) ?? delivery);
    }
    return made;
  }

  const eventOf = (
    rule: Rule,
    type: AlertEvent['type'],
    from: AudiencePointRow | undefined,
    to: AudiencePointRow | undefined,
    sizeChange: number | null,
    changes: ChangeItem[],
  ): AlertEvent => ({
    id: randomUUID(),
    type,
    created: clock.now().toISOString(),
    audience: { id: rule.alert.configId, name: rule.name },
    alert: { id: rule.alert.id, kind: rule.alert.kind, threshold: rule.alert.threshold },
    from: from ? { day: from.day, size: from.size } : null,
    to: to ? { day: to.day, size: to.size } : null,
    size_change: sizeChange,
    moved: changes.slice(0, EVENT_CHANGES),
  });

  async function ownRule(user: UserRow, id: number): Promise<Rule> {
    const found = await repo.findOwn(id, user.id);
    if (!found) throw new NotFound();
    return found;
  }

  return {
    async list(user: UserRow, configId: number): Promise<{ results: AudienceAlert[] }> {
      const { config } = await configs.readable(user, configId);
      return { results: (await repo.listOwn(config.id, user.id)).map((r) => presentAlert(r, secret)) };
    },

    async create(
      user: UserRow,
      configId: number,
      body: z.output<typeof saveAlertSchema>,
    ): Promise<AudienceAlert> {
      const { config } = await configs.readable(user, configId);
      const row = await repo.create({
        configId: config.id,
        ownerId: user.id,
        kind: body.kind,
        threshold: body.threshold,
        email: body.email,
        webhookUrl: body.webhook_url,
        webhookSecret:
          body.webhook_url === null ? null : seal(secret, SEAL_PURPOSE, `whsec_${randomKey(24)}`),
        created: clock.now(),
      });
      return presentAlert(row, secret);
    },

    async remove(user: UserRow, id: number): Promise<void> {
      if (!(await repo.remove(id, user.id))) throw new NotFound();
    },

    /** "Send test event": a `test` event on every channel of the rule, now. */
    async test(user: UserRow, id: number): Promise<{ results: AlertDelivery[] }> {
      const rule = await ownRule(user, id);
      const made = await deliver(rule, eventOf(rule, 'test', undefined, undefined, null, []));
      return { results: made.map(presentDelivery) };
    },

    async deliveries(user: UserRow, id: number): Promise<{ results: AlertDelivery[] }> {
      const rule = await ownRule(user, id);
      return { results: (await repo.deliveries(rule.alert.id, 50)).map(presentDelivery) };
    },

    /**
     * New days' points of audiences, each against its point before: each rule that fires is
     * delivered, at most once per point. The rules of all the audiences are read at once (a
     * scheduled run's batch). Returns how many rules fired.
     */
    async evaluate(
      points: readonly { configId: number; previous: AudiencePointRow; current: AudiencePointRow }[],
    ): Promise<number> {
      if (points.length === 0) return 0;
      const rules = await repo.rulesOf(points.map((p) => p.configId));
      const byConfig = new Map<number, Rule[]>();
      for (const rule of rules) {
        const of = byConfig.get(rule.alert.configId);
        if (of) of.push(rule);
        else byConfig.set(rule.alert.configId, [rule]);
      }
      let fired = 0;
      for (const { configId, previous, current } of points) {
        const ofConfig = byConfig.get(configId);
        if (!ofConfig) continue;
        const size = sizeTest(previous.size, current.size);
        const { changes } = panelChanges(previous.digest, current.digest, previous.day);
        for (const rule of ofConfig) {
          if (!fires(rule.alert, size, changes)) continue;
          if (!(await repo.fire(rule.alert.id, current.day))) continue;
          fired++;
          const shown = rule.alert.kind === 'size' ? changes : matching(rule.alert, changes);
          const event = eventOf(rule, 'audience.changed', previous, current, size.change, shown);
          await deliver(rule, event);
          deps.onFired?.(firedOf(rule, event));
        }
      }
      return fired;
    },

    /** Webhook deliveries due for another attempt (the scheduled run). */
    async deliverDue(): Promise<number> {
      const due = await repo.due(clock.now(), 50);
      for (const { delivery, alert } of due) await attemptAlertWebhook(deps, delivery, alert);
      return due.length;
    },
  };
}

export type { SaveAlert };
