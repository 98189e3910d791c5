import { and, eq, gt, inArray, isNull, lte, notExists, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { extensionTokens, sessions, userTokens, users, type UserRow } from '../../db/schema';

export type SessionRepository = ReturnType<typeof createSessionRepository>;

/** Where and when a credential was last used (docs/API.md "Sessions and tokens"). */
export interface LastUse {
  at: Date;
  ip: string | null;
  agent: string | null;
}

/** A session or a personal token as the list of them shows it (never its key). */
export interface CredentialRow {
  id: number;
  created: Date;
  expiresAt: Date;
  lastUsedAt: Date | null;
  lastUsedIp: string | null;
  lastUsedAgent: string | null;
}

export interface TokenRow extends CredentialRow {
  sessionId: number | null;
}

const listed = (table: typeof sessions | typeof userTokens) => ({
  id: table.id,
  created: table.created,
  expiresAt: table.expiresAt,
  lastUsedAt: table.lastUsedAt,
  lastUsedIp: table.lastUsedIp,
  lastUsedAgent: table.lastUsedAgent,
});

/** Sessions, personal tokens and extension tokens, looked up by the SHA-256 of their keys. */
export function createSessionRepository(db: Db) {
  return { ...createCredentialQueries(db), ...createListQueries(db), ...createExtensionTokenQueries(db) };
}

/** Sign-in, lookup, sliding and logout of sessions and personal tokens. */
function createCredentialQueries(db: Db) {
  /** The sliding move of one credential: last use recorded, end pushed to `until` but never past its maximum. */
  async function touch(
    table: typeof sessions | typeof userTokens,
    keyHash: string,
    use: LastUse,
    until: Date,
  ): Promise<void> {
    await db
      .update(table)
      .set({
        lastUsedAt: use.at,
        lastUsedIp: use.ip,
        lastUsedAgent: use.agent,
        expiresAt: sql`least(${until.toISOString()}::timestamptz, ${table.maxExpiresAt})`,
      })
      .where(and(eq(table.keyHash, keyHash), gt(table.expiresAt, use.at)));
  }

  return {
    async insertSession(values: {
      keyHash: string;
      userId: number;
      expiresAt: Date;
      maxExpiresAt: Date;
      mintedByTokenId: number | null;
      lastUse: LastUse | undefined;
    }): Promise<number> {
      const { lastUse, ...row } = values;
      const [inserted] = await db
        .insert(sessions)
        .values({
          ...row,
          ...(lastUse && { lastUsedAt: lastUse.at, lastUsedIp: lastUse.ip, lastUsedAgent: lastUse.agent }),
        })
        .returning({ id: sessions.id });
      return inserted!.id;
    },

    async findSessionUser(
      keyHash: string,
      now: Date,
    ): Promise<{ user: UserRow; expiresAt: Date } | undefined> {
      const [row] = await db
        .select({ user: users, expiresAt: sessions.expiresAt })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.keyHash, keyHash), gt(sessions.expiresAt, now)));
      return row;
    },

    touchSession: (keyHash: string, use: LastUse, until: Date) => touch(sessions, keyHash, use, until),
    touchToken: (keyHash: string, use: LastUse, until: Date) => touch(userTokens, keyHash, use, until),

    /** Deletes a session (its sign-in's token and what they issued go with it); answers its user. */
    async deleteSession(keyHash: string): Promise<number | undefined> {
      const [row] = await db
        .delete(sessions)
        .where(eq(sessions.keyHash, keyHash))
        .returning({ userId: sessions.userId });
      return row?.userId;
    },

    /**
     * Deletes what a user's sign-ins left behind: tokens past their end, then sessions past theirs
     * whose token has ended too (an idle session's row stays while its token lives: the token
     * belongs to it, and ends when it is revoked, not when the browser stops using it).
     */
    async deleteExpired(userId: number, now: Date): Promise<void> {
      await db.delete(userTokens).where(and(eq(userTokens.userId, userId), lte(userTokens.expiresAt, now)));
      await db
        .delete(sessions)
        .where(
          and(
            eq(sessions.userId, userId),
            lte(sessions.expiresAt, now),
            notExists(
              db.select({ id: userTokens.id }).from(userTokens).where(eq(userTokens.sessionId, sessions.id)),
            ),
          ),
        );
    },

    async insertToken(values: {
      keyHash: string;
      userId: number;
      sessionId: number;
      expiresAt: Date;
      maxExpiresAt: Date;
    }): Promise<void> {
      await db.insert(userTokens).values(values);
    },

    async findTokenUser(keyHash: string, now: Date): Promise<{ user: UserRow; expiresAt: Date } | undefined> {
      const [row] = await db
        .select({ user: users, expiresAt: userTokens.expiresAt })
        .from(userTokens)
        .innerJoin(users, eq(users.id, userTokens.userId))
        .where(and(eq(userTokens.keyHash, keyHash), gt(userTokens.expiresAt, now)));
      return row;
    },

    /** A live token's id, end and sign-in session: what a credential it mints is bound to. */
    async findToken(
      keyHash: string,
      now: Date,
    ): Promise<{ id: number; userId: number; sessionId: number | null; expiresAt: Date } | undefined> {
      const [row] = await db
        .select({
          id: userTokens.id,
          userId: userTokens.userId,
          sessionId: userTokens.sessionId,
          expiresAt: userTokens.expiresAt,
        })
        .from(userTokens)
        .where(and(eq(userTokens.keyHash, keyHash), gt(userTokens.expiresAt, now)));
      return row;
    },

    async findSessionId(keyHash: string): Promise<number | undefined> {
      const [row] = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.keyHash, keyHash));
      return row?.id;
    },

    /**
     * Deletes a token and the session of its sign-in (logout with a token ends both); answers its user.
     */
    async deleteTokenAndItsSession(keyHash: string): Promise<number | undefined> {
      return db.transaction(async (tx) => {
        const [token] = await tx
          .delete(userTokens)
          .where(eq(userTokens.keyHash, keyHash))
          .returning({ userId: userTokens.userId, sessionId: userTokens.sessionId });
        if (token?.sessionId != null) await tx.delete(sessions).where(eq(sessions.id, token.sessionId));
        return token?.userId;
      });
    },
  };
}

