import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

/**
 * The `set` of an upsert's `onConflictDoUpdate` that takes the given columns from the row that
 * conflicted: `{ likeCount: sql\`excluded.like_count\` }` for `excluded(dtPosts, ['likeCount'])`.
 */
export function excluded<T extends PgTable, K extends keyof T['_']['columns'] & string>(
  table: T,
  keys: readonly K[],
): Record<K, SQL> {
  const columns = table as unknown as Record<K, PgColumn>;
  return Object.fromEntries(keys.map((key) => [key, sql.raw(`excluded.${columns[key].name}`)])) as Record<
    K,
    SQL
  >;
}
