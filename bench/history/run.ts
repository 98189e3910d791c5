// npm run bench:history — audiences over time (bench/README.md "bench:history"): one simulated stretch
// of days of live events on the sandbox network with saved audiences of varied packages, each day's
// points recorded by the product's own path (GET …/history/ measures today's point: estimate, field
// counts, composition, membership, alert rules), then the membership diff of a large audience, the
// digest's storage, and the alerts' false and planted firings. Figures are printed beside their
// targets, with the machine's load. Not a test.
//
// Usage: npm run bench:history -- [--accounts N] [--audiences N] [--days N] [--requests]
// (defaults 100 000 × 50 × 5, ~1.5 min here; the targets' scale is --accounts 1000000 --audiences 1000 --days 30).
// The day's points are recorded by the scheduled run (`recordAllDue`, batches of audiences until none is due, as
// the server's timer calls it); `--requests` records them through GET …/history/ instead, one request
// per audience (the path before the batched run, for comparison).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { AUDIENCE_CREATOR_GROUP, type AudienceHistory, type MembershipChanges } from '@murmur/core/api';
import type { TargetingPackage } from '@murmur/core/targeting';
import type { LiveEvent } from '@murmur/core/live';
import {
  buildIndex,
  carryStats,
  liveEngine,
  LIVE_BUILD_OPTIONS,
  readLiveSnapshot,
  writeLiveSnapshot,
  type LiveAudienceEngine,
} from '@murmur/engine';
import { exportChunks, generateNetwork } from '@murmur/sandbox';
import { readyEngine } from '../../apps/server/src/engine/engine-holder';
import { memberCarryStats } from '../../apps/server/src/engine/member-carry';
import { createTestApp, testConfig } from '../../apps/server/src/test/test-app';
import { seedGroup } from '../../apps/server/src/test/seed';
import { createHistoryRepository } from '../../apps/server/src/modules/audiences/history.repository';
import { createHistoryService } from '../../apps/server/src/modules/audiences/history.service';
import { createMembershipRepository } from '../../apps/server/src/modules/audiences/membership.repository';
import {
  createMembershipService,
  FULL_EVERY,
} from '../../apps/server/src/modules/audiences/membership.service';
import { createAlertsRepository } from '../../apps/server/src/modules/audiences/alerts.repository';
import { createAlertsService } from '../../apps/server/src/modules/audiences/alerts.service';
import { createOutboxRepository } from '../../apps/server/src/integrations/mail/outbox.repository';
import { createMailOutbox } from '../../apps/server/src/integrations/mail/outbox';
import { benchPackages, broadPackages } from '../engine/packages';
import { tuneGarbageCollector } from '../../apps/server/src/lib/gc-tuning';

// As the server runs (package.json "serve"/"start:prod", main.ts): no allocation-site pretenuring,
// and --max-semi-space-size=32 in the npm script. The points run on the server's main thread by
// default (ENGINE_WORKERS=0), so its garbage collector is the one that pays for them.
if (!process.env.BENCH_V8_DEFAULTS) tuneGarbageCollector();

const flag = (name: string, fallback: number): number => {
  const at = process.argv.indexOf(`--${name}`);
  const value = at >= 0 ? Number(process.argv[at + 1]) : fallback;
  if (!Number.isFinite(value) || value < 1) throw new Error(`--${name} must be a positive number`);
  return Math.floor(value);
};
const ACCOUNTS = flag('accounts', 100_000);
const AUDIENCES = flag('audiences', 50);
const DAYS = Math.max(2, flag('days', 5));
const SEED = process.env.BENCH_SEED ?? 'murmur';
const REQUESTS = process.argv.includes('--requests');
/** Live events applied per simulated day (follows, unfollows, posts, likes), per 1 000 accounts. */
const EVENTS_PER_1000 = 20;
const DAY = 24 * 60 * 60 * 1000;
const TARGET = { cpuPer1000Audiences: 5 * 60_000, diffMs: 500, digestBytes: 2048, falseAlerts: 0.01 };

