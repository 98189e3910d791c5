import { and, asc, desc, eq, lte, sql } from 'drizzle-orm';
import type { WebhookEventType } from '@murmur/core/api';
import type { Db } from '../../db/database';
import {
  webhookDeliveries,
  webhookEndpoints,
  type WebhookDeliveryRow,
  type WebhookEndpointRow,
} from '../../db/schema';

export type WebhooksRepository = ReturnType<typeof createWebhooksRepository>;

/** Team webhook endpoints and their delivery log (db/schema/api-access.ts). */
export function createWebhooksRepository(db: Db) {
  return {
    async create(values: typeof webhookEndpoints.$inferInsert): Promise<WebhookEndpointRow> {
      const [row] = await db.insert(webhookEndpoints).values(values).returning();
      if (!row) throw new Error('webhook insert returned nothing');
      return row;
    },

    list: (teamId: number): Promise<WebhookEndpointRow[]> =>
      db
        .select()
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.teamId, teamId))
        .orderBy(asc(webhookEndpoints.id)),

    async find(teamId: number, id: number): Promise<WebhookEndpointRow | undefined> {
      const [row] = await db
        .select()
        .from(webhookEndpoints)
        .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.teamId, teamId)));
      return row;
    },

    async byId(id: number): Promise<WebhookEndpointRow | undefined> {
      const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
      return row;
    },

    async remove(teamId: number, id: number): Promise<boolean> {
      const rows = await db
        .delete(webhookEndpoints)
        .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.teamId, teamId)))
        .returning({ id: webhookEndpoints.id });
      return rows.length > 0;
    },

    /** A team's endpoints that asked for this event type. */
    subscribed: (teamId: number, type: WebhookEventType): Promise<WebhookEndpointRow[]> =>
      db
        .select()
        .from(webhookEndpoints)
        .where(
          and(
            eq(webhookEndpoints.teamId, teamId),
            sql`${webhookEndpoints.events} @> ${JSON.stringify([type])}::jsonb`,
          ),
        ),

    async addDelivery(values: typeof webhookDeliveries.$inferInsert): Promise<WebhookDeliveryRow> {
      const [row] = await db.insert(webhookDeliveries).values(values).returning();
      if (!row) throw new Error('delivery insert returned nothing');
      return row;
    },

    async updateDelivery(id: number, values: Partial<typeof webhookDeliveries.$inferInsert>): Promise<void> {
      await db.update(webhookDeliveries).set(values).where(eq(webhookDeliveries.id, id));
    },

    /** An endpoint's latest deliveries, newest first. */
    deliveries: (endpointId: number, limit: number): Promise<WebhookDeliveryRow[]> =>
      db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.endpointId, endpointId))
        .orderBy(desc(webhookDeliveries.id))
        .limit(limit),

    /** Deliveries waiting for a retry whose time has come, oldest first. */
    due: (now: Date, limit: number): Promise<WebhookDeliveryRow[]> =>
      db
        .select()
        .from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.state, 'pending'), lte(webhookDeliveries.nextAttemptAt, now)))
        .orderBy(asc(webhookDeliveries.nextAttemptAt))
        .limit(limit),
  };
}
