import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { proTargetingTokens, users, type UserRow } from '../../db/schema';
import type { AuthCache } from '../../lib/auth-cache';
import type { Clock } from '../../lib/clock';
import { randomKey, sha256 } from '../../lib/crypto';

/**
 * SPEC §6's third token kind: the pro-targeting token of one user, which the pro-targeting site holds
 * after its sign-in and sends as `Authorization: Token pro.<key>` on its own calls (docs/API.md
 * "Authentication"). Unlike the personal token it reaches only the pro site's routes
 * (`proTokenReaches`), it cannot be exchanged for a session (`/rest-auth/login-via-token/` knows only
 * personal tokens), and logout deletes it.
 */

/** '.' is outside base64url, so no personal token (a bare base64url key) ever starts like this. */
export const PRO_TOKEN_PREFIX = 'pro.';

/**
 * The route patterns a pro-targeting token reaches: what the pro site's screens call (its tools and
 * lists under /api/external/, saved lists and insights on audience configs, the builder's sizes and
 * jobs, the campaign wizard of /campaigns/new, the current user, whether they are staff and
 * logout). Not the premium analytics tool, team administration, billing, staff tools, tokens or
 * linked accounts.
 */
const REACHES: readonly string[] = [
  '/api/external/',
  '/api/audience-configs/',
  '/api/audience-insights/',
  '/api/audience-insight/',
  '/api/audience-categories/',
  '/api/audience-regions/',
  '/api/build-audience/',
  // The size panel's freshness line (how current the index is), public anyway.
  '/api/engine/status/',
  '/api/jobs/',
  '/api/japanese-agreement/',
  '/api/user/me/',
  // Whether the caller is internal staff (a yes or no about oneself): the request page shows its
  // staff panel only then, instead of asking for the staff list and collecting a 403.
  '/api/staff/access/',
  '/api/auth/providers/',
  '/rest-auth/logout/',
  // /campaigns/new on the pro host is the dashboard's campaign wizard (SPEC §2).
  '/api/campaigns/',
  '/api/adsets/',
  '/api/ads/',
  '/api/ad-creatives/',
  '/api/ad-media/',
  '/api/api/files/',
  '/api/teams/:slug/accounts/',
];
const NEVER: readonly string[] = ['/api/external/deepthought/', '/api/external/deepthought-token/'];

/** Whether a pro-targeting token may call the route with this pattern (Fastify's `routeOptions.url`). */
export function proTokenReaches(routeUrl: string): boolean {
  if (NEVER.some((prefix) => routeUrl.startsWith(prefix))) return false;
  return REACHES.some((prefix) => (prefix.includes(':') ? routeUrl === prefix : routeUrl.startsWith(prefix)));
}

export type ProTokenRepository = ReturnType<typeof createProTokenRepository>;

export function createProTokenRepository(db: Db) {
  return {
    async insert(values: { keyHash: string; userId: number }): Promise<void> {
      await db.insert(proTargetingTokens).values(values);
    },
    async findUser(keyHash: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select({ user: users })
        .from(proTargetingTokens)
        .innerJoin(users, eq(users.id, proTargetingTokens.userId))
        .where(eq(proTargetingTokens.keyHash, keyHash));
      return row?.user;
    },
    async delete(keyHash: string): Promise<void> {
      await db.delete(proTargetingTokens).where(eq(proTargetingTokens.keyHash, keyHash));
    },
  };
}

/** Issues a new pro-targeting token for a user through `repo` (a transaction's, at sign-in). */
export async function issueProToken(
  repo: Pick<ProTokenRepository, 'insert'>,
  userId: number,
): Promise<string> {
  const key = `${PRO_TOKEN_PREFIX}${randomKey()}`;
  await repo.insert({ keyHash: sha256(key), userId });
  return key;
}

export type ProTokenService = ReturnType<typeof createProTokenService>;

export function createProTokenService(deps: {
  repo: ProTokenRepository;
  authCache: AuthCache;
  clock: Clock;
}) {
  const { repo, authCache: cache, clock } = deps;
  // Its own credential namespace in the auth cache: `p:` + SHA-256 (lib/auth-cache.ts).
  const credentialOf = (keyHash: string) => `p:${keyHash}`;
  return {
    prefix: PRO_TOKEN_PREFIX,
    reaches: proTokenReaches,

    /** The token's user, synchronously when cached (plugins/auth.ts); `keyHash` is SHA-256 hex. */
    userForKeyHash: (keyHash: string): UserRow | undefined | Promise<UserRow | undefined> => {
      const credential = credentialOf(keyHash);
      const now = clock.now();
      return (
        cache.peek(credential, now) ??
        cache.user(credential, now, async () => {
          const user = await repo.findUser(keyHash);
          return user && { user, expiresAt: null };
        })
      );
    },

    issue: (userId: number) => issueProToken(repo, userId),

    /** Logout: the token stops working at once, in every process. */
    revoke: async (key: string): Promise<void> => {
      const keyHash = sha256(key);
      await repo.delete(keyHash);
      cache.forget(credentialOf(keyHash));
    },
  };
}
