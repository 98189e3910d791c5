import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Network } from '../../network';
import { authenticate, authorize } from './auth';
import type { XContext } from './context';
import { checkParameters, parseShape } from './fields';
import { invalidParameter, tooManyRequests, XProblem } from './problems';
import type { ActivitySubscriptions } from './activity';
import { STREAMS, type StreamView } from './stream-specs';
import { StreamPump } from './stream-pump';
import { rowText } from './stream-rows';

export interface StreamOptions {
  /** Milliseconds between keep-alive newlines on an idle stream (X: 20 000). */
  keepAliveMs?: number;
  /** Open connections per app and stream (X: 2 for the firehoses, fewer on smaller plans). */
  connectionsPerApp?: number;
  /** Milliseconds a client may leave the stream paused (not reading) before it is disconnected. */
  stallMs?: number;
}

/**
 * What the streams answer while X is out (`interruptStreams`): X's 503 or 429 with X's bodies, or no
 * answer at all (the connection is closed before any byte, as when X cannot be reached).
 */
export type StreamOutage = 503 | 429 | 'unreachable';

/** Per network, the streams being served (to drop them) and the outage under way, if any. */
const servedStreams = new WeakMap<
  Network,
  { outage?: StreamOutage; open: Set<(destroy: boolean) => void> }
>();
const streamsOf = (net: Network) => {
  let served = servedStreams.get(net);
  if (!served) servedStreams.set(net, (served = { open: new Set() }));
  return served;
};

/**
 * X goes out (tests of the collector's recovery): every stream the sandbox serves from `net` is
 * dropped, and every connection attempt is answered `answer` until the returned function is called;
 * the clock runs on meanwhile, so what a reconnecting client asks back (`backfill_minutes`,
 * `start_time`) decides what it gets.
 */
export function interruptStreams(net: Network, answer: StreamOutage = 503): () => void {
  const served = streamsOf(net);
  served.outage = answer;
  for (const finish of [...served.open]) finish(true);
  return () => {
    delete served.outage;
  };
}

/** X's answer to a stream request while it is out (X's problem bodies: about:blank with the status). */
const outageProblem = (answer: 503 | 429): XProblem =>
  answer === 429
    ? tooManyRequests()
    : new XProblem(503, {
        title: 'Service Unavailable',
        type: 'about:blank',
        status: 503,
        detail: 'Service Unavailable',
      });

/** How far back X's Recovery (`start_time`) replays a stream: 24 hours. */
const RECOVERY_SECONDS = 24 * 60 * 60;

/** X's answer when an app already holds its allowed connections to a stream. */
const tooManyConnections = (): XProblem =>
  new XProblem(429, {
    title: 'ConnectionException',
    detail: 'This stream is currently at the maximum allowed connection limit.',
    connection_issue: 'TooManyConnections',
    type: 'https://api.x.com/2/problems/streaming-connection',
  });

function integer(
  query: Record<string, string | undefined>,
  name: string,
  min: number,
  max: number,
): number | undefined {
  const raw = query[name];
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min || value > max)
    throw invalidParameter(
      name,
      raw,
      `The \`${name}\` query parameter value [${raw}] is not between ${min} and ${max}`,
    );
  return value;
}

function instant(query: Record<string, string | undefined>, name: string): number | undefined {
  const raw = query[name];
  if (raw === undefined) return undefined;
  const ms = Date.parse(raw);
  if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?Z$/.test(raw) || !Number.isFinite(ms))
    throw invalidParameter(
      name,
      raw,
      `Invalid ${name}: must be a date-time in the form YYYY-MM-DDTHH:mm:ssZ`,
    );
  return Math.floor(ms / 1000);
}

/**
 * X's streams as long-lived responses of newline-delimited JSON, served from the network's event log
 * as simulated time passes: each connection replays its window (`backfill_minutes`, `start_time`)
 * and then follows every step of the clock; `end_time` closes it once passed. Keep-alive `\r\n` on
 * idle streams; a client that does not read is dropped past `maxBufferedBytes` (bounded memory).
 */
/** X's Date header: the simulated clock (X's time in the sandbox), to the second. */
export const xDate = (net: Network): string => new Date(Math.floor(net.clock.now) * 1000).toUTCString();