/** The user's own list of sessions and tokens, and its revocations (credentials.service.ts). */
function createListQueries(db: Db) {
  return {
    /** The user's live sessions and tokens, newest first. */
    async list(userId: number, now: Date): Promise<{ sessions: CredentialRow[]; tokens: TokenRow[] }> {
      const sessionRows = await db
        .select(listed(sessions))
        .from(sessions)
        .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
        .orderBy(sql`${sessions.created} desc`, sql`${sessions.id} desc`);
      const tokenRows = await db
        .select({ ...listed(userTokens), sessionId: userTokens.sessionId })
        .from(userTokens)
        .where(and(eq(userTokens.userId, userId), gt(userTokens.expiresAt, now)))
        .orderBy(sql`${userTokens.created} desc`, sql`${userTokens.id} desc`);
      return { sessions: sessionRows, tokens: tokenRows };
    },

    /** Deletes one of the user's sessions or tokens; false when the user has none with that id. */
    async deleteOne(userId: number, kind: 'session' | 'token', id: number): Promise<boolean> {
      const table = kind === 'session' ? sessions : userTokens;
      const rows = await db
        .delete(table)
        .where(and(eq(table.id, id), eq(table.userId, userId)))
        .returning({ id: table.id });
      return rows.length > 0;
    },

    /**
     * Deletes every session and token of the user but the `kept` ones (all when none is kept). The
     * kept sessions stop depending on the token that opened them (whose end they keep as theirs).
     */
    async deleteAllBut(userId: number, kept: { sessionIds: number[]; tokenIds: number[] }): Promise<void> {
      await db.transaction(async (tx) => {
        if (kept.sessionIds.length > 0) {
          await tx
            .update(sessions)
            .set({ mintedByTokenId: null })
            .where(inArray(sessions.id, kept.sessionIds));
        }
        const keptSessions = kept.sessionIds.length > 0 ? kept.sessionIds : [-1];
        const keptTokens = kept.tokenIds.length > 0 ? kept.tokenIds : [-1];
        await tx
          .delete(userTokens)
          .where(
            and(
              eq(userTokens.userId, userId),
              notInArray(userTokens.id, keptTokens),
              or(isNull(userTokens.sessionId), notInArray(userTokens.sessionId, keptSessions)),
            ),
          );
        await tx
          .delete(sessions)
          .where(and(eq(sessions.userId, userId), notInArray(sessions.id, keptSessions)));
      });
    },
  };
}

