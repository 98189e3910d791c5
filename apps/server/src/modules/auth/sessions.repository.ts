import { and, eq, gt, lte } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { sessions, userTokens, users, type UserRow } from '../../db/schema';

export type SessionRepository = ReturnType<typeof createSessionRepository>;

/** Sessions and personal tokens, looked up by the SHA-256 of their keys. */
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
  };
}