const log = (line: string) => console.log(line);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};
/**
 * The whole machine's busy CPU in ms (Linux's /proc/stat at 100 ticks a second; NaN elsewhere):
 * with DATABASE_URL the database's work is PostgreSQL's, in processes of its own, which
 * `process.cpuUsage` does not count (on PGlite it runs in this process and is counted there).
 */
const machineMs = (): number => {
  try {
    const [user, nice, system, , , irq, softirq, steal] = readFileSync('/proc/stat', 'utf8')
      .slice(0, 200)
      .split('\n')[0]!
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    return (user! + nice! + system! + irq! + softirq! + steal!) * 10;
  } catch {
    return NaN;
  }
};
const DATABASE = process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : 'PGlite, in this process';
const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
const memory = () => {
  const m = process.memoryUsage();
  return `heap ${fmt(m.heapUsed / 2 ** 30, 2)} GB, rss ${fmt(m.rss / 2 ** 30, 2)} GB`;
};

log(
  `bench:history: ${fmt(ACCOUNTS)} accounts (seed ${SEED}), ${fmt(AUDIENCES)} saved audiences, ${DAYS} days; ` +
    `${cpus().length} CPUs, load average ${load()}; database ${DATABASE}`,
);

// The network and the live engine, as the server's live path holds them. The engine built from the
// generated network is kept as a live snapshot under BENCH_CACHE_DIR (the OS temp dir), named by the
// accounts, the seed and a hash of the generator's and the engine's sources (all but the query side's
// folders, which read an index and build none), so that the next run with the same network loads it
// (seconds) instead of generating and indexing it again (~5.5 min of CPU at 1 M accounts);
// `--rebuild` builds it anyway.
const QUERY_SIDE = /^(async|evaluate|explore|insights|lookalike|lookup|overlap)\//;
const sourceHash = createHash('sha256');
for (const dir of ['apps/sandbox/src', 'packages/engine/src']) {
  const root = fileURLToPath(new URL(`../../${dir}/`, import.meta.url));
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !QUERY_SIDE.test(f))
    .sort();
  for (const f of files) sourceHash.update(f).update(readFileSync(join(root, f)));
}
// BENCH_CACHE_SOURCE: the 16 hex digits of another source's snapshot, to measure before and after
// a change on the same network when the change leaves the built index as it was (say so beside the
// figures): the hash would otherwise name a snapshot of its own.
const cacheSource = `bench:history:${ACCOUNTS}:${SEED}:${process.env.BENCH_CACHE_SOURCE || sourceHash.digest('hex').slice(0, 16)}`;
const cacheFile = join(
  process.env.BENCH_CACHE_DIR ?? tmpdir(),
  `murmur-history-${SEED}-${ACCOUNTS}-${cacheSource.slice(-16)}.snapshot`,
);
let wall = performance.now();
let engine: LiveAudienceEngine;
let cached = false;
if (!process.argv.includes('--rebuild') && existsSync(cacheFile)) {
  // A log that did not outlive the writer: the engine takes events from sequence 1 again.
  engine = readLiveSnapshot(cacheFile, cacheSource, { position: {} });
  cached = true;
} else {
  const network = generateNetwork({ accounts: ACCOUNTS, seed: SEED });
  engine = liveEngine(await buildIndex(exportChunks(network), LIVE_BUILD_OPTIONS));
  try {
    // Through a temporary file renamed into place: a stopped run leaves no half-written cache.
    writeLiveSnapshot(engine, cacheFile, cacheSource);
  } catch (error) {
    log(`network not cached (${(error as Error).message})`);
  }
}
// Not kept in a variable: the first version's index would then outlive the live index's first
// background compaction, and the old base stay in memory for the rest of the run (a heap no
// server holds, and dearer garbage collection on the days after).
const mix = benchPackages(engine.index, AUDIENCES);
const broad = broadPackages(engine.index);
log(
  `network and live index: ${fmt((performance.now() - wall) / 1000, 1)} s ` +
    `(${cached ? `loaded from ${cacheFile}` : `built, kept in ${cacheFile}`})`,
);

