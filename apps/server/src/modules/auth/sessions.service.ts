import type { UserRow } from '../../db/schema';
import { BadRequest } from '../../errors';
import type { Clock } from '../../lib/clock';
import { hmac, randomKey, sha256 } from '../../lib/crypto';
import type { AuthCache } from '../../lib/auth-cache';
import { createLruCache, type LruCache } from '../../lib/lru-cache';
import { summariseUserAgent } from '../../lib/user-agent';
import { DEFAULT_CREDENTIAL_LIFETIMES, type CredentialLifetimes } from '../../config';
// The prefix the auth plugin tells extension tokens apart by, before any lookup.
import { EXTENSION_TOKEN_PREFIX } from '../../plugins/auth';
import type { LastUse, SessionRepository } from './sessions.repository';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A credential's last use and its sliding end are written at most this often (the hot path stays in memory). */
export const TOUCH_INTERVAL_MS = 60 * 60 * 1000;

export interface SignedIn {
  /** Value of the `murmur_session` cookie. */
  sessionKey: string;
  /** Value of the readable `csrftoken` cookie. */
  csrfToken: string;
  /** The personal token, returned once as `key` (docs/API.md); it belongs to the session. */
  tokenKey: string;
  expiresAt: Date;
}

/** Who asks for an extension token: the credential of this request, which the token will die with. */
export type ExtensionTokenIssuer = { sessionKey: string } | { tokenKey: string };

/** The request a credential is used by: its address (TRUST_PROXY respected) and user agent, read only when written. */
export interface SeenFrom {
  readonly ip: string;
  readonly headers: { readonly 'user-agent'?: string | undefined };
}

export type SessionService = ReturnType<typeof createSessionService>;
type MaybePromise<T> = T | Promise<T>;

