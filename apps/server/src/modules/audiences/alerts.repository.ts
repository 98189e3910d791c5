import { and, asc, desc, eq, inArray, lte } from 'drizzle-orm';
import type { AlertEvent } from '@murmur/core/api';
import type { Db } from '../../db/database';
import {
  alertDeliveries,
  audienceAlerts,
  audienceConfigs,
  users,
  type AlertDeliveryRow,
  type AudienceAlertRow,
} from '../../db/schema';

export type AlertsRepository = ReturnType<typeof createAlertsRepository>;

/** Alert rules of saved audiences and their delivery log (db/schema/history.ts). */
export function createAlertsRepository(db: Db) {
  const owned = (id: number, ownerId: number) =>
    and(eq(audienceAlerts.id, id), eq(audienceAlerts.ownerId, ownerId));
  return {
    /** The caller's own rules on an audience, oldest first. */
    listOwn: (configId: number, ownerId: number): Promise<AudienceAlertRow[]> =>
      db
        .select()
        .from(audienceAlerts)
        .where(and(eq(audienceAlerts.configId, configId), eq(audienceAlerts.ownerId, ownerId)))
        .orderBy(asc(audienceAlerts.id)),

    async create(values: typeof audienceAlerts.$inferInsert): Promise<AudienceAlertRow> {
      const [row] = await db.insert(audienceAlerts).values(values).returning();
      if (!row) throw new Error('alert insert returned nothing');
      return row;
    },

    /** A rule of its owner's, with its audience's name; undefined for anyone else's. */
    async findOwn(id: number, ownerId: number) {
      const [row] = await db
        .select({
          alert: audienceAlerts,
          name: audienceConfigs.name,
          teamId: audienceConfigs.teamId,
          email: users.email,
          language: users.language,
        })
        .from(audienceAlerts)
        .innerJoin(audienceConfigs, eq(audienceConfigs.id, audienceAlerts.configId))
        .innerJoin(users, eq(users.id, audienceAlerts.ownerId))
        .where(owned(id, ownerId));
      return row;
    },

    async remove(id: number, ownerId: number): Promise<boolean> {
      return (
        (await db.delete(audienceAlerts).where(owned(id, ownerId)).returning({ id: audienceAlerts.id }))
          .length > 0
      );
    },

    /** Every rule on the audiences with its owner's address and language (the scheduled evaluation). */
    rulesOf: (configIds: readonly number[]) =>
      db
        .select({
          alert: audienceAlerts,
          name: audienceConfigs.name,
          teamId: audienceConfigs.teamId,
          email: users.email,
          language: users.language,
        })
        .from(audienceAlerts)
        .innerJoin(audienceConfigs, eq(audienceConfigs.id, audienceAlerts.configId))
        .innerJoin(users, eq(users.id, audienceAlerts.ownerId))
        .where(inArray(audienceAlerts.configId, [...configIds]))
        .orderBy(asc(audienceAlerts.id)),

    /** Marks a rule fired for `day`; false when it had fired for that day already (at most once per point). */
    async fire(id: number, day: string): Promise<boolean> {
      const [row] = await db
        .select({ last: audienceAlerts.lastFiredDay })
        .from(audienceAlerts)
        .where(eq(audienceAlerts.id, id));
      if (!row || row.last === day) return false;
      await db.update(audienceAlerts).set({ lastFiredDay: day }).where(eq(audienceAlerts.id, id));
      return true;
    },

    async addDelivery(values: {
      alertId: number;
      channel: 'email' | 'webhook';
      event: AlertEvent;
      state: 'pending' | 'sent' | 'failed';
      nextAttemptAt: Date | null;
      delivered?: Date | null;
    }): Promise<AlertDeliveryRow> {
      const [row] = await db.insert(alertDeliveries).values(values).returning();
      if (!row) throw new Error('delivery insert returned nothing');
      return row;
    },

    async updateDelivery(id: number, patch: Partial<typeof alertDeliveries.$inferInsert>): Promise<void> {
      await db.update(alertDeliveries).set(patch).where(eq(alertDeliveries.id, id));
    },

    /** Webhook deliveries waiting for an attempt at `now`, with their rule. */
    due: (now: Date, limit: number) =>
      db
        .select({ delivery: alertDeliveries, alert: audienceAlerts })
        .from(alertDeliveries)
        .innerJoin(audienceAlerts, eq(audienceAlerts.id, alertDeliveries.alertId))
        .where(and(eq(alertDeliveries.state, 'pending'), lte(alertDeliveries.nextAttemptAt, now)))
        .orderBy(asc(alertDeliveries.nextAttemptAt))
        .limit(limit),

    /** A rule's latest deliveries, newest first. */
    deliveries: (alertId: number, limit: number): Promise<AlertDeliveryRow[]> =>
      db
        .select()
        .from(alertDeliveries)
        .where(eq(alertDeliveries.alertId, alertId))
        .orderBy(desc(alertDeliveries.id))
        .limit(limit),
  };
}
