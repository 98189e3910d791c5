import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  AUDIENCE_CREATOR_GROUP,
  type AudienceConfig,
  type AudienceHistory,
  type EngineStatus,
} from '@murmur/core/api';
import { startServer, type RunningServer } from '../main';
import { createCapturingMailer } from '../test/capturing-mailer';
import { seedGroup } from '../test/seed';
import { codeFromMail } from '../test/test-app';
import { systemClock } from '../lib/clock';
import { createHistoryRepository } from '../modules/audiences/history.repository';
import { createHistoryService, dayOf } from '../modules/audiences/history.service';

/**
 * A point's day is the time of X the live index has reached, not the server's wall clock
 * (docs/API-AUDIENCES.md "History"): the live path as `npm start` wires it (main.ts), the sandbox's
 * clock still until POST /sandbox/simulate/advance moves it, as a journey would move it.
 */
const DAY = 24 * 60 * 60 * 1000;
const EMAIL = 'clock@example.com';
const mailer = createCapturingMailer();
let server: RunningServer;
let dataDir: string;
let auth: Record<string, string>;
// The sandbox starts at today's UTC midnight, as `npm start` anchors it: before the live index has
// applied an event its time is unknown and the first point is the wall clock's day. In the last
// quarter hour of a UTC day, at the next midnight: a run that crossed midnight would otherwise see
// the wall clock's day move past the anchor's between two of its steps.
const anchor = new Date(
  (Math.floor(Date.now() / DAY) + (Date.now() % DAY > DAY - 15 * 60_000 ? 1 : 0)) * DAY,
);

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'murmur-history-clock-'));
  // The sandbox reads its anchor from the process's environment (vitest.config.ts pins another).
  const pinned = process.env.SANDBOX_ANCHOR;
  process.env.SANDBOX_ANCHOR = anchor.toISOString();
  server = await startServer({
    env: {
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      SANDBOX_ACCOUNTS: '1000',
      SANDBOX_SEED: 'history-clock',
      SANDBOX_CLOCK_SPEED: '0',
      LOG_LEVEL: 'error',
    },
    config: { port: 0, host: '127.0.0.1' },
    mailer,
  }).finally(() => {
    process.env.SANDBOX_ANCHOR = pinned;
  });
  await server.engine.ready();
  const requested = await call<{ magic_code: string }>('POST', '/api/user/magic-link/', { email: EMAIL });
  const confirm_code = codeFromMail(await mailTo(EMAIL));
  const used = await call<{ key: string; user: { id: number } }>('POST', '/api/user/magic-link/use/', {
    magic_code: requested.magic_code,
    confirm_code,
  });
  auth = { authorization: `Token ${used.key}` };
  await seedGroup(server.database.db, used.user.id, AUDIENCE_CREATOR_GROUP);
}, 180_000);

afterAll(async () => {
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function mailTo(to: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const mail = mailer.sent.filter((m) => m.to === to).at(-1);
    if (mail) return mail.text;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail to ${to}`);
}

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { ...auth, ...(body !== undefined && { 'content-type': 'application/json' }) },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

/**
 * The engine status says every partition is applied, its latest event time unchanged over three
 * looks (the collector has nothing more in hand), and the index has reached `day` (UTC; none: any);
 * the time reached, null before any event.
 */
async function caughtUp(day = ''): Promise<number | null> {
  const until = Date.now() + 30_000;
  let last = -1;
  let still = 0;
  for (;;) {
    const status = await call<EngineStatus>('GET', '/api/engine/status/');
    const reached = Math.max(0, ...status.partitions.map((p) => p.lastEventAt ?? 0));
    const applied = status.partitions.length > 0 && status.partitions.every((p) => p.lagEvents === 0);
    still = applied && reached === last ? still + 1 : 0;
    last = reached;
    if (still >= 3 && (reached === 0 ? '' : dayOf(new Date(reached))) >= day) return reached || null;
    if (Date.now() > until)
      throw new Error(`the live engine did not reach ${day}: ${JSON.stringify(status)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

it('a new point comes for each simulated day the live engine has applied, on demand and scheduled', async () => {
  const saved = await call<AudienceConfig>('POST', '/api/audience-configs/', {
    name: 'English speakers',
    kind: 'saved_list',
    targeting_package: { languages: [{ label: 'English' }] },
  });
  const history = async () =>
    (await call<AudienceHistory>('GET', `/api/audience-configs/${saved.id}/history/`)).points.map(
      (p) => p.day,
    );
  // The collector's first connection replays X's last minutes (the sandbox's before its anchor);
  // before any event the index's time is unknown and the wall clock's day (the anchor's) is used.
  const reached = await caughtUp();
  const firstDay = reached === null ? dayOf(new Date()) : dayOf(new Date(reached));
  expect(firstDay <= dayOf(anchor)).toBe(true);
  expect(await history()).toEqual([firstDay]);

  // 30 simulated hours: the last ticks' events fall on the next simulated day.
  const advanced = await call<{ now: string }>('POST', '/sandbox/simulate/advance', { hours: 30 });
  const next = dayOf(new Date(advanced.now));
  expect(next).toBe(dayOf(new Date(anchor.getTime() + DAY)));
  await caughtUp(next);
  // The wall clock is still on the anchor's day (the old behaviour kept one point); the index is on the next.
  const points = await call<AudienceHistory>('GET', `/api/audience-configs/${saved.id}/history/`);
  expect(points.points.map((p) => p.day)).toEqual([firstDay, next]);
  const measured = new Date(points.points[1]!.measured);
  expect(dayOf(measured)).toBe(next);
  expect(measured.getTime()).toBeLessThanOrEqual(new Date(advanced.now).getTime());
  // Asked again on the same simulated day: no other point.
  expect(await history()).toEqual([firstDay, next]);

  // The scheduled run measures by the same time: a day more, and its point is for that day.
  const scheduled = createHistoryService({
    repo: createHistoryRepository(server.database.db),
    configs: { readableRow: () => Promise.reject(new Error('the scheduled run reads no caller')) },
    engine: server.engine,
    clock: systemClock,
    live: server.live!.deps.status!,
    retentionDays: 400,
  });
  const later = dayOf(
    new Date((await call<{ now: string }>('POST', '/sandbox/simulate/advance', { hours: 24 })).now),
  );
  await caughtUp(later);
  expect(await scheduled.recordDue()).toMatchObject({ recorded: 1, failed: 0 });
  expect(await history()).toEqual([firstDay, next, later]);
}, 120_000);
