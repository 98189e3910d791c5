import type { z } from 'zod';
import type { AccountApps, AppEvents, HasPixel, teamAdAccountQuerySchema, WebEvents } from './measurement';

type Query<S extends z.ZodType> = Partial<z.output<S>>;

/** A team's granted X ad account's website tag, conversion events and apps (modules/measurement). */
export interface MeasurementRoutes {
  'GET /api/has-pixel/': { query: Query<typeof teamAdAccountQuerySchema>; response: HasPixel };
  'GET /api/web-events/': { query: Query<typeof teamAdAccountQuerySchema>; response: WebEvents };
  'GET /api/app-events/': { query: Query<typeof teamAdAccountQuerySchema>; response: AppEvents };
  'GET /api/account-apps/': { query: Query<typeof teamAdAccountQuerySchema>; response: AccountApps };
}
