import type { User } from '@murmur/core/api';
import type { UserRow } from '../db/schema';
import { createLruCache } from './lru-cache';
import type { UserChanges } from './user-changes';

/**
 * Who a session or token belongs to, and what `/api/user/me/` shows, kept in memory so that an
 * authenticated read costs no database round trip (the serving path: PGlite is one WebAssembly thread).
 *
 * Correctness rests on invalidation, not on the TTL: logout/revoke forget the credential, and every
 * committed write that shows in a user (row, groups, memberships, social accounts, a team's name)
 * calls `userChanged`/`everyoneChanged` — through the repositories, so no caller can forget. With
 * REDIS_URL the same invalidations reach every server process over pub/sub. The TTL only bounds
 * what no code here writes (an administrator's SQL).
 */
/** What one process tells the others; credentials travel as a kind prefix (`s:` session, `t:` personal token, `e:` extension token, `p:` pro-targeting token) + SHA-256, never as keys. */
export type AuthInvalidation =
  { credential: string } | { user: number } | { credentialsOf: number } | { everyone: true };

/** Cross-process delivery of invalidations (Redis pub/sub when REDIS_URL is set). */
export interface InvalidationBus {
  publish(message: AuthInvalidation): void;
  subscribe(handler: (message: AuthInvalidation) => void): void;
  close(): Promise<void>;
}

export const AUTH_CACHE_DEFAULTS = {
  /** Credentials and users each; ~1 kB per user, so the cache stays in the low megabytes. */
  max: 10_000,
  ttlMs: 60_000,
};

export type AuthCache = ReturnType<typeof createAuthCache>;

export function createAuthCache(
  options: { max?: number; ttlMs?: number; now?: () => number; bus?: InvalidationBus | undefined } = {},
) {
  const settings = {
    max: options.max ?? AUTH_CACHE_DEFAULTS.max,
    ttlMs: options.ttlMs ?? AUTH_CACHE_DEFAULTS.ttlMs,
    ...(options.now && { now: options.now }),
  };
  const { bus } = options;
  const credentials = createLruCache<string, { userId: number; expiresAt: number | null }>(settings);
  const users = createLruCache<number, UserRow>(settings);
  const views = createLruCache<number, User>(settings);
  // Bumped by every invalidation: a load that started before one must not store what it read.
  let generation = 0;

  function apply(message: AuthInvalidation): void {
    generation++;
    if ('credential' in message) credentials.delete(message.credential);
    else if ('credentialsOf' in message) credentials.deleteWhere((c) => c.userId === message.credentialsOf);
    else if ('user' in message) {
      users.delete(message.user);
      views.delete(message.user);
    } else {
      credentials.clear();
      users.clear();
      views.clear();
    }
  }
  bus?.subscribe(apply);
  const invalidate = (message: AuthInvalidation) => {
    apply(message);
    bus?.publish(message);
  };

  /** The cached user of a credential still valid at `now`; undefined when it must be loaded. */
  function peek(credential: string, now: Date): UserRow | undefined {
    const known = credentials.get(credential);
    if (!known || (known.expiresAt !== null && known.expiresAt <= now.getTime())) return undefined;
    return users.get(known.userId);
  }

  return {
    peek,

    /**
     * The user behind a credential (`s:`, `t:`, `e:` or `p:` + hash), from memory or from `load`. Unknown
     * credentials are not remembered, so a token issued a moment later is never shadowed.
     */
    async user(
      credential: string,
      now: Date,
      load: () => Promise<{ user: UserRow; expiresAt: Date | null } | undefined>,
    ): Promise<UserRow | undefined> {
      const cached = peek(credential, now);
      if (cached) return cached;
      const before = generation;
      const loaded = await load();
      if (!loaded) {
        credentials.delete(credential);
        return undefined;
      }
      if (generation === before) {
        credentials.set(credential, {
          userId: loaded.user.id,
          expiresAt: loaded.expiresAt?.getTime() ?? null,
        });
        users.set(loaded.user.id, loaded.user);
      }
      return loaded.user;
    },

    /** The cached `/api/user/me/` view of a user, if any (no load: the synchronous path of `view`). */
    peekView(userId: number): User | undefined {
      return views.get(userId);
    },

    /** The user as `/api/user/me/` shows it (SPEC §7 fields), from memory or from `load`. */
    async view(userId: number, load: () => Promise<User>): Promise<User> {
      const cached = views.get(userId);
      if (cached) return cached;
      const before = generation;
      const loaded = await load();
      if (generation === before) views.set(userId, loaded);
      return loaded;
    },

    /** Logout or revocation: the credential stops working at once, in every process. */
    forget(credential: string): void {
      invalidate({ credential });
    },

    /**
     * Revocation of several of a user's credentials at once (and of what ended with them by cascade):
     * every credential of the user is loaded again, and the revoked ones are then refused.
     */
    forgetCredentialsOf(userId: number): void {
      invalidate({ credentialsOf: userId });
    },

    userChanged(userId: number): void {
      invalidate({ user: userId });
    },

    everyoneChanged(): void {
      invalidate({ everyone: true });
    },

    get size() {
      return { credentials: credentials.size, users: users.size, views: views.size };
    },

    close: () => bus?.close() ?? Promise.resolve(),
  } satisfies UserChanges & Record<string, unknown>;
}
