import type { Db } from '../../db/database';
import { audienceLookalikes, type AudienceLookalikeRow } from '../../db/schema';

export type LookalikesRepository = ReturnType<typeof createLookalikesRepository>;

/** Lookalikes saved as audiences (db/schema/lookalikes.ts): their custom audience's members. */
export function createLookalikesRepository(db: Db) {
  return {
    async insert(row: AudienceLookalikeRow): Promise<void> {
      await db.insert(audienceLookalikes).values(row);
    },

    /** Every saved lookalike, to register their members in the engine once it is built. */
    all: (): Promise<AudienceLookalikeRow[]> => db.select().from(audienceLookalikes),
  };
}
