import type { UserRow } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { hmac, randomKey, sha256 } from '../../lib/crypto';
import type { AuthCache } from '../../lib/auth-cache';
// The prefix the auth plugin tells extension tokens apart by, before any lookup.
import { EXTENSION_TOKEN_PREFIX } from '../../plugins/auth';
import type { SessionRepository } from './sessions.repository';

/** Browser sessions last two weeks, as Django's did. */
export const SESSION_DAYS = 14;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface SignedIn {
  /** Value of the `murmur_session` cookie. */
  sessionKey: string;
  /** Value of the readable `csrftoken` cookie. */
  csrfToken: string;
  /** The personal user token, returned once as `key` (docs/API.md). */
  tokenKey: string;
  expiresAt: Date;
}

/** Who asks for an extension token: the credential of this request, which the token will die with. */
export type ExtensionTokenIssuer = { sessionKey: string } | { tokenKey: string };

export type SessionService = ReturnType<typeof createSessionService>;
type MaybePromise<T> = T | Promise<T>;

export function createSessionService(deps: {
  sessionRepository: SessionRepository;
  /** Who each credential belongs to, in memory; logout makes it forget (lib/auth-cache.ts). */
  authCache: AuthCache;
  secret: string;
  clock: Clock;
}) {
  const { sessionRepository: repo, authCache: cache, secret, clock } = deps;
  // docs/API.md: the CSRF token is HMAC(session key); nothing extra is stored and it dies with the session.
  const csrfToken = (sessionKey: string) => hmac(secret, `csrf:${sessionKey}`);

  // Answered synchronously when cached, so that a signed-in request waits for no promise.
  const userForTokenHash = (keyHash: string): MaybePromise<UserRow | undefined> => {
    const credential = `t:${keyHash}`;
    const now = clock.now();
    return (
      cache.peek(credential, now) ??
      cache.user(credential, now, async () => {
        const user = await repo.findTokenUser(keyHash);
        return user && { user, expiresAt: null };
      })
    );
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

    /** Starts a session and issues a personal token for a user who just proved their identity. */
    async start(userId: number): Promise<SignedIn> {
      const now = clock.now();
      const sessionKey = randomKey();
      const tokenKey = randomKey();
      const expiresAt = new Date(now.getTime() + SESSION_DAYS * DAY_MS);
      await repo.deleteExpiredSessions(userId, now);
      await repo.insertSession({ keyHash: sha256(sessionKey), userId, expiresAt });
      await repo.insertToken({ keyHash: sha256(tokenKey), userId });
      return { sessionKey, csrfToken: csrfToken(sessionKey), tokenKey, expiresAt };
    },

    // Every authenticated request asks these: answered from memory after the first (lib/auth-cache.ts).
    userForSession(sessionKey: string): MaybePromise<UserRow | undefined> {
      const keyHash = sha256(sessionKey);
      const credential = `s:${keyHash}`;
      const now = clock.now();
      return (
        cache.peek(credential, now) ?? cache.user(credential, now, () => repo.findSessionUser(keyHash, now))
      );
    },

    userForToken: (tokenKey: string) => userForTokenHash(sha256(tokenKey)),

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

    /** Signs out whatever credentials the request carried, and the extension tokens they issued. */
    async end(credentials: {
      sessionKey?: string | undefined;
      tokenKey?: string | undefined;
    }): Promise<void> {
      if (credentials.sessionKey) {
        const keyHash = sha256(credentials.sessionKey);
        forgetExtensionTokens(await repo.deleteExtensionTokensOf({ sessionHash: keyHash }));
        await repo.deleteSession(keyHash);
        cache.forget(`s:${keyHash}`);
      }
      if (credentials.tokenKey) {
        const keyHash = sha256(credentials.tokenKey);
        forgetExtensionTokens(await repo.deleteExtensionTokensOf({ tokenHash: keyHash }));
        await repo.deleteToken(keyHash);
        cache.forget(`t:${keyHash}`);
      }
    },
  };
}
