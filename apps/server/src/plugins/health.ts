import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { Db } from '../db/database';
import { MIGRATIONS_FOLDER } from '../db/database';
import type { EngineHolder } from '../engine/engine-holder';
import type { LiveStatus, LiveStatusSource } from '../engine/freshness';

/** One dependency /readyz asks about: resolves when it is usable, rejects (with the reason) otherwise. */
export interface ReadinessCheck {
  name: string;
  check(): Promise<void>;
}

/** A check that has not answered by then counts as failed: a load balancer must not wait on us. */
const CHECK_TIMEOUT_MS = 2000;

/**
 * `/healthz`: the process is alive and its event loop turns (a liveness probe: restart when it fails).
 * `/readyz`: every dependency answers (a readiness probe: send no traffic until it does), 503 naming
 * the checks that failed. Outside /api, without authentication or rate limits, like the probes expect;
 * they reveal no more than which dependency is down.
 */
export function registerHealth(app: FastifyInstance, checks: readonly ReadinessCheck[]): void {
  app.get('/healthz', { schema: { hide: true } }, (_request, reply) => {
    void reply.header('cache-control', 'no-store').send({ status: 'ok' });
  });
  // Its requests log at debug (a 503 here is an answer, request-log.ts); a change of state logs once.
  let state: string | undefined;
  app.get('/readyz', { schema: { hide: true }, config: { probe: true } }, async (_request, reply) => {
    const results = await Promise.all(
      checks.map(async (c) => {
        const name = c.name;
        try {
          await withTimeout(c.check(), CHECK_TIMEOUT_MS);
          return [name, 'ok'] as const;
        } catch (error) {
          return [name, error instanceof Error ? error.message : String(error)] as const;
        }
      }),
    );
    const failed = results.filter(([, result]) => result !== 'ok').map(([name]) => name);
    const byName = Object.fromEntries(results);
    const now = failed.join(',');
    if (now !== state) {
      state = now;
      if (failed.length === 0) app.log.info('ready: every readiness check passes');
      else
        app.log.warn(
          { failed, checks: byName },
          `not ready: ${failed.map((name) => `${name} (${byName[name]})`).join(', ')}`,
        );
    }
    return reply
      .code(failed.length === 0 ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({
        status: failed.length === 0 ? 'ready' : 'not ready',
        failed,
        checks: byName,
      });
  });
}

export interface ReadinessDeps {
  db: Db;
  engine: EngineHolder | undefined;
  redisUrl: string | undefined;
  natsUrl: string | undefined;
  /** The live path (docs/LIVE.md): its consumer positions and how far behind X the engine may be. */
  live?: { status: LiveStatusSource; lagBudgetMs: number } | undefined;
}

/**
 * What a serving process needs: the database with every migration applied, the audience engine
 * loaded, and Redis and NATS when configured. Closes its Redis connection with the app.
 */
export function readinessChecks(app: FastifyInstance, deps: ReadinessDeps): ReadinessCheck[] {
  const checks: ReadinessCheck[] = [
    {
      name: 'database',
      check: async () => {
        await deps.db.execute(sql`select 1`);
      },
    },
    {
      name: 'migrations',
      check: async () => {
        const expected = migrationCount();
        const rows = await deps.db.execute<{ n: number | string }>(
          sql`select count(*) as n from drizzle.__drizzle_migrations`,
        );
        const applied = Number(rowsOf<{ n: number | string }>(rows)[0]?.n ?? 0);
        if (applied < expected) throw new Error(`${applied} of ${expected} migrations applied`);
      },
    },
    {
      name: 'engine',
      check: () => {
        const status = deps.engine?.status();
        if (!status) return Promise.reject(new Error('no engine on this server'));
        if (status.state === 'ready') return Promise.resolve();
        if (status.state === 'failed') return Promise.reject(new Error(status.message));
        const of = status.totalRecords ? ` of ${status.totalRecords}` : '';
        return Promise.reject(new Error(`loading: ${status.records}${of} records`));
      },
    },
  ];
  if (deps.redisUrl) {
    // Its own connection, made on first use, so that a probe never waits behind the job queue's traffic.
    const redis = new Redis(deps.redisUrl, {
      lazyConnect: true,
      maxRetriesPerRequest: 1,
      connectTimeout: 1500,
    });
    redis.on('error', () => undefined);
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
    checks.push({
      name: 'redis',
      check: async () => {
        if (redis.status === 'wait') await redis.connect();
        await redis.ping();
      },
    });
  }
  const natsUrl = deps.natsUrl;
  if (natsUrl) checks.push({ name: 'nats', check: () => natsGreets(natsUrl) });
  const live = deps.live;
  if (live)
    checks.push({
      name: 'live',
      check: async () => {
        const problem = lagProblem(await live.status(), live.lagBudgetMs);
        if (problem) throw new Error(problem);
      },
    });
  return checks;
}

/**
 * Why the engine is not keeping up with the live log, or null when every partition is within
 * `budgetMs` of X: not following it yet, events waiting whose time is not known yet (after a
 * start, until the first is applied), a partition further behind than the budget, or X's streams
 * not delivering for longer than the budget (`sourceBehindMs`: the collector's streams down, or its
 * heartbeat stale — the log then looks current because it stopped growing; docs/LIVE.md "Freshness").
 */
export function lagProblem(status: LiveStatus | null, budgetMs: number): string | null {
  if (status === null) return 'not following the live log yet';
  const source = status.sourceBehindMs;
  if (source != null && source > budgetMs)
    return `X's streams: nothing read for ${Math.round(source / 1000)} s (budget ${Math.round(budgetMs / 1000)} s)`;
  for (const p of status.partitions) {
    if (p.behindMs === null && p.lagEvents > 0)
      return `partition ${p.partition}: catching up, ${p.lagEvents} events waiting`;
    if (p.behindMs !== null && p.behindMs > budgetMs)
      return `partition ${p.partition}: ${Math.round(p.behindMs / 1000)} s behind X (budget ${Math.round(budgetMs / 1000)} s)`;
  }
  return null;
}

let migrations: number | undefined;
/** Migrations shipped with this build (drizzle's journal beside them). */
function migrationCount(): number {
  if (migrations === undefined) {
    const file = join(MIGRATIONS_FOLDER, 'meta', '_journal.json');
    migrations = (JSON.parse(readFileSync(file, 'utf8')) as { entries: unknown[] }).entries.length;
  }
  return migrations;
}

/** node-postgres answers `{rows}`, PGlite too; both through drizzle's execute. */
function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return (result as { rows: T[] }).rows;
}

/** A NATS server greets every connection with `INFO {…}` before anything is sent (NATS protocol). */
function natsGreets(url: string): Promise<void> {
  const { hostname, port } = new URL(url.replace(/^(tls|wss?):/, 'nats:'));
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port || 4222) });
    let received = '';
    const done = (error?: Error) => {
      socket.destroy();
      if (error) reject(error);
      else resolve();
    };
    socket.setTimeout(CHECK_TIMEOUT_MS, () => done(new Error('NATS did not greet in time')));
    socket.on('error', (error) => done(new Error(`NATS: ${error.message}`)));
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
      if (received.startsWith('INFO ')) done();
      else if (received.length >= 5) done(new Error('NATS answered something other than INFO'));
    });
  });
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
