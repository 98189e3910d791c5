import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UserRow } from '../db/schema';
import { Forbidden, NotAuthenticated, Unauthorized } from '../errors';
import { timingSafeEqual } from 'node:crypto';
import { safeEqual, sha256, sha256Digest } from '../lib/crypto';

export const SESSION_COOKIE = 'murmur_session';

/**
 * Extension tokens (SPEC §6) start with this; '.' is not in a personal token's base64url alphabet,
 * so the auth plugin tells the two kinds apart before any lookup (docs/API.md "Authentication").
 */
export const EXTENSION_TOKEN_PREFIX = 'xpt.';

type MaybePromise<T> = T | Promise<T>;

/**
 * What the plugin asks of the sessions (modules/auth's session service, passed in by app.ts):
 * plugins sit below modules and never import them.
 */
export interface SessionLookup {
  /** `seen`: the request, whose address and user agent are recorded as the credential's last use. */
  userForSession(sessionKey: string, seen: FastifyRequest): MaybePromise<UserRow | undefined>;
  /** A personal token's user by the SHA-256 hex of its whole value. */
  userForTokenHash(keyHash: string, seen: FastifyRequest): MaybePromise<UserRow | undefined>;
  userForExtensionTokenHash(keyHash: string): MaybePromise<UserRow | undefined>;
  csrfToken(sessionKey: string): string;
}
export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'x-csrftoken';

/**
 * Who is calling: a user (by session cookie, personal token, or a pro-targeting or extension token
 * that reaches only some routes), a client app (by fixed token), or nobody.
 */
export type Principal =
  | { kind: 'anonymous'; invalidToken: boolean }
  | { kind: 'user'; user: UserRow; via: 'session'; sessionKey: string }
  | { kind: 'user'; user: UserRow; via: 'token'; tokenKey: string }
  | { kind: 'user'; user: UserRow; via: 'pro-targeting'; tokenKey: string }
  | { kind: 'user'; user: UserRow; via: 'extension'; tokenKey: string }
  | { kind: 'user'; user: UserRow; via: 'api-key'; tokenKey: string; apiKey: ApiKeyCaller }
  | { kind: 'client'; client: 'extension' | 'pro-targeting' | 'targeting' };

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal;
  }
  interface FastifyContextConfig {
    /**
     * `'signed-in'`: the route answers only a signed-in user (docs/API.md "Authentication"); anyone
     * else is refused (401/403, as `requireUser` answers) before the input is read or validated, so a
     * signed-out caller learns nothing of the route's input. Declared on the route itself, so a new
     * route cannot be left off a list; the OpenAPI document marks it `x-auth` (plugins/docs.ts).
     */
    auth?: 'signed-in';
    /** The route takes a per-user extension token (SPEC §6); no other route does. */
    extensionToken?: boolean;
  }
}

/**
 * A per-user token kind told apart by its prefix, reaching only some routes: the pro-targeting
 * token (modules/pro/pro-tokens.ts).
 */
export interface ScopedUserTokens {
  prefix: string;
  /** The user of a token by the SHA-256 hex of its whole value; synchronous when cached. */
  userForKeyHash(keyHash: string): UserRow | undefined | Promise<UserRow | undefined>;
  /** Whether the token may call the route with this pattern. */
  reaches(routeUrl: string): boolean;
}

/** A customer API key's grant (docs/API-KEYS.md): its team, scopes and rate limit. */
export interface ApiKeyCaller {
  keyId: number;
  teamId: number;
  teamSlug: string;
  scopes: readonly string[];
  rateLimitPerMinute: number;
}

/**
 * Customer API keys (`Authorization: Bearer mur_…`, modules/api-access), which act as the admin who
 * made them within their team and scopes, on the routes their scopes open only.
 */
export interface ApiKeyAuth {
  prefix: string;
  /** The key's creator and grant by the SHA-256 hex of its value; undefined when unknown or revoked. */
  callerFor(keyHash: string): Promise<{ user: UserRow; key: ApiKeyCaller } | undefined>;
  /** Before the input is read: the refusal (route not opened by the key's scopes), if any. */
  admit(request: FastifyRequest, key: ApiKeyCaller): Error | undefined;
  /** Then, still before the input is read, the key's rate limit: the 429 once it is spent. */
  throttle(request: FastifyRequest, key: ApiKeyCaller): Promise<Error | undefined>;
  /** After validation, before the handler: holds the route to the key's team and counts the use. */
  check(request: FastifyRequest, key: ApiKeyCaller): Promise<void>;
  /** Once answered (the key's use, for an audit log). */
  answered(request: FastifyRequest, statusCode: number, key: ApiKeyCaller): void;
}

