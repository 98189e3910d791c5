import type { UserRow } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { hmac, randomKey, sha256 } from '../../lib/crypto';
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

export type SessionService = ReturnType<typeof createSessionService>;

export function createSessionService(deps: {
  sessionRepository: SessionRepository;
  secret: string;
  clock: Clock;
}) {
  const { sessionRepository: repo, secret, clock } = deps;
  // docs/API.md: the CSRF token is HMAC(session key); nothing extra is stored and it dies with the session.
  const csrfToken = (sessionKey: string) => hmac(secret, `csrf:${sessionKey}`);

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

    userForSession(sessionKey: string): Promise<UserRow | undefined> {
      return repo.findSessionUser(sha256(sessionKey), clock.now());
    },

    userForToken(tokenKey: string): Promise<UserRow | undefined> {
      return repo.findTokenUser(sha256(tokenKey));
    },

    /** Signs out whatever credentials the request carried. */
    async end(credentials: {
      sessionKey?: string | undefined;
      tokenKey?: string | undefined;
    }): Promise<void> {
      if (credentials.sessionKey) await repo.deleteSession(sha256(credentials.sessionKey));
      if (credentials.tokenKey) await repo.deleteToken(sha256(credentials.tokenKey));
    },
  };
}
