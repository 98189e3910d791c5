import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { audienceCategories, type AudienceCategoryRow } from '../../db/schema';

/** Audience categories, seeded by migration 0001 (GET /api/audience-categories/ reads them). */
export function listCategories(db: Db): Promise<AudienceCategoryRow[]> {
  return db.select().from(audienceCategories).orderBy(asc(audienceCategories.id));
}

export async function findCategory(db: Db, id: number): Promise<AudienceCategoryRow | undefined> {
  const [row] = await db.select().from(audienceCategories).where(eq(audienceCategories.id, id));
  return row;
}
