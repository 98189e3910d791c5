import type { Language, Monitor } from '@murmur/core/api';
import type { TargetingPackage } from '@murmur/core/targeting';
import { formatLargeNumber } from '@murmur/core/format';
import { estimateOfStored } from '@murmur/core/sampling';
import type { MonitorRow, UserRow } from '../../db/schema';
import type { EngineHolder } from '../../engine/engine-holder';
import { requireNonEmpty, samplingOf } from '../../engine/engine-audience';
import { Forbidden, NotFound } from '../../errors';
import type { Mail, MailOutbox, OutboxEntry, OutboxRepository } from '../../integrations/mail';
import { escapeHtml, mailName } from '../../integrations/mail/escape-html';
import type { Clock } from '../../lib/clock';
import type { MonitorsRepository } from './monitors.repository';

export type MonitorsService = ReturnType<typeof createMonitorsService>;

/** The weekly results monitor measures each watched audience once a week. */
export const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
/** Monitors measured per run (the rest wait for the next tick). */
const BATCH = 200;

/**
 * A monitor as the API answers it; its last size as Murmur's estimate with the interval of the
 * engine's sample (the size was measured by the same engine), none while the engine is loading.
 */
const present = (row: MonitorRow, engine: EngineHolder): Monitor => ({
  id: row.id,
  name: row.name,
  targeting_package: row.targetingPackage,
  last_size: row.lastSize,
  last_figure: lastFigure(row.lastSize, engine),
  previous_size: row.previousSize,
  last_run: row.lastRun?.toISOString() ?? null,
  created: row.created.toISOString(),
});

function lastFigure(size: number | null, engine: EngineHolder): Monitor['last_figure'] {
  const { sampleSize, scale } = samplingOf(engine);
  if (size === null || sampleSize === null) return null;
  return estimateOfStored(size, { sampleSize, rate: scale });
}

const texts = {
  en: (name: string, size: string, change: string) => ({
    subject: `Weekly results: “${name}” is ${size} (estimate)`,
    body: `Your watched audience “${name}” is now an estimated ${size} people (Murmur's estimate from its sample; ${change} since last week).`,
  }),
  ja: (name: string, size: string, change: string) => ({
    subject: `週間レポート:「${name}」は ${size}（推定）`,
    body: `ウォッチ中のオーディエンス「${name}」は現在 推定 ${size} 人です(Murmurのサンプルからの推定。先週から ${change})。`,
  }),
} satisfies Record<Language, unknown>;

export function weeklyMail(
  to: string,
  language: Language,
  name: string,
  size: number,
  previous: number | null,
): Mail {
  const change =
    previous === null || previous === 0
      ? '—'
      : `${size >= previous ? '+' : ''}${(((size - previous) / previous) * 100).toFixed(1)}%`;
  const t = texts[language](mailName(name), formatLargeNumber(size, language), change);
  return { to, subject: t.subject, text: `${t.body}\n`, html: `<p>${escapeHtml(t.body)}</p>` };
}

/**
 * Monitors (SPEC §7 monitors, weekly results monitor): a signed-in user watches an audience; once a
 * week its size is measured by the engine and the owner gets the change by mail, in their language.
 */
export function createMonitorsService(deps: {
  monitors: MonitorsRepository;
  engine: EngineHolder;
  clock: Clock;
  inTransaction: <T>(work: (w: { outbox: OutboxRepository }) => Promise<T>) => Promise<T>;
  outbox: MailOutbox;
  isStaff: (user: UserRow) => boolean;
}) {
  const { monitors, engine, clock, inTransaction, outbox, isStaff } = deps;
  const sizeOf = async (pkg: TargetingPackage) =>
    (await engine.audiences().estimate({ pkg })).populationEstimate;

  async function runDue(): Promise<{ monitors: number; mailed: number }> {
    const now = clock.now();
    const due = await monitors.due(new Date(now.getTime() - WEEK_MS + 60_000), BATCH);
    if (due.length === 0) return { monitors: 0, mailed: 0 };
    const measured: ((typeof due)[number] & { size: number })[] = [];
    for (const { monitor, email, language } of due) {
      measured.push({ monitor, email, language, size: await sizeOf(monitor.targetingPackage) });
    }
    const entries: OutboxEntry[] = await inTransaction(async (w) => {
      const written: OutboxEntry[] = [];
      for (const m of measured) {
        const mail = weeklyMail(m.email, m.language, m.monitor.name, m.size, m.monitor.lastSize);
        written.push(await outbox.enqueue(w.outbox, mail, { kind: 'monitor-report' }));
      }
      return written;
    });
    for (const m of measured) await monitors.measured(m.monitor.id, m.size, m.monitor.lastSize, now);
    for (const entry of entries) await outbox.sendNow(entry);
    return { monitors: measured.length, mailed: entries.length };
  }

  return {
    list: async (user: UserRow) => (await monitors.list(user.id)).map((row) => present(row, engine)),
    async create(user: UserRow, name: string, pkg: TargetingPackage): Promise<Monitor> {
      requireNonEmpty(pkg);
      return present(await monitors.create(user.id, name, pkg, await sizeOf(pkg), clock.now()), engine);
    },
    async remove(user: UserRow, id: number) {
      if (!(await monitors.remove(id, user.id))) throw new NotFound();
    },
    /** The scheduled run (every hour, each monitor once a week). */
    runDue,
    /** Staff may run the weekly results monitor at once. */
    async runNow(user: UserRow) {
      if (!isStaff(user)) throw new Forbidden();
      return runDue();
    },
  };
}