// The large audience of the diff: the broad package nearest 400 000 members (scaled to the network).
const wanted = (400_000 * ACCOUNTS) / 1_000_000;
const large = broad
  .map((b) => ({ ...b, size: engine.estimate(b.pkg).sampleCount }))
  .sort((a, b) => Math.abs(a.size - wanted) - Math.abs(b.size - wanted))[0]!;

// The app in-process (PGlite, the test clock), its engine the live one. Its own scheduled history
// run is off (HISTORY_RUN_MINUTES=0): the bench's run below is the one that records the points. With
// the app's ten-minute timer on, a month longer than ten minutes of wall time had two runs measuring
// the same audiences at once (until 2026-11-28: the second run's measures listed every member and read
// the set before back from the database, and took the thread's kept sets from the first run's).
const t = await createTestApp(
  { limits: { ...testConfig().limits, historyRunMinutes: 0 } },
  { engine: readyEngine(engine) },
);
const alice = await t.signIn('alice@example.com');
await seedGroup(t.db, alice.user.id, AUDIENCE_CREATOR_GROUP);
const inject = async (method: 'GET' | 'POST', url: string, payload?: object) => {
  const res = await t.app.inject({ method, url, headers: alice.tokenAuth, ...(payload && { payload }) });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res;
};

interface Saved {
  id: number;
  name: string;
  pkg: TargetingPackage;
}
const saved: Saved[] = [];
let skipped = 0;
// Saved audiences: the mix's packages (their exclusions dropped: an exclusion is itself a saved
// audience) and the large one; three alert rules on each (size ±10 %, any panel value ±5 points, a
// new influential account risen by 2 points).
for (const b of [...mix.slice(0, AUDIENCES - 1), { name: `large: ${large.name}`, pkg: large.pkg }]) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/audience-configs/',
    headers: alice.tokenAuth,
    payload: { name: b.name.slice(0, 200), kind: 'saved_list', targeting_package: b.pkg },
  });
  if (res.statusCode !== 201) {
    if (skipped++ === 0) log(`refused: "${b.name}": ${res.statusCode} ${res.body.slice(0, 200)}`);
    continue;
  }
  const id = res.json<{ id: number }>().id;
  saved.push({ id, name: b.name, pkg: b.pkg });
  await inject('POST', `/api/audience-configs/${id}/alerts/`, { kind: 'size', threshold: 10, email: true });
  await inject('POST', `/api/audience-configs/${id}/alerts/`, { kind: 'panel', threshold: 5, email: true });
  await inject('POST', `/api/audience-configs/${id}/alerts/`, {
    kind: 'influential',
    threshold: 2,
    email: true,
  });
}
const RULES = 3;
const largeSaved = saved.at(-1)!;
log(
  `saved audiences: ${saved.length} (${skipped} of the mix refused by the API), ${RULES} alert rules each; ` +
    `large audience "${large.name}" ${fmt(large.size)} members (wanted ~${fmt(wanted)})`,
);

// Quiet days: a day's worth of ordinary live events, nothing planted.
// The accounts with an X id, by number: their ids read when an event names them (a million id
// strings held by the bench would be marked by every full collection of the days measured).
const described = engine.describeAccounts(Array.from({ length: engine.stats.accounts }, (_, n) => n));
const numbers = Uint32Array.from(described.flatMap((a, n) => (a.id === '' ? [] : [n])));
described.length = 0;
let state = 0x9e3779b9;
const random = () => {
  state = (state + 0x6d2b79f5) >>> 0;
  let x = state;
  x = Math.imul(x ^ (x >>> 15), x | 1);
  x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
  return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
};
const anyone = () => engine.describeAccounts([numbers[Math.floor(random() * numbers.length)]!])[0]!.id;
let eventKey = 0;
let postId = 9e12;
function quietDay(): number {
  const count = Math.round((ACCOUNTS / 1000) * EVENTS_PER_1000);
  const events: LiveEvent[] = [];
  for (let i = 0; i < count; i++) {
    const at = t.clock.now().getTime();
    const key = `bench-${eventKey++}`;
    const r = random();
    if (r < 0.5) events.push({ type: 'follow', key, at, from: anyone(), to: anyone() });
    else if (r < 0.6) events.push({ type: 'unfollow', key, at, from: anyone(), to: anyone() });
    else {
      const id = String(postId++);
      events.push({
        type: 'post',
        key,
        at,
        post: {
          id,
          author: anyone(),
          created: t.clock.now().toISOString(),
          lang: 'en',
          text: 'an ordinary day on the network',
          hashtags: [],
          mentions: [],
          replyTo: null,
          repostOf: null,
          quoteOf: null,
        },
      });
    }
  }
  engine.apply(events);
  return count;
}