/** Extension tokens (SPEC §6), each tied to the session or personal token that issued it. */
function createExtensionTokenQueries(db: Db) {
  return {
    /**
     * Issues an extension token for the session or personal token `issuer` (by its key hash) and
     * deletes the one it had issued before. Answers the replaced tokens' hashes (for the auth cache),
     * or undefined when the issuer no longer exists or is not `userId`'s.
     */
    async replaceExtensionToken(values: {
      keyHash: string;
      userId: number;
      issuer: { sessionHash: string } | { tokenHash: string };
      now: Date;
    }): Promise<{ replaced: string[] } | undefined> {
      const { issuer } = values;
      return db.transaction(async (tx) => {
        const table = 'sessionHash' in issuer ? sessions : userTokens;
        const [found] = await tx
          .select({ id: table.id, expiresAt: table.expiresAt })
          .from(table)
          .where(
            and(
              eq(table.keyHash, 'sessionHash' in issuer ? issuer.sessionHash : issuer.tokenHash),
              eq(table.userId, values.userId),
              gt(table.expiresAt, values.now),
            ),
          );
        if (!found) return undefined;
        const owner =
          'sessionHash' in issuer
            ? { sessionId: found.id, userTokenId: null, expiresAt: found.expiresAt }
            : { sessionId: null, userTokenId: found.id, expiresAt: found.expiresAt };
        const replaced = await tx
          .delete(extensionTokens)
          .where(
            owner.sessionId !== null
              ? eq(extensionTokens.sessionId, owner.sessionId)
              : eq(extensionTokens.userTokenId, owner.userTokenId),
          )
          .returning({ keyHash: extensionTokens.keyHash });
        await tx.insert(extensionTokens).values({ keyHash: values.keyHash, userId: values.userId, ...owner });
        return { replaced: replaced.map((r) => r.keyHash) };
      });
    },

    /** An extension token's user while its issuer lives: the issuer's (sliding) end is the token's. */
    async findExtensionTokenUser(
      keyHash: string,
      now: Date,
    ): Promise<{ user: UserRow; expiresAt: Date | null } | undefined> {
      const [row] = await db
        .select({
          user: users,
          sessionEnds: sessions.expiresAt,
          tokenEnds: userTokens.expiresAt,
        })
        .from(extensionTokens)
        .innerJoin(users, eq(users.id, extensionTokens.userId))
        .leftJoin(sessions, eq(sessions.id, extensionTokens.sessionId))
        .leftJoin(userTokens, eq(userTokens.id, extensionTokens.userTokenId))
        .where(
          and(
            eq(extensionTokens.keyHash, keyHash),
            or(gt(sessions.expiresAt, now), gt(userTokens.expiresAt, now)),
          ),
        );
      return row && { user: row.user, expiresAt: row.sessionEnds ?? row.tokenEnds };
    },

    /** Deletes the extension tokens a session or personal token issued; answers their hashes. */
    async deleteExtensionTokensOf(
      issuer: { sessionHash: string } | { tokenHash: string },
    ): Promise<string[]> {
      const owner =
        'sessionHash' in issuer
          ? db.select({ id: sessions.id }).from(sessions).where(eq(sessions.keyHash, issuer.sessionHash))
          : db.select({ id: userTokens.id }).from(userTokens).where(eq(userTokens.keyHash, issuer.tokenHash));
      const rows = await db
        .delete(extensionTokens)
        .where(
          inArray('sessionHash' in issuer ? extensionTokens.sessionId : extensionTokens.userTokenId, owner),
        )
        .returning({ keyHash: extensionTokens.keyHash });
      return rows.map((r) => r.keyHash);
    },
  };
}
