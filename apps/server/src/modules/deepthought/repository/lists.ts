import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database';
import { dtListMembers, dtLists, dtUsers } from '../../../db/schema';
import { inChunks } from './chunks';
import type { DtUserRow } from './connections';

export type DtListRow = typeof dtLists.$inferSelect;

/** The account's X lists mirrored locally, with their members. */
export function listQueries(db: Db) {
  const withMembers = {
    list: dtLists,
    members: sql<number>`(select count(*)::int from ${dtListMembers} where ${dtListMembers.listId} = ${dtLists.id})`,
  };
  return {
    lists: (accountId: number) =>
      db
        .select(withMembers)
        .from(dtLists)
        .where(eq(dtLists.accountId, accountId))
        .orderBy(desc(dtLists.created), desc(dtLists.id)),

    /** One of the account's lists with its member count; undefined for another account's list. */
    async listWithMembers(accountId: number, id: number) {
      const [row] = await db
        .select(withMembers)
        .from(dtLists)
        .where(and(eq(dtLists.accountId, accountId), eq(dtLists.id, id)));
      return row;
    },

    async list(accountId: number, id: number): Promise<DtListRow | undefined> {
      const [row] = await db
        .select()
        .from(dtLists)
        .where(and(eq(dtLists.accountId, accountId), eq(dtLists.id, id)));
      return row;
    },

    async upsertList(values: typeof dtLists.$inferInsert): Promise<DtListRow> {
      const [row] = await db
        .insert(dtLists)
        .values(values)
        .onConflictDoUpdate({
          target: [dtLists.accountId, dtLists.xListId],
          set: { name: values.name, description: values.description, private: values.private },
        })
        .returning();
      return row!;
    },

    async updateList(id: number, values: Partial<Pick<DtListRow, 'name' | 'description' | 'private'>>) {
      const [row] = await db.update(dtLists).set(values).where(eq(dtLists.id, id)).returning();
      return row;
    },

    async deleteList(id: number) {
      await db.delete(dtLists).where(eq(dtLists.id, id));
    },

    /** Lists on X no longer there are removed locally. */
    async keepLists(accountId: number, xListIds: string[]) {
      const rows = await db
        .select({ id: dtLists.id, xListId: dtLists.xListId })
        .from(dtLists)
        .where(eq(dtLists.accountId, accountId));
      const keep = new Set(xListIds);
      const gone = rows.filter((r) => !keep.has(r.xListId)).map((r) => r.id);
      await inChunks(gone, (part) => db.delete(dtLists).where(inArray(dtLists.id, part)));
    },

    async setMembers(listId: number, ids: string[]) {
      await db.transaction(async (tx) => {
        await tx.delete(dtListMembers).where(eq(dtListMembers.listId, listId));
        await inChunks(ids, (part) =>
          tx
            .insert(dtListMembers)
            .values(part.map((xUserId) => ({ listId, xUserId })))
            .onConflictDoNothing(),
        );
      });
    },

    async addMembers(listId: number, ids: string[]) {
      await inChunks(ids, (part) =>
        db
          .insert(dtListMembers)
          .values(part.map((xUserId) => ({ listId, xUserId })))
          .onConflictDoNothing(),
      );
    },

    async removeMembers(listId: number, ids: string[]) {
      await inChunks(ids, (part) =>
        db
          .delete(dtListMembers)
          .where(and(eq(dtListMembers.listId, listId), inArray(dtListMembers.xUserId, part))),
      );
    },

    async members(accountId: number, listId: number): Promise<DtUserRow[]> {
      const rows = await db
        .select({ user: dtUsers })
        .from(dtListMembers)
        .innerJoin(dtUsers, and(eq(dtUsers.accountId, accountId), eq(dtUsers.xUserId, dtListMembers.xUserId)))
        .where(eq(dtListMembers.listId, listId))
        .orderBy(asc(dtUsers.username));
      return rows.map((r) => r.user);
    },
  };
}