const today = () => t.clock.now().toISOString().slice(0, 10);
/** The rules that fired on today's point, by audience (each rule's last firing day). */
async function firedToday(): Promise<Map<number, string[]>> {
  const result: unknown = await t.db.execute(
    sql`select config_id, kind from audience_alerts where last_fired_day = ${today()}`,
  );
  const fired = new Map<number, string[]>();
  for (const r of (result as { rows: { config_id: number; kind: string }[] }).rows) {
    fired.set(Number(r.config_id), [...(fired.get(Number(r.config_id)) ?? []), r.kind]);
  }
  return fired;
}

// The scheduled run as the server wires it (modules/audiences/index.ts): the history service with
// memberships, its new points' alert rules evaluated by the alerts service (mail through the outbox).
const alerts = createAlertsService({
  repo: createAlertsRepository(t.db),
  configs: { readable: () => Promise.reject(new Error('the scheduled run reads no caller')) },
  inTransaction: (work) => t.db.transaction((tx) => work({ outbox: createOutboxRepository(tx) })),
  outbox: createMailOutbox({
    outboxRepository: createOutboxRepository(t.db),
    mailer: t.mailer,
    clock: t.clock,
    secret: 'bench-history-secret-that-is-long-enough',
    log: t.app.log,
  }),
  clock: t.clock,
  secret: 'bench-history-secret-that-is-long-enough',
  publicUrl: 'http://localhost',
  webhooks: { allowPrivate: true, timeoutMs: 10_000 },
});
const scheduled = createHistoryService({
  repo: createHistoryRepository(t.db),
  configs: { readableRow: () => Promise.reject(new Error('the scheduled run reads no caller')) },
  engine: readyEngine(engine),
  clock: t.clock,
  retentionDays: 400,
  membership: createMembershipService({
    repo: createMembershipRepository(t.db),
    engine: readyEngine(engine),
  }),
  onPoints: (points) => alerts.evaluate(points),
  logError: (error, message) => {
    throw new Error(message, { cause: error });
  },
});

/** Today's point of every saved audience: the scheduled run (one tick records them all), or one request each. */
async function recordDay(): Promise<number> {
  if (REQUESTS) {
    for (const a of saved) {
      const history = (
        await inject('GET', `/api/audience-configs/${a.id}/history/?days=1`)
      ).json<AudienceHistory>();
      if (history.points.at(-1)?.day !== today()) throw new Error(`audience ${a.id}: no point today`);
    }
    return saved.length;
  }
  const run = await scheduled.recordAllDue();
  if (run.failed > 0) throw new Error(`${run.failed} audiences failed`);
  return run.recorded;
}