export function registerStreams(
  app: FastifyInstance,
  ctx: XContext,
  activity: ActivitySubscriptions,
  options: StreamOptions = {},
): void {
  const keepAliveMs = options.keepAliveMs ?? 20_000;
  const perApp = options.connectionsPerApp ?? 2;
  const stallMs = options.stallMs ?? 120_000;
  const open = new Map<string, number>();
  // Closing the server ends every stream (a hijacked response would otherwise keep it open).
  const live = new Set<(destroy: boolean) => void>();
  app.addHook('preClose', (done) => {
    for (const finish of [...live]) finish(false);
    done();
  });
  for (const spec of STREAMS) {
    const endpoint = `GET /2${spec.path}`;
    // A stream lives until its client or the server closes it: its request's length is not slowness,
    // so only its errors are logged (the server's request log warns of requests over a second).
    app.get(spec.path, { logLevel: 'error' }, (request: FastifyRequest, reply: FastifyReply) => {
      const caller = authenticate(request, ctx.auth);
      authorize(caller, { appOnly: true, scopes: [] });
      if (caller.kind !== 'app') throw tooManyRequests();
      const rate = ctx.limiter.take(endpoint, caller.key, true);
      const headers = {
        'x-rate-limit-limit': String(rate.limit),
        'x-rate-limit-remaining': String(rate.remaining),
        'x-rate-limit-reset': String(rate.reset),
      };
      reply.headers(headers);
      if (!rate.allowed) throw tooManyRequests();
      const outage = servedStreams.get(ctx.net)?.outage;
      if (outage === 'unreachable') {
        reply.hijack();
        reply.raw.destroy();
        return;
      }
      if (outage !== undefined) throw outageProblem(outage);
      const query = request.query as Record<string, string | undefined>;
      checkParameters(query, spec.query);
      const shape = parseShape(query, spec.expansions);
      const partition = spec.partitions > 0 ? integer(query, 'partition', 1, spec.partitions) : 1;
      if (partition === undefined)
        throw invalidParameter('partition', '', 'The `partition` query parameter can not be empty');
      const backfill = integer(query, 'backfill_minutes', 0, 5) ?? 0;
      const startTime = instant(query, 'start_time');
      const endTime = instant(query, 'end_time');
      if (startTime !== undefined && endTime !== undefined && endTime <= startTime)
        throw invalidParameter(
          'end_time',
          query.end_time!,
          'The `end_time` query parameter value must be after `start_time`',
        );
      // The limit holds per partition: a data partner reads every partition of a firehose at once.
      const key = `${endpoint} ${partition} ${caller.key}`;
      if ((open.get(key) ?? 0) >= perApp) throw tooManyConnections();
      open.set(key, (open.get(key) ?? 0) + 1);

      const net = ctx.net;
      const served = streamsOf(net);
      const view: StreamView = {
        net,
        origin: `${request.protocol}://${request.host}${ctx.basePath}`,
        viewer: -1,
        activity,
      };
      const raw = reply.raw;
      reply.hijack();
      raw.writeHead(200, { 'content-type': 'application/json; charset=utf-8', date: xDate(net), ...headers });
      // X answers a stream's headers at once: a client knows it is connected before the first line.
      raw.flushHeaders();
      let closed = false;
      const from = startTime ?? net.clock.now - backfill * 60;
      const reach = startTime === undefined ? 5 * 60 : RECOVERY_SECONDS;
      /** False once the response's buffer is full (the reader is behind): see StreamPump. */
      const write = (text: string): boolean => closed || raw.write(text);
      const pump = new StreamPump(
        net.events.firstAtOrAfter(Math.max(from, net.clock.now - reach)),
        {
          length: () => net.events.length,
          time: (e) => net.events.time.get(e),
          now: () => net.clock.now,
          render: rowText(spec, view, shape, partition - 1),
        },
        { write, onDrain: (callback) => raw.once('drain', callback), finish },
        { startTime, endTime, stallMs },
      );
      const listener = (): void => pump.pump();
      const keepAlive = setInterval(() => void write('\r\n'), keepAliveMs);
      function finish(destroy: boolean): void {
        if (closed) return;
        closed = true;
        pump.close();
        live.delete(finish);
        served.open.delete(finish);
        clearInterval(keepAlive);
        net.simulation.listeners.delete(listener);
        open.set(key, (open.get(key) ?? 1) - 1);
        if (destroy) raw.destroy();
        else raw.end();
      }
      raw.on('close', () => finish(false));
      live.add(finish);
      served.open.add(finish);
      // X replays up to 5 minutes through backfill_minutes, and up to 24 hours through Recovery
      // (start_time: docs.x.com, "Recovery and redundancy"; the OpenAPI document bounds neither).
      net.simulation.listeners.add(listener);
      // A keep-alive at once: the reader hears that the connection is live before the first interval.
      write('\r\n');
      pump.pump();
    });
  }
}
