import type { Credentials } from '@murmur/core/api';
import { NotFound } from '../../errors';
import type { AuthCache } from '../../lib/auth-cache';
import type { Clock } from '../../lib/clock';
import { sha256 } from '../../lib/crypto';
import type { CredentialRow, SessionRepository } from './sessions.repository';
import { lastUseOf, type SeenFrom } from './sessions.service';

/** The credentials of the request that asks: its session cookie and/or its personal token. */
export interface CurrentCredentials {
  sessionKey?: string | undefined;
  tokenKey?: string | undefined;
}

export type CredentialsService = ReturnType<typeof createCredentialsService>;

/**
 * The user's own sessions and personal tokens (docs/API.md "Sessions and tokens"): listed with where
 * and when they were last used, revoked one by one, all but this browser's, or all. Every revocation
 * makes the auth cache forget the user's credentials, so what ended (and what ended with it by
 * cascade: a sign-in's token, sessions a token opened, extension tokens) is refused at once.
 */
export function createCredentialsService(deps: {
  sessionRepository: SessionRepository;
  authCache: Pick<AuthCache, 'forgetCredentialsOf'>;
  clock: Clock;
}) {
  const { sessionRepository: repo, authCache, clock } = deps;

  /** The ids of this request's session, its token, and the session that token belongs to. */
  async function currentIds(current: CurrentCredentials) {
    const now = clock.now();
    const sessionId = current.sessionKey ? await repo.findSessionId(sha256(current.sessionKey)) : undefined;
    const token = current.tokenKey ? await repo.findToken(sha256(current.tokenKey), now) : undefined;
    const sessionIds = [sessionId, token?.sessionId].filter((id): id is number => typeof id === 'number');
    return { sessionIds, tokenIds: token ? [token.id] : [], usedSession: sessionId, usedToken: token?.id };
  }

  const view = (row: CredentialRow, current: boolean, use?: ReturnType<typeof lastUseOf>) => ({
    id: row.id,
    current,
    created: row.created.toISOString(),
    last_used_at: (use?.at ?? row.lastUsedAt)?.toISOString() ?? null,
    last_used_agent: use ? use.agent : row.lastUsedAgent,
    last_used_ip: use ? use.ip : row.lastUsedIp,
    expires_at: row.expiresAt.toISOString(),
  });

  return {
    /**
     * `seen`: this request, which is itself a use of the credential it came with; its last-use write
     * is not awaited (sessions.service.ts `touch`), so the listing shows this use rather than race it.
     */
    async list(userId: number, current: CurrentCredentials, seen?: SeenFrom): Promise<Credentials> {
      const ids = await currentIds(current);
      const rows = await repo.list(userId, clock.now());
      const use = seen && lastUseOf(seen, clock.now());
      return {
        sessions: rows.sessions.map((row) =>
          view(row, ids.sessionIds.includes(row.id), row.id === ids.usedSession ? use : undefined),
        ),
        tokens: rows.tokens.map((row) => ({
          ...view(
            row,
            ids.tokenIds.includes(row.id) ||
              (row.sessionId !== null && ids.sessionIds.includes(row.sessionId)),
            row.id === ids.usedToken ? use : undefined,
          ),
          session: row.sessionId,
        })),
      };
    },

    /** 404 for an id that is not one of the user's (another user's included: never told apart). */
    async revoke(userId: number, kind: 'session' | 'token', id: number): Promise<void> {
      const deleted = await repo.deleteOne(userId, kind, id);
      authCache.forgetCredentialsOf(userId);
      if (!deleted) throw new NotFound();
    },

    /** "Sign out everywhere else": all but this request's credentials and their sign-in's pair. */
    async revokeOthers(userId: number, current: CurrentCredentials): Promise<void> {
      await repo.deleteAllBut(userId, await currentIds(current));
      authCache.forgetCredentialsOf(userId);
    },

    /** Every session and token of the user, this request's included. */
    async revokeAll(userId: number): Promise<void> {
      await repo.deleteAllBut(userId, { sessionIds: [], tokenIds: [] });
      authCache.forgetCredentialsOf(userId);
    },
  };
}
