import { and, eq, gt, inArray, isNull, lte, or } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { extensionTokens, sessions, userTokens, users, type UserRow } from '../../db/schema';

export type SessionRepository = ReturnType<typeof createSessionRepository>;

/** Sessions, personal tokens and extension tokens, looked up by the SHA-256 of their keys. */
export function createSessionRepository(db: Db) {
  return {
    async insertSession(values: { keyHash: string; userId: number; expiresAt: Date }): Promise<void> {
      await db.insert(sessions).values(values);
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

    async deleteSession(keyHash: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.keyHash, keyHash));
    },

    async deleteExpiredSessions(userId: number, now: Date): Promise<void> {
      await db.delete(sessions).where(and(eq(sessions.userId, userId), lte(sessions.expiresAt, now)));
    },

    async insertToken(values: { keyHash: string; userId: number }): Promise<void> {
      await db.insert(userTokens).values(values);
    },

    async findTokenUser(keyHash: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select({ user: users })
        .from(userTokens)
        .innerJoin(users, eq(users.id, userTokens.userId))
        .where(eq(userTokens.keyHash, keyHash));
      return row?.user;
    },

    async deleteToken(keyHash: string): Promise<void> {
      await db.delete(userTokens).where(eq(userTokens.keyHash, keyHash));
    },

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
        let owner: { sessionId: number | null; userTokenId: number | null; expiresAt: Date | null };
        if ('sessionHash' in issuer) {
          const [session] = await tx
            .select({ id: sessions.id, expiresAt: sessions.expiresAt })
            .from(sessions)
            .where(
              and(
                eq(sessions.keyHash, issuer.sessionHash),
                eq(sessions.userId, values.userId),
                gt(sessions.expiresAt, values.now),
              ),
            );
          if (!session) return undefined;
          owner = { sessionId: session.id, userTokenId: null, expiresAt: session.expiresAt };
        } else {
          const [token] = await tx
            .select({ id: userTokens.id })
            .from(userTokens)
            .where(and(eq(userTokens.keyHash, issuer.tokenHash), eq(userTokens.userId, values.userId)));
          if (!token) return undefined;
          owner = { sessionId: null, userTokenId: token.id, expiresAt: null };
        }
        const replaced = await tx
          .delete(extensionTokens)
          .where(
            owner.sessionId !== null
              ? eq(extensionTokens.sessionId, owner.sessionId)
              : eq(extensionTokens.userTokenId, owner.userTokenId!),
          )
          .returning({ keyHash: extensionTokens.keyHash });
        await tx.insert(extensionTokens).values({ keyHash: values.keyHash, userId: values.userId, ...owner });
        return { replaced: replaced.map((r) => r.keyHash) };
      });
    },

    async findExtensionTokenUser(
      keyHash: string,
      now: Date,
    ): Promise<{ user: UserRow; expiresAt: Date | null } | undefined> {
      const [row] = await db
        .select({ user: users, expiresAt: extensionTokens.expiresAt })
        .from(extensionTokens)
        .innerJoin(users, eq(users.id, extensionTokens.userId))
        .where(
          and(
            eq(extensionTokens.keyHash, keyHash),
            or(isNull(extensionTokens.expiresAt), gt(extensionTokens.expiresAt, now)),
          ),
        );
      return row;
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