export interface AuthOptions {
  sessionService: SessionLookup;
  extensionToken: string | undefined;
  proTargetingToken: string | undefined;
  /** SPEC §6/§7: the targeting service's fixed token, accepted on `targetingRoutes` only. */
  targetingToken?: string | undefined;
  /** The targeting service's routes (modules/catalogues/targeting-service.ts). */
  targetingRoutes?: readonly string[] | undefined;
  /** SPEC §6's per-user pro-targeting tokens. */
  proTargetingTokens?: ScopedUserTokens | undefined;
  /** Customer API keys (modules/api-access). */
  apiKeys?: ApiKeyAuth | undefined;
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const SIGNED_OUT: Principal = Object.freeze({ kind: 'anonymous', invalidToken: false });
/** A stale token is treated as signed out so that public routes (signing in again) still work. */
const STALE_TOKEN: Principal = Object.freeze({ kind: 'anonymous', invalidToken: true });

function byToken(user: UserRow | undefined, tokenKey: string): Principal {
  return user ? { kind: 'user', user, via: 'token', tokenKey } : STALE_TOKEN;
}

function byProToken(user: UserRow | undefined, tokenKey: string): Principal {
  return user ? { kind: 'user', user, via: 'pro-targeting', tokenKey } : STALE_TOKEN;
}

function byExtensionToken(user: UserRow | undefined, tokenKey: string): Principal {
  return user ? { kind: 'user', user, via: 'extension', tokenKey } : STALE_TOKEN;
}

function bySession(user: UserRow | undefined, sessionKey: string): Principal {
  return user ? { kind: 'user', user, via: 'session', sessionKey } : SIGNED_OUT;
}

const INVALID_KEY: Principal = Object.freeze({ kind: 'anonymous', invalidToken: true });

/** docs/API-KEYS.md: `Authorization: Bearer mur_<value>`. */
export function bearerKeyFromHeader(header: string | undefined, prefix: string): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1]?.startsWith(prefix) ? match[1] : undefined;
}

/** SPEC §6: `Authorization: Token <value>`. */
export function tokenFromHeader(header: string | undefined): string | undefined {
  const match = /^Token\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1];
}

/**
 * Resolves `request.principal` for every route of the API scope and enforces CSRF for
 * cookie-authenticated writes (docs/API.md "Authentication").
 */
