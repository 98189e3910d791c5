import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drizzle } from 'drizzle-orm/node-postgres';
import { eq } from 'drizzle-orm';
import type { TargetingPackage } from '@murmur/core/targeting';
import type { Database, Db } from '../../db/database';
import * as schema from '../../db/schema';
import { audienceConfigs, audienceInsights, users } from '../../db/schema';
import { createTestDatabase } from '../../test/test-database';
import {
  createAudienceConfigsRepository,
  readableBy,
  storeInsightsStatement,
} from './audience-configs.repository';
import { ownedPlan } from './audience-plans.repository';

/** A database that only builds statements: `.toSQL()` needs no connection. */
const sqlOnly = drizzle.mock({ schema }) as unknown as Db;

// Who can read what, as the SQL that decides it. A change here changes access: review it as such.
describe('access rules (SQL)', () => {
  it('a config is readable by its creator and by members of its team', () => {
    const query = sqlOnly
      .select({ id: audienceConfigs.id })
      .from(audienceConfigs)
      .where(readableBy(sqlOnly, 42))
      .toSQL();
    expect(query).toMatchInlineSnapshot(`
      {
        "params": [
          42,
          42,
        ],
        "sql": "select "id" from "audience_configs" where (("audience_configs"."owner_id" = $1 and "audience_configs"."team_id" is null) or "audience_configs"."team_id" in (select "team_id" from "memberships" where "memberships"."user_id" = $2))",
      }
    `);
  });

  it('a plan is reachable by its owner only', () => {
    const query = sqlOnly.select().from(schema.audiencePlans).where(ownedPlan(7, 42)).toSQL();
    expect(query).toMatchInlineSnapshot(`
      {
        "params": [
          7,
          42,
        ],
        "sql": "select "id", "owner_id", "name", "audience_config_ids", "notes", "reach", "created", "modified" from "audience_plans" where ("audience_plans"."id" = $1 and "audience_plans"."owner_id" = $2)",
      }
    `);
  });

  it('insights are stored in one statement, for a config that still exists', () => {
    const query = storeInsightsStatement(sqlOnly, 7, { n: 1 }, new Date('2026-01-02T03:04:05Z')).toSQL();
    expect(query).toMatchInlineSnapshot(`
      {
        "params": [
          "{"n":1}",
          "2026-01-02T03:04:05.000Z",
          7,
        ],
        "sql": "insert into "audience_insights" ("config_id", "insights", "computed") select "id", $1::jsonb as "insights", $2::timestamptz as "computed" from "audience_configs" where "audience_configs"."id" = $3 on conflict ("config_id") do update set "insights" = excluded.insights, "computed" = excluded.computed",
      }
    `);
  });
});

describe('storeInsights', () => {
  let database: Database;
  let configId: number;
  beforeAll(async () => {
    database = await createTestDatabase();
    const [user] = await database.db
      .insert(users)
      .values({ email: 'a@example.com', language: 'en' })
      .returning();
    const [config] = await database.db
      .insert(audienceConfigs)
      .values({
        ownerId: user!.id,
        name: 'Rules',
        kind: 'builder',
        targetingPackage: {} as TargetingPackage,
        sampleCount: 1,
        size: 1,
        sizeBucket: '<1M',
        coreAudience: 0,
        totalNative: 0,
        proTargetingSize: 0,
        targetable: false,
        status: 'Draft',
      })
      .returning();
    configId = config!.id;
  });
  afterAll(() => database.close());

  it('two concurrent stores of one config leave one row and neither fails', async () => {
    const repo = createAudienceConfigsRepository(database.db);
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) =>
        repo.storeInsights(
          configId,
          { report: i },
          new Date(Date.UTC(2026, 0, 1, 0, 0, i)),
          {} as TargetingPackage,
        ),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(8).fill('fulfilled'));
    const rows = await database.db
      .select()
      .from(audienceInsights)
      .where(eq(audienceInsights.configId, configId));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.insights).toEqual({ report: expect.any(Number) as number });
    expect(rows[0]!.computed).toBeInstanceOf(Date);
  });

  it('stores nothing, and does not fail, for a config that no longer exists', async () => {
    const repo = createAudienceConfigsRepository(database.db);
    await expect(
      repo.storeInsights(999_999, { report: 1 }, new Date(), {} as TargetingPackage),
    ).resolves.toBeUndefined();
    expect(await repo.insights(999_999)).toBeUndefined();
  });
});
