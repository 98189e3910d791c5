import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { createTestDatabase } from '../../test/test-database';
import {
  createCommunityCountsRepository,
  type CommunityCountsRepository,
} from './community-counts.repository';
import { dayOf, restoredHistory, storedCensuses } from './community-growth';

const DAY = 24 * 60 * 60 * 1000;
const T0 = Date.UTC(2026, 0, 10, 6);

let database: Database;
let repo: CommunityCountsRepository;
beforeAll(async () => {
  database = await createTestDatabase();
  repo = createCommunityCountsRepository(database.db);
});
afterAll(() => database.close());

const census = (partition: string, at: number, accounts: number, members: number[]) => ({
  partition,
  at,
  day: dayOf(at),
  accounts,
  members,
});

describe('community counts in the database', () => {
  it('keeps one row per community and day, the day’s earliest and latest census, whichever process writes first', async () => {
    // Two processes count the same partition on the same day; their writes arrive out of order.
    await repo.record(census('p', T0 + 3_600_000, 1010, [110, 205]));
    await repo.record(census('p', T0, 1000, [100, 200]));
    await repo.record(census('p', T0 + 7_200_000, 1020, [120, 210]));
    await repo.record(census('p', T0 + 3_600_000, 1010, [110, 205])); // the other process's copy
    await repo.record(census('p', T0 + DAY, 1100, [150, 190]));
    await repo.record(census('other', T0, 50, [5]));

    const rows = await repo.since('p', dayOf(T0));
    expect(rows).toHaveLength(4);
    expect(rows[0]).toEqual({
      partition: 'p',
      community: 0,
      day: dayOf(T0),
      firstAt: T0,
      firstMembers: 100,
      firstAccounts: 1000,
      lastAt: T0 + 7_200_000,
      lastMembers: 120,
      lastAccounts: 1020,
    });
    expect(rows[1]).toMatchObject({ community: 1, firstMembers: 200, lastMembers: 210 });

    // Read back as censuses: each day's first and latest, oldest first; the window over them.
    const points = storedCensuses(rows, 2);
    expect(points).toEqual([
      { at: T0, census: { accounts: 1000, members: [100, 200] } },
      { at: T0 + 7_200_000, census: { accounts: 1020, members: [120, 210] } },
      { at: T0 + DAY, census: { accounts: 1100, members: [150, 190] } },
    ]);
    const history = restoredHistory(points, { at: T0 - DAY, census: { accounts: 1, members: [1, 1] } });
    expect(history.window()).toEqual({ from: points[0], to: points[2] });
  });

  it('prunes every partition’s days before the window', async () => {
    await repo.prune(dayOf(T0 + DAY));
    expect((await repo.since('p', 0)).map((r) => r.day)).toEqual([dayOf(T0 + DAY), dayOf(T0 + DAY)]);
    expect(await repo.since('other', 0)).toEqual([]);
  });
});