// Each day: the day's events, then every audience's point (membership recorded, rules evaluated).
const firstDay = today();
const dayCpu: number[] = [];
const dayMachine: number[] = [];
/** Of each day's CPU, the live index's compaction slices run between the audiences' points. */
const dayCompactionCpu: number[] = [];
const dayWall: number[] = [];
let evaluated = 0;
let falseAlerts = 0;
for (let day = 0; day < DAYS; day++) {
  if (day > 0) {
    quietDay();
    t.clock.advance(DAY);
  }
  global.gc?.();
  wall = performance.now();
  // A background compaction of the live index (started by the day's events) runs its slices in the
  // turns the run gives back between audiences: its CPU is counted in the day's (told beside it).
  const folding = engine.compactionProgress() !== undefined;
  const compactionBefore = engine.liveStats().compactionCpuMs;
  const cpu = process.cpuUsage();
  const machine = machineMs();
  const recorded = await recordDay();
  dayCpu.push(cpuMs(cpu));
  dayMachine.push(machineMs() - machine);
  dayCompactionCpu.push(engine.liveStats().compactionCpuMs - compactionBefore);
  const foldingAfter = engine.compactionProgress() !== undefined;
  dayWall.push(performance.now() - wall);
  if (recorded !== saved.length) throw new Error(`day ${day + 1}: ${recorded} points of ${saved.length}`);
  if (day > 0) {
    evaluated += RULES * saved.length;
    for (const kinds of (await firedToday()).values()) falseAlerts += kinds.length;
  }
  log(
    `day ${day + 1}: ${saved.length} points in ${fmt(dayCpu.at(-1)!)} ms CPU (${fmt(dayWall.at(-1)!)} ms wall; ` +
      `the machine's ${fmt(dayMachine.at(-1)!)} ms)` +
      `${day > 0 ? `; rules fired so far ${falseAlerts} of ${evaluated}` : ''}; live compaction under way ` +
      `at the start ${folding ? 'yes' : 'no'}, at the end ${foldingAfter ? 'yes' : 'no'}` +
      `${dayCompactionCpu.at(-1)! > 0 ? ` (its slices ${fmt(dayCompactionCpu.at(-1)!)} ms of the CPU)` : ''}; tallies carried ` +
      `so far ${carryStats.carried}, counted ${carryStats.fromScratch}; members as changes so far ` +
      `${memberCarryStats.changes}, listed in full ${memberCarryStats.full}; load ${load()}; ${memory()}`,
  );
}
// The API's JSON of the digests (keyed objects, not what is stored): the points of up to 50 audiences.
let digestJson = 0;
let digests = 0;
for (const a of saved.slice(-50)) {
  const history = (
    await inject('GET', `/api/audience-configs/${a.id}/history/?days=${DAYS}`)
  ).json<AudienceHistory>();
  for (const point of history.points) {
    digestJson += Buffer.byteLength(JSON.stringify(point.digest));
    digests++;
  }
}
const lastDay = today();

// 1. CPU per day's points: the days after the first (the first also computes the network partition
// the composition counts communities in, once per 7 days, and has no membership to diff against).
const later = dayCpu.slice(1);
const perAudience = later.reduce((s, v) => s + v, 0) / later.length / saved.length;
const per1000 = perAudience * 1000;
// Every day's points in all (day 1 with its partition), and per point.
const cpuAll = dayCpu.reduce((s, v) => s + v, 0);
const perPoint = cpuAll / (DAYS * saved.length);
// The same without the live index's compaction slices that ran between the points (its upkeep after
// the day's events, which a server pays whether or not it records points).
const compactionAll = dayCompactionCpu.reduce((s, v) => s + v, 0);
const pointsOnly = (cpuAll - compactionAll) / (DAYS * saved.length);

// 2. The membership diff of the large audience between the first and last day, through the API.
const diffTimes: number[] = [];
let diff: MembershipChanges | undefined;
for (let i = 0; i < 5; i++) {
  const s = performance.now();
  diff = (
    await inject(
      'GET',
      `/api/audience-configs/${largeSaved.id}/history/members/?from=${firstDay}&to=${lastDay}`,
    )
  ).json<MembershipChanges>();
  diffTimes.push(performance.now() - s);
}
diffTimes.sort((a, b) => a - b);
const diffMs = diffTimes[Math.floor(diffTimes.length / 2)]!;

