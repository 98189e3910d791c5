import type { FastifyBaseLogger } from 'fastify';
import type { MailOutboxRow } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { seal, unseal } from '../../lib/crypto';
import { mailSubject } from './escape-html';
import type { Mail, Mailer } from './mailer';
import type { OutboxRepository } from './outbox.repository';

export const OUTBOX_RULES = {
  /** How long the process that wrote or took a row has to send it before another may. */
  leaseMs: 60_000,
  /** Backoff after the n-th failure: 30 s, 1 min, 2 min, … capped at 1 h. */
  firstRetryMs: 30_000,
  maxRetryMs: 60 * 60_000,
  /** Then the row is given up (its error stays; its payload is erased). */
  maxAttempts: 10,
  /** How often a process looks for due rows (also once at start-up). */
  pollMs: 5_000,
  batch: 20,
} as const;

const SEAL_PURPOSE = 'mail-outbox';

export type MailOutbox = ReturnType<typeof createMailOutbox>;

export interface OutboxEntry {
  id: number;
  mail: Mail;
  inviteId: number | null;
}

/**
 * Delivers the mail outbox (db/schema/mail-outbox.ts). A request writes its mail with `enqueue` in
 * the transaction of what the mail announces, then calls `sendNow` after the commit; whatever that
 * could not send — the mail server refused, or the process died first — is retried by `deliverDue`,
 * which `start` runs at once and then every few seconds.
 */
export function createMailOutbox(deps: {
  outboxRepository: OutboxRepository;
  mailer: Mailer;
  clock: Clock;
  secret: string;
  log: FastifyBaseLogger;
  rules?: Partial<typeof OUTBOX_RULES>;
}) {
  const { outboxRepository: outbox, mailer, clock, secret, log } = deps;
  const rules = { ...OUTBOX_RULES, ...deps.rules };
  const after = (ms: number) => new Date(clock.now().getTime() + ms);
  const backoff = (failures: number) => Math.min(rules.firstRetryMs * 2 ** (failures - 1), rules.maxRetryMs);

  async function attempt(entry: OutboxEntry, previousAttempts: number, retry = true): Promise<boolean> {
    try {
      await mailer.send(entry.mail);
    } catch (err) {
      if (!retry) {
        log.error({ err, outboxId: entry.id, to: entry.mail.to }, 'mail failed; not retried');
        await outbox.cancel(entry.id);
        return false;
      }
      const attempts = previousAttempts + 1;
      const giveUp = attempts >= rules.maxAttempts;
      log.error(
        { err, outboxId: entry.id, to: entry.mail.to, attempts },
        giveUp ? 'mail failed; giving up' : 'mail failed; will retry',
      );
      await outbox.markFailed(entry.id, String(err), attempts, giveUp ? null : after(backoff(attempts)));
      return false;
    }
    await outbox.markSent(entry.id, clock.now(), entry.inviteId);
    return true;
  }

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;

  const outboxApi = {
    /**
     * Writes a mail into the outbox through `repository` — bound to the caller's transaction — with
     * the caller's lease on it. Returns the entry to hand to `sendNow` once committed.
     */
    async enqueue(
      repository: OutboxRepository,
      mail: Mail,
      options: { kind: MailOutboxRow['kind']; inviteId?: number; expiresAt?: Date },
    ): Promise<OutboxEntry> {
      // The last guard (docs/API.md "Mail: what users' text may do in it"): one header line of
      // bounded length, whatever a template quoted.
      if (/[\r\n]/.test(mail.to)) throw new Error('A mail recipient cannot contain a line break.');
      mail = { ...mail, subject: mailSubject(mail.subject) };
      const id = await repository.enqueue({
        kind: options.kind,
        recipient: mail.to,
        payload: seal(secret, SEAL_PURPOSE, JSON.stringify(mail)),
        inviteId: options.inviteId,
        expiresAt: options.expiresAt,
        created: clock.now(),
        nextAttemptAt: after(rules.leaseMs),
      });
      return { id, mail, inviteId: options.inviteId ?? null };
    },

    /**
     * The first try, by the request that wrote the mail; false when it failed. A retry is then
     * scheduled, unless `retry: false` (the mail is useless unless it goes now: it is deleted).
     */
    sendNow: (entry: OutboxEntry, options: { retry?: boolean } = {}) =>
      attempt(entry, 0, options.retry ?? true),

    /** Sends every due row (left by a crash, or due for a retry); returns how many were delivered. */
    deliverDue(): Promise<number> {
      // One pass at a time per process; a second caller waits for the pass in progress.
      running ??= (async () => {
        let delivered = 0;
        try {
          for (;;) {
            const rows = await outbox.claimDue(
              clock.now(),
              after(rules.leaseMs),
              rules.maxAttempts,
              rules.batch,
            );
            for (const row of rows) {
              let mail: Mail;
              try {
                mail = JSON.parse(unseal(secret, SEAL_PURPOSE, row.payload ?? '')) as Mail;
              } catch (err) {
                // Sealed under another SESSION_SECRET: no process here can read it.
                log.error({ err, outboxId: row.id }, 'outbox mail cannot be read; giving up');
                await outbox.markFailed(row.id, 'unreadable payload', row.attempts + 1, null);
                continue;
              }
              if (await attempt({ id: row.id, mail, inviteId: row.inviteId }, row.attempts)) delivered++;
            }
            if (rows.length < rules.batch) return delivered;
          }
        } finally {
          running = undefined;
        }
      })();
      return running;
    },

    /** Delivers what is due now (a previous process's leftovers), then keeps polling. */
    start(): void {
      if (timer) return;
      const pass = () => {
        outboxApi.deliverDue().catch((err: unknown) => log.error({ err }, 'mail outbox pass failed'));
      };
      timer = setInterval(pass, rules.pollMs);
      timer.unref();
      pass();
    },

    /** Stops polling and waits for a pass in progress. */
    async stop(): Promise<void> {
      clearInterval(timer);
      timer = undefined;
      await running?.catch(() => {});
    },
  };
  return outboxApi;
}
