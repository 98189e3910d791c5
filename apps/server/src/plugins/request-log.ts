import {
  LogController,
  type FastifyBaseLogger,
  type FastifyContextConfig,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';

type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildLoggerOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;

/** A request slower than this is logged at warn whatever its status. */
export const SLOW_REQUEST_MS = 1000;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A probe's route (`/readyz`): polled every few seconds, its 503 is an answer ("not ready yet"),
     * not a server error, so its requests log at debug; the route logs its own changes of state
     * (plugins/health.ts).
     */
    probe?: boolean;
  }
}

/**
 * One line per finished request — `{method, url, status, ms}` — instead of Fastify's two ("incoming
 * request", "request completed") at info: at thousands of requests a second those two lines were a
 * large part of each request's cost (the serving path). Server errors log at error, slow requests at
 * warn, everything else (and a probe's answers, `probe` above) at debug, so `LOG_LEVEL=debug` gives a
 * full access log and `info` a quiet one.
 * Fastify's other lines (route not found, serializer and stream errors) stay as they are.
 */
export class ConciseRequestLog extends LogController {
  /** Also told of every finished request (plugins/metrics.ts records its duration here: no extra hook). */
  onCompleted: ((request: FastifyRequest, reply: FastifyReply) => void) | undefined;

  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    this.onCompleted?.(request, reply);
    const ms = reply.elapsedTime;
    const status = reply.statusCode;
    // The line's fields are made only when it is written: at `info` a fast answer writes nothing.
    // A request no route matched may have no route config (Fastify reads it as `context.config?.`).
    const config = request.routeOptions.config as FastifyContextConfig | undefined;
    const probe = config?.probe === true && !error;
    if (error || (status >= 500 && !probe))
      reply.log.error({ ...lineOf(request, status, ms), err: error ?? undefined }, 'request');
    else if (ms >= SLOW_REQUEST_MS && !probe) reply.log.warn(lineOf(request, status, ms), 'request');
    else if ((reply.log as LevelAware).isLevelEnabled?.('debug') !== false)
      reply.log.debug(lineOf(request, status, ms), 'request');
  }
}

function lineOf(request: FastifyRequest, status: number, ms: number) {
  return { method: request.method, url: request.url, status, ms: Math.round(ms) };
}

type LogMethod = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/** The root logger as pino gives it: it can tell whether a level would be written. */
type LevelAware = FastifyBaseLogger & { isLevelEnabled?: (level: string) => boolean };

/**
 * A request's logger that becomes pino's child (with the request id) only when something is
 * written through it. Fastify makes a child logger for every request before any hook runs, and pino's
 * `child` (new prototype, bindings serialised) was ~15 µs of every request's CPU in bench:api, while
 * at `info` a fast, successful request writes nothing (the serving path). Lines that are written carry the
 * same bindings as before; a level set on it applies from then on.
 */
export class LazyChildLogger implements FastifyBaseLogger {
  private real: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: LevelAware,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  private child_(): FastifyBaseLogger {
    return (this.real ??= this.parent.child(this.bindings, this.options));
  }

  /** Whether a line at `level` would be written (pino's `isLevelEnabled`). */
  isLevelEnabled(level: string): boolean {
    return ((this.real ?? this.parent) as LevelAware).isLevelEnabled?.(level) ?? true;
  }

  private write(method: LogMethod, args: unknown[]): void {
    if (this.real === undefined && this.parent.isLevelEnabled?.(method) === false) return;
    this.child_()[method](...(args as [unknown]));
  }

  get level(): FastifyBaseLogger['level'] {
    return this.real?.level ?? this.parent.level;
  }

  set level(level: FastifyBaseLogger['level']) {
    this.child_().level = level;
  }

  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }
  error(...args: unknown[]): void {
    this.write('error', args);
  }
  warn(...args: unknown[]): void {
    this.write('warn', args);
  }
  info(...args: unknown[]): void {
    this.write('info', args);
  }
  debug(...args: unknown[]): void {
    this.write('debug', args);
  }
  trace(...args: unknown[]): void {
    this.write('trace', args);
  }
  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.child_().child(bindings, options);
  }
}

/**
 * Fastify's `childLoggerFactory`: the lazy logger above, unless a route asks for its own level or
 * serializers (then pino's child at once, as Fastify would make it).
 */
export const lazyChildLoggerFactory = (
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger =>
  options.level === undefined && options.serializers === undefined
    ? new LazyChildLogger(logger, bindings, options)
    : logger.child(bindings, options);

/** Spread into `Fastify({...})`. */
export const requestLogOptions = () => ({
  logController: new ConciseRequestLog(),
  childLoggerFactory: lazyChildLoggerFactory,
});
