import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_KEY_PREFIX, type ApiKeyScope } from '@murmur/core/api';
import { Forbidden, NotFound, TooManyRequests } from '../../errors';
import type { Clock } from '../../lib/clock';
import type { ApiKeyAuth, ApiKeyCaller } from '../../plugins/auth';
import { keyRouteOf, type TeamSource } from './api-key-routes';
import type { ApiKeysRepository } from './api-keys.repository';

/** One call made with a key, for an audit log to record (wired in modules/index.ts). */
export interface ApiKeyUse {
  teamId: number;
  keyId: number;
  method: string;
  /** The route's pattern, e.g. `/api/audience-configs/:pk/`. */
  route: string;
  status: number;
  ip: string;
}

const MINUTE = 60_000;
const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

/** Whether a team reference as a route takes it (a slug or an id) names the key's team. */
function isKeyTeam(ref: unknown, key: ApiKeyCaller): boolean {
  if (typeof ref === 'number') return ref === key.teamId;
  if (typeof ref !== 'string') return false;
  const v = ref.trim().toLowerCase();
  return /^\d+$/.test(v) ? Number(v) === key.teamId : v === key.teamSlug;
}

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;
const keyOf = (request: FastifyRequest): ApiKeyCaller | undefined =>
  request.principal.kind === 'user' && request.principal.via === 'api-key'
    ? request.principal.apiKey
    : undefined;

/**
 * The API key side of the auth plugin (plugins/auth.ts `ApiKeyAuth`): a key is good while it is not
 * revoked and its creator is still an admin of its team; it reaches the routes its scopes open
 * (api-key-routes.ts), within its team, at most `rate_limit_per_minute` times a minute: a fixed
 * window per key and minute of the server's clock, counted in @fastify/rate-limit's store — Redis
 * when REDIS_URL is set, so every server process shares a key's count (plugins/rate-limit.ts).
 */
export function createApiKeyAuth(deps: {
  repo: ApiKeysRepository;
  clock: Clock;
  onKeyUse?: ((use: ApiKeyUse) => void) | undefined;
}): ApiKeyAuth & { useRateLimitStore(app: FastifyInstance): void } {
  const { repo, clock } = deps;
  let limiter: Limiter | undefined;
  const windowOf = () => Math.floor(clock.now().getTime() / MINUTE);

  async function sameTeam(request: FastifyRequest, source: TeamSource, key: ApiKeyCaller): Promise<boolean> {
    const params = record(request.params);
    const pk = Number(params.pk);
    switch (source.from) {
      case 'query':
        return isKeyTeam(record(request.query).team, key);
      case 'body':
        return isKeyTeam(record(request.body).team, key);
      case 'path-team':
        return isKeyTeam(params.slug, key);
      case 'audience': {
        // A replacement may not move the audience to another of the creator's teams either.
        const moveTo = record(request.body).team;
        if (moveTo !== undefined && moveTo !== null && !isKeyTeam(moveTo, key)) return false;
        return (await repo.teamOfAudience(pk)) === key.teamId;
      }
      case 'campaign':
        return (await repo.teamOfCampaign(pk)) === key.teamId;
      case 'body-audience': {
        const id = record(request.body).audience_config_id;
        return typeof id !== 'number' || (await repo.teamOfAudience(id)) === key.teamId;
      }
      case 'none':
        return true;
    }
  }

  return {
    prefix: API_KEY_PREFIX,

    async callerFor(keyHash) {
      const found = await repo.findByHash(keyHash);
      // Revoked, or its creator left the team or is no longer its admin: the key stops working.
      if (!found || found.key.revokedAt !== null || !found.user || found.level !== 'admin') return undefined;
      const { key } = found;
      return {
        user: found.user,
        key: {
          keyId: key.id,
          teamId: key.teamId,
          teamSlug: found.teamSlug,
          scopes: key.scopes,
          rateLimitPerMinute: key.rateLimitPerMinute,
        },
      };
    },

    admit(request, key) {
      const route = keyRouteOf(request.method, request.routeOptions.url);
      if (!route) return new Forbidden('API keys do not reach this endpoint.');
      if (!key.scopes.includes(route.scope satisfies ApiKeyScope)) {
        return new Forbidden(`This API key lacks the "${route.scope}" scope.`);
      }
      return undefined;
    },

    async throttle(request) {
      if (!limiter) throw new Error('API keys are used before the rate limit store is set.');
      const counted = await limiter(request);
      if (counted.isAllowed || !counted.isExceeded) return undefined;
      // Until the next minute of the server's clock, when the key's next window starts.
      const wait = Math.max(1, Math.ceil(((windowOf() + 1) * MINUTE - clock.now().getTime()) / 1000));
      return new TooManyRequests(`Request was throttled. Expected available in ${wait} seconds.`, wait);
    },

    /** The store of the app's rate limits (plugins/rate-limit.ts), once the app is built. */
    useRateLimitStore(app) {
      limiter = app.createRateLimit({
        max: (request) => keyOf(request)?.rateLimitPerMinute ?? 0,
        timeWindow: 2 * MINUTE,
        keyGenerator: (request) => `api-key:${keyOf(request)?.keyId ?? 'none'}:${windowOf()}`,
      });
    },

    async check(request, key) {
      const route = keyRouteOf(request.method, request.routeOptions.url);
      // As for a non-member: what belongs to another team (or to nobody's team) is not found.
      if (!route || !(await sameTeam(request, route.team, key))) throw new NotFound();
      await repo.recordUse(key.keyId, clock.now());
    },

    answered(request, statusCode, key) {
      deps.onKeyUse?.({
        teamId: key.teamId,
        keyId: key.keyId,
        method: request.method,
        route: request.routeOptions.url ?? request.url,
        status: statusCode,
        ip: request.ip,
      });
    },
  };
}
