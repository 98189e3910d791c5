import type { Db } from '../../db/database';
import { grantedAdAccountOf, type GrantedAdAccount } from '../../db/granted-ad-account';

export type MeasurementRepository = ReturnType<typeof createMeasurementRepository>;

export function createMeasurementRepository(db: Db) {
  return {
    /**
     * A team's granted X ad account (the given one, or the earliest granted) and the member who
     * granted it, whose X token reads it (SPEC §6).
     */
    grantOf: (teamId: number, accountId: string | undefined): Promise<GrantedAdAccount | undefined> =>
      grantedAdAccountOf(db, teamId, accountId),
  };
}
