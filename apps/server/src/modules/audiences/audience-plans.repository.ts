import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { audiencePlans, type AudiencePlanRow } from '../../db/schema';

export type AudiencePlanValues = Pick<AudiencePlanRow, 'name' | 'audienceConfigIds' | 'notes' | 'reach'>;
export type AudiencePlansRepository = ReturnType<typeof createAudiencePlansRepository>;

/** A plan is its owner's alone (docs/API-AUDIENCES.md "Plans"); SQL snapshotted in access-rules.test.ts. */
export const ownedPlan = (id: number, ownerId: number) =>
  and(eq(audiencePlans.id, id), eq(audiencePlans.ownerId, ownerId));

export function createAudiencePlansRepository(db: Db) {
  return {
    list(ownerId: number): Promise<AudiencePlanRow[]> {
      return db
        .select()
        .from(audiencePlans)
        .where(eq(audiencePlans.ownerId, ownerId))
        .orderBy(desc(audiencePlans.modified), desc(audiencePlans.id));
    },

    async find(id: number, ownerId: number): Promise<AudiencePlanRow | undefined> {
      const [row] = await db.select().from(audiencePlans).where(ownedPlan(id, ownerId));
      return row;
    },

    async create(ownerId: number, values: AudiencePlanValues, now: Date): Promise<AudiencePlanRow> {
      const [row] = await db
        .insert(audiencePlans)
        .values({ ...values, ownerId, created: now, modified: now })
        .returning();
      if (!row) throw new Error('audience plan insert returned nothing');
      return row;
    },

    async update(id: number, ownerId: number, values: Partial<AudiencePlanValues>, now: Date) {
      const [row] = await db
        .update(audiencePlans)
        .set({ ...values, modified: now })
        .where(ownedPlan(id, ownerId))
        .returning();
      return row;
    },

    async remove(id: number, ownerId: number): Promise<boolean> {
      const rows = await db
        .delete(audiencePlans)
        .where(ownedPlan(id, ownerId))
        .returning({ id: audiencePlans.id });
      return rows.length > 0;
    },
  };
}
