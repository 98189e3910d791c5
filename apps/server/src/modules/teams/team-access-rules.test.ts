import { describe, expect, it } from 'vitest';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { Db } from '../../db/database';
import * as schema from '../../db/schema';
import { teamWithMembership } from './teams.repository';

/** A database that only builds statements: `.toSQL()` needs no connection. */
const sqlOnly = drizzle.mock({ schema }) as unknown as Db;

// Who reaches a team, as the SQL that decides it. A change here changes access: review it as such.
describe('team access rule (SQL)', () => {
  it('finds a team by id only through the caller’s membership', () => {
    expect(teamWithMembership(sqlOnly, { id: 3 }, 42).toSQL()).toMatchInlineSnapshot(`
      {
        "params": [
          42,
          3,
        ],
        "sql": "select "teams"."id", "teams"."name", "teams"."slug", "teams"."logo", "teams"."invoice_email", "teams"."country", "teams"."invoice_name", "teams"."created", "memberships"."id", "memberships"."team_id", "memberships"."user_id", "memberships"."level", "memberships"."joined" from "teams" inner join "memberships" on ("memberships"."team_id" = "teams"."id" and "memberships"."user_id" = $1) where "teams"."id" = $2",
      }
    `);
  });

  it('finds a team by slug only through the caller’s membership', () => {
    const { sql, params } = teamWithMembership(sqlOnly, { slug: 'acme' }, 42).toSQL();
    // The selected columns are the same as by id; what decides access is from here on.
    expect({ from: sql.slice(sql.indexOf(' from ')), params }).toMatchInlineSnapshot(`
      {
        "from": " from "teams" inner join "memberships" on ("memberships"."team_id" = "teams"."id" and "memberships"."user_id" = $1) where "teams"."slug" = $2",
        "params": [
          42,
          "acme",
        ],
      }
    `);
  });
});
