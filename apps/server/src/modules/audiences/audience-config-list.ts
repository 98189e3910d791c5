import { and, count, desc, eq, ilike, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { audienceCategories, audienceConfigs, teams, users } from '../../db/schema';
import type { ConfigFilters, JoinedConfig, JoinedSelection } from './audience-configs.repository';

/** The parameters of one list statement; which of them are set decides the statement's shape. */
type Params = {
  userId: number;
  teamId?: number;
  search?: string;
  kind?: string;
  status?: string;
  targetable?: boolean;
  category?: number | string;
  limit: number;
  offset: number;
};

/** `%` and `_` typed by the user are searched for literally. */
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

const p = (name: keyof Params) => sql.placeholder(name);

/** The list's WHERE with placeholders; only the filters set in `f` take part. */
function whereOf(f: ConfigFilters, statusSql: SQL): SQL | undefined {
  return and(
    f.teamId === undefined
      ? and(eq(audienceConfigs.ownerId, p('userId')), isNull(audienceConfigs.teamId))
      : eq(audienceConfigs.teamId, p('teamId')),
    f.search ? ilike(audienceConfigs.name, p('search')) : undefined,
    f.kind ? eq(audienceConfigs.kind, p('kind')) : undefined,
    f.status ? sql`${statusSql} = ${p('status')}` : undefined,
    f.targetable === undefined ? undefined : eq(audienceConfigs.targetable, p('targetable')),
    f.category === undefined
      ? undefined
      : typeof f.category === 'number'
        ? eq(audienceConfigs.categoryId, p('category'))
        : sql`lower(${audienceCategories.name}) = lower(${p('category')})`,
  );
}

/** Which filters are set and the ordering: one prepared statement per shape (a few hundred at most). */
const shapeOf = (f: ConfigFilters, ordering: string) =>
  [
    f.teamId === undefined ? 'own' : 'team',
    f.search ? 's' : '',
    f.kind ? 'k' : '',
    f.status ? 'st' : '',
    f.targetable === undefined ? '' : 't',
    f.category === undefined ? '' : typeof f.category,
    ordering.replace('-', 'desc_'),
  ].join('_');

/**
 * The saved list as named prepared statements (measured by bench:api, bench/README.md "The saved list
 * and the other database reads"): the page with `count(*) over()` and, for a page past the end, the
 * count alone. Each shape's SQL is built by drizzle once per process; on PostgreSQL each pooled
 * connection parses and plans it once, not on every request.
 */
export function createConfigList(db: Db, joined: JoinedSelection, order: Record<string, SQL[]>) {
  const pages = new Map<string, ReturnType<typeof pageStatement>>();
  const counts = new Map<string, ReturnType<typeof countStatement>>();

  function pageStatement(f: ConfigFilters, ordering: string, name: string) {
    return db
      .select({ ...joined, total: sql<number>`count(*) over()`.mapWith(Number) })
      .from(audienceConfigs)
      .innerJoin(users, eq(users.id, audienceConfigs.ownerId))
      .leftJoin(teams, eq(teams.id, audienceConfigs.teamId))
      .leftJoin(audienceCategories, eq(audienceCategories.id, audienceConfigs.categoryId))
      .where(whereOf(f, joined.status))
      .orderBy(...order[ordering]!, desc(audienceConfigs.id))
      .limit(p('limit'))
      .offset(p('offset'))
      .prepare(`audience_configs_page_${name}`);
  }

  function countStatement(f: ConfigFilters, name: string) {
    return db
      .select({ n: count() })
      .from(audienceConfigs)
      .leftJoin(audienceCategories, eq(audienceCategories.id, audienceConfigs.categoryId))
      .where(whereOf(f, joined.status))
      .prepare(`audience_configs_count_${name}`);
  }

  return async function list(
    userId: number,
    f: ConfigFilters,
  ): Promise<{ count: number; rows: JoinedConfig[] }> {
    const ordering = order[f.ordering] ? f.ordering : '-modified';
    const shape = shapeOf(f, ordering);
    const params: Params = {
      userId,
      limit: f.limit,
      offset: f.offset,
      ...(f.teamId !== undefined && { teamId: f.teamId }),
      ...(f.search && { search: `%${escapeLike(f.search)}%` }),
      ...(f.kind && { kind: f.kind }),
      ...(f.status && { status: f.status }),
      ...(f.targetable !== undefined && { targetable: f.targetable }),
      ...(f.category !== undefined && { category: f.category }),
    };
    let page = pages.get(shape);
    if (!page) pages.set(shape, (page = pageStatement(f, ordering, shape)));
    const found = await page.execute(params);
    const rows = found.map(({ total: _total, ...row }) => row);
    if (found.length > 0 || f.offset === 0) return { count: found[0]?.total ?? 0, rows };
    // A page past the end has no row to carry the count.
    let counter = counts.get(shape);
    if (!counter) counts.set(shape, (counter = countStatement(f, shape)));
    const [total] = await counter.execute(params);
    return { count: total?.n ?? 0, rows };
  };
}
