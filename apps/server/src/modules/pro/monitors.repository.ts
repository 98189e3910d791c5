import { and, asc, desc, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { monitors, users, type MonitorRow } from '../../db/schema';
import type { TargetingPackage } from '@murmur/core/targeting';

export type MonitorsRepository = ReturnType<typeof createMonitorsRepository>;

/** Watched audiences (db/schema/pro.ts); a monitor is its owner's alone. */
export function createMonitorsRepository(db: Db) {
  const owned = (id: number, ownerId: number) => and(eq(monitors.id, id), eq(monitors.ownerId, ownerId));
  return {
    list: (ownerId: number): Promise<MonitorRow[]> =>
      db.select().from(monitors).where(eq(monitors.ownerId, ownerId)).orderBy(desc(monitors.created)),

    async create(ownerId: number, name: string, pkg: TargetingPackage, size: number, now: Date) {
      const [row] = await db
        .insert(monitors)
        .values({ ownerId, name, targetingPackage: pkg, lastSize: size, lastRun: now, created: now })
        .returning();
      if (!row) throw new Error('monitor insert returned nothing');
      return row;
    },

    async remove(id: number, ownerId: number): Promise<boolean> {
      return (await db.delete(monitors).where(owned(id, ownerId)).returning({ id: monitors.id })).length > 0;
    },

    /** Monitors not measured since `before` (the weekly run), with their owner's address and language. */
    due: (before: Date, limit: number) =>
      db
        .select({ monitor: monitors, email: users.email, language: users.language })
        .from(monitors)
        .innerJoin(users, eq(users.id, monitors.ownerId))
        .where(or(isNull(monitors.lastRun), lt(monitors.lastRun, before)))
        .orderBy(asc(monitors.id))
        .limit(limit),

    async measured(id: number, size: number, previous: number | null, now: Date) {
      await db
        .update(monitors)
        .set({ lastSize: size, previousSize: previous, lastRun: now })
        .where(eq(monitors.id, id));
    },
  };
}