export function registerAuth(app: FastifyInstance, options: AuthOptions): void {
  const { sessionService } = options;
  const targetingRoutes = new Set(options.targetingRoutes ?? []);
  app.decorateRequest('principal');
  // The fixed client tokens, hashed once: a token request then costs one SHA-256, compared in
  // constant time with these and reused as the personal token's lookup hash.
  const clients = (
    [
      ['extension', options.extensionToken],
      ['pro-targeting', options.proTargetingToken],
      ['targeting', options.targetingToken],
    ] as const
  ).flatMap(([client, value]) => (value ? [{ client, digest: sha256Digest(value) }] : []));

  // Synchronous when the credential is cached (lib/auth-cache.ts): most requests wait for no promise,
  // and the cached path allocates no closure (the serving path).
  function resolve(request: FastifyRequest): Principal | Promise<Principal> {
    const apiKeys = options.apiKeys;
    const apiKey = apiKeys && bearerKeyFromHeader(request.headers.authorization, apiKeys.prefix);
    if (apiKeys && apiKey) {
      return apiKeys
        .callerFor(sha256(apiKey))
        .then((found): Principal =>
          found
            ? { kind: 'user', user: found.user, via: 'api-key', tokenKey: apiKey, apiKey: found.key }
            : INVALID_KEY,
        );
    }
    const token = tokenFromHeader(request.headers.authorization);
    if (token) {
      // Fixed client tokens never stand for a user. One hash serves both: the lookup's hex and,
      // when client tokens are configured, its bytes for the constant-time comparison.
      const hex = sha256(token);
      if (clients.length > 0) {
        const digest = Buffer.from(hex, 'hex');
        for (const c of clients)
          if (timingSafeEqual(digest, c.digest)) return { kind: 'client', client: c.client };
      }
      const scoped = options.proTargetingTokens;
      if (scoped && token.startsWith(scoped.prefix)) {
        const user = scoped.userForKeyHash(hex);
        return user instanceof Promise ? user.then((u) => byProToken(u, token)) : byProToken(user, token);
      }
      if (token.startsWith(EXTENSION_TOKEN_PREFIX)) {
        const user = sessionService.userForExtensionTokenHash(hex);
        return user instanceof Promise
          ? user.then((u) => byExtensionToken(u, token))
          : byExtensionToken(user, token);
      }
      const found = sessionService.userForTokenHash(hex, request);
      return found instanceof Promise ? found.then((user) => byToken(user, token)) : byToken(found, token);
    }
    const sessionKey = request.cookies[SESSION_COOKIE];
    if (sessionKey) {
      const found = sessionService.userForSession(sessionKey, request);
      return found instanceof Promise
        ? found.then((user) => bySession(user, sessionKey))
        : bySession(found, sessionKey);
    }
    return SIGNED_OUT;
  }

  /** Sets the principal; the refusal (signed out, CSRF failure of a cookie-authenticated write), if any. */
  function admit(request: FastifyRequest, principal: Principal): Error | undefined {
    request.principal = principal;
    // An API key that is unknown, revoked, or whose creator is no longer the team's admin: 401
    // everywhere (docs/API-KEYS.md), so a customer's software tells it from a missing scope (403).
    if (principal === INVALID_KEY) return new Unauthorized();
    if (principal.kind === 'user' && principal.via === 'api-key') {
      // An unmatched URL goes on to its 404.
      if (request.routeOptions.url === undefined) return undefined;
      return options.apiKeys?.admit(request, principal.apiKey);
    }
    // The targeting service's token reaches its routes only (an unmatched URL goes on to its 404).
    if (principal.kind === 'client' && principal.client === 'targeting') {
      const route = request.routeOptions.url;
      if (route !== undefined && !targetingRoutes.has(route)) {
        return new Forbidden('This targeting-service token does not reach this endpoint.');
      }
    }
    // A route for signed-in users answers anyone else before reading their input (as requireUser would).
    if (principal.kind !== 'user' && request.routeOptions.config.auth === 'signed-in') {
      if (principal.kind === 'client') return new Forbidden();
      return new NotAuthenticated(principal.invalidToken ? 'Invalid token.' : undefined);
    }
    // A pro-targeting token reaches only the pro site's routes (an unmatched URL goes on to its 404).
    if (principal.kind === 'user' && principal.via === 'pro-targeting') {
      const route = request.routeOptions.url;
      if (route !== undefined && !options.proTargetingTokens?.reaches(route)) {
        return new Forbidden('This pro-targeting token does not reach this endpoint.');
      }
    }
    // An extension token reaches only the routes marked `config: { extensionToken: true }`.
    if (
      principal.kind === 'user' &&
      principal.via === 'extension' &&
      request.routeOptions.url !== undefined &&
      request.routeOptions.config.extensionToken !== true
    ) {
      return new Forbidden('This extension token does not reach this endpoint.');
    }
    // Only the cookie rides along on cross-site requests; tokens must be attached by our own code.
    if (principal.kind === 'user' && principal.via === 'session' && UNSAFE_METHODS.has(request.method)) {
      const sent = request.headers[CSRF_HEADER];
      const expected = sessionService.csrfToken(principal.sessionKey);
      if (typeof sent !== 'string' || !safeEqual(sent, expected)) {
        return new Forbidden('CSRF Failed: CSRF token missing or incorrect.');
      }
    }
    return undefined;
  }

  const apiKeys = options.apiKeys;
  /**
   * After admission, an API key's rate limit (docs/API-KEYS.md), before the input is read; only a
   * key admitted to a route is counted (a refused request is not).
   */
  function admitted(request: FastifyRequest, principal: Principal, done: (error?: Error) => void): void {
    const refusal = admit(request, principal);
    if (
      refusal ||
      !apiKeys ||
      principal.kind !== 'user' ||
      principal.via !== 'api-key' ||
      request.routeOptions.url === undefined
    )
      return done(refusal);
    apiKeys.throttle(request, principal.apiKey).then(
      (throttled) => done(throttled),
      (error: unknown) => done(error as Error),
    );
  }

  // The request's cookies were parsed by @fastify/cookie's hook, registered before this one (app.ts).
  app.addHook('onRequest', (request, _reply, done) => {
    let resolved: Principal | Promise<Principal>;
    try {
      resolved = resolve(request);
    } catch (error) {
      done(error as Error);
      return;
    }
    if (resolved instanceof Promise) {
      resolved.then(
        (principal) => admitted(request, principal, done),
        (error: unknown) => done(error as Error),
      );
    } else admitted(request, resolved, done);
  });
  if (apiKeys) {
    // Callbacks, not async functions: every other request passes without a promise (the serving path).
    app.addHook('preHandler', (request, _reply, done) => {
      const principal = request.principal;
      if (principal.kind !== 'user' || principal.via !== 'api-key' || request.routeOptions.url === undefined)
        return done();
      apiKeys.check(request, principal.apiKey).then(
        () => done(),
        (error: unknown) => done(error as Error),
      );
    });
    app.addHook('onResponse', (request, reply, done) => {
      const principal = request.principal;
      if (principal?.kind === 'user' && principal.via === 'api-key')
        apiKeys.answered(request, reply.statusCode, principal.apiKey);
      done();
    });
  }
}

/** The signed-in user, or 403 in the shapes of docs/API.md. */
export function requireUser(request: FastifyRequest): UserRow {
  const principal = request.principal;
  switch (principal.kind) {
    case 'user':
      return principal.user;
    case 'client':
      // Extension and pro-targeting tokens reach only the public catalogue, never a user's data.
      throw new Forbidden();
    case 'anonymous':
      throw new NotAuthenticated(principal.invalidToken ? 'Invalid token.' : undefined);
  }
}