// 3. Storage: the digest as stored (its text and its jsonb column, pg_column_size; the API serves it as keyed objects), and the
// membership changes recorded per point.
type StoredRow = {
  digest: string;
  digest_text: string;
  joined: string | null;
  left: string | null;
  full: string | null;
};
const stored: unknown = await t.db.execute(
  sql`select (select avg(pg_column_size(digest)) from audience_points) as digest,
        (select avg(octet_length(digest::text)) from audience_points) as digest_text,
        (select avg(coalesce(pg_column_size(joined), 0)) from audience_point_members where base_day is not null) as joined,
        (select avg(coalesce(pg_column_size("left"), 0)) from audience_point_members where base_day is not null) as "left",
        (select avg(coalesce(pg_column_size(ids), 0)) from audience_point_members) as "full"`,
);
// drizzle answers { rows } on PGlite and node-postgres alike (as plugins/health.ts reads it).
const row = (Array.isArray(stored) ? stored : (stored as { rows: StoredRow[] }).rows)[0] as StoredRow;
const digestStored = Number(row.digest);
const digestText = Number(row.digest_text);
const digestJsonAvg = digestJson / digests;

// 4. The planted change: a new account (born live that night, no follower) that 5 % of
// one audience's members start following, then the audience's next point. The audience is the
// largest of the mix with at most 5 000 members (the smaller the audience, the harder the test).
const sizes = saved.slice(0, -1).map((a) => ({ a, size: engine.estimate(a.pkg).sampleCount }));
const plantedOn =
  sizes.filter((s) => s.size >= 100 && s.size <= 5_000).sort((x, y) => y.size - x.size)[0] ??
  sizes.sort((x, y) => y.size - x.size)[0]!;
const plantedMembers = engine.describeAccounts(engine.evaluate(plantedOn.a.pkg).accounts.toArray());
const plantedFollowers = plantedMembers.filter((_, i) => i % 20 === 0);
const newcomer = { id: '999000000000000001', handle: 'planted_newcomer' };
wall = performance.now();
engine.apply([
  {
    type: 'user',
    key: 'bench-planted-user',
    at: t.clock.now().getTime(),
    user: {
      ...newcomer,
      name: 'Planted newcomer',
      bio: 'a new account',
      location: '',
      created: t.clock.now().toISOString(),
      protected: false,
      verified: false,
      followers: 0,
      following: 0,
      posts: 0,
    },
  },
  ...plantedFollowers.map((m, i) => ({
    type: 'follow' as const,
    key: `bench-planted-${i}`,
    at: t.clock.now().getTime(),
    from: m.id,
    to: newcomer.id,
  })),
]);
const plantApplyMs = performance.now() - wall;
const plantedBefore = today();
t.clock.advance(DAY);
// The next evaluation: the day's points of every audience, as on the quiet days.
await recordDay();
const plantedPoint = (await inject('GET', `/api/audience-configs/${plantedOn.a.id}/history/?days=1`))
  .json<AudienceHistory>()
  .points.at(-1)!;
const plantedFired = (await firedToday()).get(plantedOn.a.id) ?? [];
const plantedEntry = plantedPoint.digest.sections?.influential?.entered?.find((e) => e.value === newcomer.id);
const plantedInfluential = plantedPoint.digest.sections?.influential;
const plantedShare = plantedEntry && plantedInfluential ? plantedEntry.count / plantedInfluential.members : 0;
const plantedTop = plantedInfluential?.values.at(-1);
await t.close();

