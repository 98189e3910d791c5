import { timingSafeEqual } from 'node:crypto';
import { localiseErrorBody } from '@murmur/core/i18n';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../db/database';
import type { EngineHolder } from '../engine/engine-holder';
import type { LiveStatus, LiveStatusSource } from '../engine/freshness';
import type { JobQueue } from '../jobs/jobs';
import { requestLanguage } from '../lib/language';
import type { ConciseRequestLog } from './request-log';

export interface MetricsOptions {
  /** The bearer token /metrics asks for; without one the endpoint answers 404 to everyone. */
  token: string | undefined;
  db: Db;
  engine: EngineHolder | undefined;
  jobs: JobQueue;
  /** The app's request log controller: it already runs once per finished request (request-log.ts). */
  requestLog: ConciseRequestLog;
  /** The live path's consumer positions (docs/LIVE.md); none with a static index. */
  liveStatus?: LiveStatusSource;
}

/** The DRF 404 body in the caller's language (the error handler's catalogue, @murmur/core/i18n). */
const notFound = (request: FastifyRequest) =>
  localiseErrorBody({ detail: 'Not found.' }, requestLanguage(request));

/** Seconds; from a cached read (~1 ms) to a slow export. */
const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * Prometheus metrics at /metrics (text format), behind `Authorization: Bearer METRICS_TOKEN`: the
 * same port as the API, so nothing more to expose or route, and nobody without the token learns
 * anything (not even that the endpoint exists). Request durations are recorded from the request
 * log's completion callback, which Fastify calls for every request anyway: no extra hook on the
 * serving path (the serving path counted each hook). Everything else is read when scraped.
 */
export function registerMetrics(app: FastifyInstance, options: MetricsOptions): void {
  const { token } = options;
  // Registered even without a token, so that /metrics is never taken for a page of the web app.
  if (!token) {
    app.get('/metrics', { schema: { hide: true } }, (request, reply) => {
      void reply.code(404).send(notFound(request));
    });
    return;
  }
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request to its answer, by route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: BUCKETS,
    registers: [registry],
  });
  const rejections = new Counter({
    name: 'murmur_rate_limit_rejections_total',
    help: 'Requests answered 429 (limits by client and job caps), by route pattern.',
    labelNames: ['route'] as const,
    registers: [registry],
  });
  // prom-client hashes the label values on every labels() call: one child per series, found by one key.
  const series = new Map<string, Histogram.Internal<'method' | 'route' | 'status'>>();
  options.requestLog.onCompleted = (request: FastifyRequest, reply: FastifyReply) => {
    const route = request.routeOptions.url ?? '(no route)';
    const status = reply.statusCode;
    const key = `${request.method} ${status} ${route}`;
    let child = series.get(key);
    if (!child) {
      child = duration.labels(request.method, route, String(status));
      series.set(key, child);
    }
    child.observe(reply.elapsedTime / 1000);
    if (status === 429) rejections.labels(route).inc();
  };

  new Gauge({
    name: 'murmur_jobs',
    help: 'Jobs (insights, comparisons, exports) queued and running.',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      const depth = await options.jobs.depth?.();
      if (!depth) return;
      this.set({ state: 'queued' }, depth.queued);
      this.set({ state: 'running' }, depth.running);
    },
  });

  const engine = options.engine;
  new Gauge({
    name: 'murmur_engine_ready',
    help: '1 when the audience engine serves, 0 while it loads or after it failed.',
    registers: [registry],
    collect() {
      this.set(engine?.status().state === 'ready' ? 1 : 0);
    },
  });
  new Gauge({
    name: 'murmur_engine_build_seconds',
    help: 'How long the audience engine took to build or load (once ready).',
    registers: [registry],
    collect() {
      const status = engine?.status();
      if (status?.state === 'ready') this.set(status.seconds);
    },
  });
  new Gauge({
    name: 'murmur_engine_records_loaded',
    help: 'Network records indexed so far while the engine loads; accounts once ready.',
    registers: [registry],
    collect() {
      const status = engine?.status();
      if (status?.state === 'loading') this.set(status.records);
      else if (status?.state === 'ready') this.set(status.accounts);
    },
  });
  new Gauge({
    name: 'murmur_engine_memory_bytes',
    help: 'Memory outside the JavaScript heap (the engine index lives in shared array buffers).',
    registers: [registry],
    collect() {
      const memory = process.memoryUsage();
      this.set(memory.arrayBuffers);
    },
  });

  const outbox = { pending: 0, oldest: 0 };
  const readOutbox = async () => {
    const rows = await options.db.execute<{ pending: number | string; oldest: number | string | null }>(
      sql`select count(*) as pending, extract(epoch from now() - min(created)) as oldest
          from mail_outbox where sent_at is null and payload is not null`,
    );
    const row = (Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows)[0] as
      { pending: number | string; oldest: number | string | null } | undefined;
    outbox.pending = Number(row?.pending ?? 0);
    outbox.oldest = Number(row?.oldest ?? 0);
  };
  new Gauge({
    name: 'murmur_mail_outbox_pending',
    help: 'Mails written but not yet delivered.',
    registers: [registry],
    async collect() {
      await readOutbox();
      this.set(outbox.pending);
    },
  });
  new Gauge({
    name: 'murmur_mail_outbox_oldest_age_seconds',
    help: 'Age of the oldest mail not yet delivered (0 when none waits).',
    registers: [registry],
    collect() {
      // Read by the gauge above, which prom-client collects first (registration order).
      this.set(outbox.oldest);
    },
  });

  const refreshLive = options.liveStatus && registerLiveGauges(registry, options.liveStatus);

  const expected = Buffer.from(`Bearer ${token}`);
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const given = Buffer.from(request.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return reply.code(404).send(notFound(request));
    }
    await refreshLive?.();
    const body = await registry.metrics();
    return reply.header('content-type', registry.contentType).header('cache-control', 'no-store').send(body);
  });
}

/**
 * The live engine's lag per partition of the live log (docs/LIVE.md): events in the log not yet
 * applied, and how far behind X in X's time (absent while unknown); and how long X's streams have
 * not been delivering (docs/LIVE.md "Freshness"). The gauges read one status,
 * which the scrape refreshes before collecting (the returned function).
 */
function registerLiveGauges(registry: Registry, source: LiveStatusSource): () => Promise<void> {
  let status: LiveStatus | null = null;
  new Gauge({
    name: 'murmur_live_lag_events',
    help: 'Events of the live log not yet applied by the engine, per partition.',
    labelNames: ['partition'],
    registers: [registry],
    collect() {
      this.reset();
      for (const p of status?.partitions ?? []) this.set({ partition: String(p.partition) }, p.lagEvents);
    },
  });
  new Gauge({
    name: 'murmur_live_behind_seconds',
    help: "How far the engine is behind X's time, per partition of the live log (absent while unknown).",
    labelNames: ['partition'],
    registers: [registry],
    collect() {
      this.reset();
      for (const p of status?.partitions ?? [])
        if (p.behindMs !== null) this.set({ partition: String(p.partition) }, p.behindMs / 1000);
    },
  });
  new Gauge({
    name: 'murmur_live_source_behind_seconds',
    help: "How long X's streams have not been delivering: the collector in this process, or the heartbeat of one in its own (absent without either).",
    registers: [registry],
    collect() {
      this.reset();
      if (status?.sourceBehindMs != null) this.set(status.sourceBehindMs / 1000);
    },
  });
  return async () => {
    status = await source();
  };
}