export function createSessionService(deps: {
  sessionRepository: SessionRepository;
  /** Who each credential belongs to, in memory; logout makes it forget (lib/auth-cache.ts). */
  authCache: AuthCache;
  secret: string;
  clock: Clock;
  lifetimes?: CredentialLifetimes;
  /** The throttle of last-use writes, shared by every service over the same cache (modules/auth/index.ts). */
  touched?: LruCache<string, true>;
}) {
  const { sessionRepository: repo, authCache: cache, secret, clock } = deps;
  const lifetimes = deps.lifetimes ?? DEFAULT_CREDENTIAL_LIFETIMES;
  const touched = deps.touched ?? createTouchThrottle(clock);
  const idleMs = { s: lifetimes.sessionIdleDays * DAY_MS, t: lifetimes.tokenIdleDays * DAY_MS };

  /**
   * Sliding expiry: records the use and moves the end forward, at most once per TOUCH_INTERVAL_MS
   * per credential and process, without anyone waiting for the write (docs/API.md "Sessions and tokens").
   */
  const touch = (kind: 's' | 't', keyHash: string, seen: SeenFrom | undefined, credential: string): void => {
    if (!seen) return;
    if (touched.get(credential)) return;
    touched.set(credential, true);
    const now = clock.now();
    const use = lastUseOf(seen, now);
    const until = new Date(now.getTime() + idleMs[kind]);
    const write =
      kind === 's' ? repo.touchSession(keyHash, use, until) : repo.touchToken(keyHash, use, until);
    // A lost write costs only an hour of slide; it must never fail the request that caused it.
    write.catch(() => touched.delete(credential));
  };
  /** `credential`: `${kind}:${keyHash}`, as the caller made it for the cache (one string a request). */
  const touchAfter = <T>(
    found: MaybePromise<T | undefined>,
    kind: 's' | 't',
    keyHash: string,
    credential: string,
    seen?: SeenFrom,
  ) => {
    if (found instanceof Promise) {
      return found.then((user) => {
        if (user) touch(kind, keyHash, seen, credential);
        return user;
      });
    }
    if (found) touch(kind, keyHash, seen, credential);
    return found;
  };
  // docs/API.md: the CSRF token is HMAC(session key); nothing extra is stored and it dies with the session.
  const csrfToken = (sessionKey: string) => hmac(secret, `csrf:${sessionKey}`);

  // Answered synchronously when cached, so that a signed-in request waits for no promise.
  const userForTokenHash = (keyHash: string, seen?: SeenFrom): MaybePromise<UserRow | undefined> => {
    const credential = `t:${keyHash}`;
    const now = clock.now();
    const found =
      cache.peek(credential, now) ?? cache.user(credential, now, () => repo.findTokenUser(keyHash, now));
    return touchAfter(found, 't', keyHash, credential, seen);
  };

  const userForExtensionTokenHash = (keyHash: string): MaybePromise<UserRow | undefined> => {
    const credential = `e:${keyHash}`;
    const now = clock.now();
    return (
      cache.peek(credential, now) ??
      cache.user(credential, now, () => repo.findExtensionTokenUser(keyHash, now))
    );
  };

  const issuerHash = (issuer: ExtensionTokenIssuer) =>
    'sessionKey' in issuer
      ? { sessionHash: sha256(issuer.sessionKey) }
      : { tokenHash: sha256(issuer.tokenKey) };

  const forgetExtensionTokens = (hashes: readonly string[]) => {
    for (const hash of hashes) cache.forget(`e:${hash}`);
  };

  return {
    csrfToken,

    /**
     * Starts a session and issues the personal token that belongs to it, for a user who just proved
     * their identity. With `mintedBy` (a personal token exchanged for a session) both end with that
     * token and never after its current end; 400 when `mintedBy` is no longer a live token.
     */
    async start(
      userId: number,
      options: { seen?: SeenFrom | undefined; mintedBy?: string | undefined } = {},
    ): Promise<SignedIn> {
      const now = clock.now();
      const minter = options.mintedBy ? await repo.findToken(sha256(options.mintedBy), now) : undefined;
      if (options.mintedBy && (!minter || minter.userId !== userId))
        throw new BadRequest({ token: ['Invalid token.'] });
      const sessionKey = randomKey();
      const tokenKey = randomKey();
      const max = new Date(
        Math.min(now.getTime() + lifetimes.maxDays * DAY_MS, minter?.expiresAt.getTime() ?? Infinity),
      );
      const endOf = (idle: number) => new Date(Math.min(now.getTime() + idle, max.getTime()));
      const lastUse = options.seen && lastUseOf(options.seen, now);
      await repo.deleteExpired(userId, now);
      const sessionId = await repo.insertSession({
        keyHash: sha256(sessionKey),
        userId,
        expiresAt: endOf(idleMs.s),
        maxExpiresAt: max,
        mintedByTokenId: minter?.id ?? null,
        lastUse,
      });
      await repo.insertToken({
        keyHash: sha256(tokenKey),
        userId,
        sessionId,
        expiresAt: endOf(idleMs.t),
        maxExpiresAt: max,
      });
      if (lastUse) touched.set(`s:${sha256(sessionKey)}`, true);
      return { sessionKey, csrfToken: csrfToken(sessionKey), tokenKey, expiresAt: endOf(idleMs.s) };
    },

    /** Whether a personal token belongs to the sign-in of the browser session `sessionKey`. */
    async tokenBelongsToSession(tokenKey: string, sessionKey: string): Promise<boolean> {
      const token = await repo.findToken(sha256(tokenKey), clock.now());
      return token?.sessionId != null && token.sessionId === (await repo.findSessionId(sha256(sessionKey)));
    },

    // Every authenticated request asks these: answered from memory after the first (lib/auth-cache.ts).
    userForSession(sessionKey: string, seen?: SeenFrom): MaybePromise<UserRow | undefined> {
      const keyHash = sha256(sessionKey);
      const credential = `s:${keyHash}`;
      const now = clock.now();
      const found =
        cache.peek(credential, now) ?? cache.user(credential, now, () => repo.findSessionUser(keyHash, now));
      return touchAfter(found, 's', keyHash, credential, seen);
    },

    userForToken: (tokenKey: string, seen?: SeenFrom) => userForTokenHash(sha256(tokenKey), seen),

    /** `userForToken` for a caller that has hashed the key already (plugins/auth.ts). */
    userForTokenHash,

    /**
     * A new extension token for `userId`, tied to the credential that asked (one per credential:
     * the previous one stops working). Undefined when that credential is gone or not the user's.
     */
    async issueExtensionToken(userId: number, issuer: ExtensionTokenIssuer): Promise<string | undefined> {
      const tokenKey = `${EXTENSION_TOKEN_PREFIX}${randomKey()}`;
      const issued = await repo.replaceExtensionToken({
        keyHash: sha256(tokenKey),
        userId,
        issuer: issuerHash(issuer),
        now: clock.now(),
      });
      if (!issued) return undefined;
      forgetExtensionTokens(issued.replaced);
      return tokenKey;
    },

    /** The user of an extension token, by its SHA-256 (plugins/auth.ts); cached like the others. */
    userForExtensionTokenHash,

    /**
     * Signs out whatever credentials the request carried: a session with its sign-in's token, a token
     * with its sign-in's session, and everything they issued or opened (by cascade).
     */
    async end(credentials: {
      sessionKey?: string | undefined;
      tokenKey?: string | undefined;
    }): Promise<void> {
      const users = new Set<number>();
      if (credentials.sessionKey) {
        const keyHash = sha256(credentials.sessionKey);
        forgetExtensionTokens(await repo.deleteExtensionTokensOf({ sessionHash: keyHash }));
        const userId = await repo.deleteSession(keyHash);
        if (userId !== undefined) users.add(userId);
        cache.forget(`s:${keyHash}`);
      }
      if (credentials.tokenKey) {
        const keyHash = sha256(credentials.tokenKey);
        forgetExtensionTokens(await repo.deleteExtensionTokensOf({ tokenHash: keyHash }));
        const userId = await repo.deleteTokenAndItsSession(keyHash);
        if (userId !== undefined) users.add(userId);
        cache.forget(`t:${keyHash}`);
      }
      // What ended by cascade (the sign-in's other credential, sessions a token opened, their
      // extension tokens) is forgotten with every other credential of the user.
      for (const userId of users) cache.forgetCredentialsOf(userId);
    },
  };
}

/** The throttle of last-use writes: a credential written within the interval is not written again. */
export function createTouchThrottle(clock: Clock): LruCache<string, true> {
  return createLruCache<string, true>({
    max: 50_000,
    ttlMs: TOUCH_INTERVAL_MS,
    now: () => clock.now().getTime(),
  });
}

/** A request as the last use of the credential it came with. */
export function lastUseOf(seen: SeenFrom, at: Date): LastUse {
  return { at, ip: seen.ip || null, agent: summariseUserAgent(seen.headers['user-agent']) };
}