const falseRate = evaluated === 0 ? 0 : falseAlerts / evaluated;
log('');
log(`figures (${fmt(ACCOUNTS)} accounts, ${saved.length} audiences, ${DAYS} days; load now ${load()}):`);
log(
  `  all daily points (${REQUESTS ? 'one GET …/history/ per audience' : 'the scheduled run'}): ${fmt(cpuAll / 1000, 1)} s CPU in all for ` +
    `${fmt(DAYS * saved.length)} points, ${fmt(perPoint, 1)} ms per point ` +
    `[target ≤ 300 s for 30 000 points (1 000 audiences × 30 days), i.e. ≤ 10 ms per point: ${verdict(perPoint <= 10)}` +
    `${DAYS * saved.length >= 30_000 ? `; in all ${verdict(cpuAll <= TARGET.cpuPer1000Audiences)}` : ''}]`,
);
log(
  `  of which the live index's compaction slices between points: ${fmt(compactionAll / 1000, 1)} s; ` +
    `the points without them ${fmt((cpuAll - compactionAll) / 1000, 1)} s, ${fmt(pointsOnly, 1)} ms per point ` +
    `[≤ 10 ms: ${verdict(pointsOnly <= 10)}]`,
);
log(
  `  the whole machine's busy CPU over the same runs: ${fmt(dayMachine.reduce((s, v) => s + v, 0) / 1000, 1)} s ` +
    `(database ${DATABASE}; anything else running on the machine is in it too)`,
);
log(
  `  points of one day: ${fmt(perAudience, 1)} ms CPU per audience (days 2–${DAYS}; day 1 ${fmt(dayCpu[0]! / saved.length, 1)} ms, ` +
    `with the network partition) → ${fmt(per1000 / 1000, 1)} s per day for 1 000 audiences ` +
    `[target ≤ 300 s for a month's daily points: ${fmt((per1000 * 30) / 1000, 0)} s over 30 days, ${verdict(per1000 * 30 <= TARGET.cpuPer1000Audiences)}; ` +
    `one day ${verdict(per1000 <= TARGET.cpuPer1000Audiences)}]`,
);
log(
  `  membership diff, ${fmt(large.size)} members (first vs last day: ${fmt(diff?.joined?.count.value ?? 0)} joined, ` +
    `${fmt(diff?.left?.count.value ?? 0)} left${diff?.unavailable ? `, unavailable: ${diff.unavailable}` : ''}): ` +
    `p50 ${fmt(diffMs, 1)} ms of 5 (min ${fmt(diffTimes[0]!, 1)}) [target ≤ ${TARGET.diffMs} ms at 400 000 members, ${verdict(diffMs <= TARGET.diffMs)} at this size]`,
);
log(
  `  digest per audience per day: stored ${fmt(digestText)} B as text, ${fmt(digestStored)} B in its jsonb column ` +
    `[target ≤ ${TARGET.digestBytes} B, ${verdict(digestText <= TARGET.digestBytes)} text / ${verdict(digestStored <= TARGET.digestBytes)} jsonb]; ` +
    `${fmt(digestJsonAvg)} B as the API's JSON (keyed objects, not stored); ` +
    `membership changes per point ${fmt(Number(row.joined ?? 0) + Number(row.left ?? 0))} B (joined + left, not the digest), ` +
    `full sets ${fmt(Number(row.full ?? 0))} B per point on average (the first of each audience, then every ${FULL_EVERY}th)`,
);
log(
  `  false alerts on quiet days: ${falseAlerts} of ${evaluated} rule evaluations (${fmt(falseRate * 100, 2)} %) ` +
    `[target < 1 %, ${verdict(falseRate < TARGET.falseAlerts)}]`,
);
log(
  `  planted change (a new account followed by ${fmt(plantedFollowers.length)} of the ${fmt(plantedOn.size)} members of ` +
    `"${plantedOn.a.name}", ${fmt(plantApplyMs)} ms to apply): the point of ${today()} (the first evaluation after ` +
    `${plantedBefore}'s) ${plantedEntry ? `found it a newcomer at ${fmt(plantedShare * 100, 1)} % (at most ${fmt(plantedEntry.was)} of ${fmt(plantedEntry.was_members)} before)` : 'did not find it a newcomer'}; ` +
    `the top list's last is at ${plantedTop && plantedInfluential ? fmt((plantedTop.count / plantedInfluential.members) * 100, 1) : '—'} %; ` +
    `rules fired: ${plantedFired.length === 0 ? 'none' : plantedFired.join(', ')} ` +
    `[target: alerted within one evaluation, ${verdict(plantedFired.includes('influential'))} by the influential rule]`,
);
log(`  ${cpus().length} CPUs, load average ${load()}; ${memory()}`);
