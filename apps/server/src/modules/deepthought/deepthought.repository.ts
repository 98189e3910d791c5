import type { Db } from '../../db/database';
import { accountQueries } from './repository/accounts';
import { connectionQueries } from './repository/connections';
import { jobQueries } from './repository/jobs';
import { listQueries } from './repository/lists';
import { postQueries } from './repository/posts';

export type { DtAccountRow } from './repository/accounts';
export type { ConnectionOrder, Direction, DtUserInsert, DtUserRow } from './repository/connections';
export type { DtJobRow } from './repository/jobs';
export type { DtListRow } from './repository/lists';
export type { DtPostRow, EngagementKind } from './repository/posts';

export type DeepThoughtRepository = ReturnType<typeof createDeepThoughtRepository>;

/**
 * The only code touching the dt_* tables, one file per concern under repository/. Every read is
 * scoped by account, and accounts by user (accountOf, listAccounts).
 */
export function createDeepThoughtRepository(db: Db) {
  return {
    ...accountQueries(db),
    ...connectionQueries(db),
    ...postQueries(db),
    ...listQueries(db),
    ...jobQueries(db),
  };
}
