import { describe, expect, it } from 'vitest';
import { createInMemoryEngine } from '../engine';
import { fixtureLines } from '../testing/fixture';
import { pkg } from '../testing/network-a';
import { NETWORK_B } from '../testing/network-b';
import { liveEngine } from '../live/live-engine';
import { baseModel, build, randomEvents } from '../testing/live-model';
import { seededRandom } from '../testing/random';

const engine = () => createInMemoryEngine(fixtureLines(NETWORK_B).map((l) => `${l}\n`));

describe('explore lookups', () => {
  it('sizes catalogue entries by the accounts carrying them', async () => {
    const e = await engine();
    const interests = e.explore.catalogue('interests');
    expect(interests.find((i) => i.value === '20005')).toMatchObject({ category: 'Science', accounts: 5 });
    expect(interests.find((i) => i.value === '22001')!.accounts).toBe(5);
    const japan = e.explore
      .catalogue('locations')
      .find((l) => l.locationType === 'COUNTRIES' && l.countryCode === 'JP');
    expect(japan?.accounts).toBe(5);
    expect(e.explore.everyone().count).toBe(12);
  });

  it('matches words in bios, ranks members by followers and describes them', async () => {
    const e = await engine();
    const telescope = e.explore.textMatches(['Telescope'], 'bio');
    expect([...telescope.toArray()]).toEqual([0, 1, 2, 3, 4]);
    expect([...e.explore.textMatches(['goals fans', 'coffee'], 'bio').toArray()]).toEqual([
      5, 6, 7, 8, 9, 10, 11,
    ]);
    expect([...e.explore.textMatches(['telescope'], 'posts').toArray()]).toEqual([0]);
    // 0 is followed by its clique and both outsiders: the most followed physicist.
    expect(e.explore.mostFollowed(telescope, 1)).toEqual([0]);
    expect(e.explore.profiles([5])[0]).toMatchObject({ handle: 'user5', country: 'JP', language: 'ja' });
  });

  it('finds terms co-occurring with a keyword by lift', async () => {
    const e = await engine();
    const related = e.explore.relatedTerms(e.explore.textMatches(['physics'], 'bio'), ['physics'], 5);
    // Everyone matching "physics" also has "telescope" and "stars"; 5 of 12 accounts do: lift 12/5.
    expect(related.map((r) => r.term).sort()).toEqual(['stars', 'telescope']);
    expect(related[0]).toMatchObject({ affinity: 12 / 5, count: 5 });
  });

  it('computes a few panels without the whole report', async () => {
    const e = await engine();
    const audience = e.evaluate(pkg({ interests: [{ label: 'Physics' }] }));
    const panels = e.explore.panels(audience, ['ageGroups', 'demographics']);
    expect(Object.keys(panels).sort()).toEqual(['ageGroups', 'demographics']);
    expect(panels.demographics.basis.members).toBe(5);
  });

  it('leaves the distinctive rankings out when asked, the top lists unchanged', async () => {
    const e = await engine();
    // A part of the network: against a baseline of everyone, everyone has nothing distinctive.
    const audience = e.evaluate(pkg({ interests: [{ label: 'Physics' }] }));
    const names = ['interests', 'influentialAccounts'] as const;
    const full = e.explore.panels(audience, [...names], { minSupport: 1, followedShare: 0.01 });
    const lean = e.explore.panels(audience, [...names], {
      minSupport: 1,
      followedShare: 0.01,
      distinctive: false,
    });
    expect(full.interests.distinctive.length + full.influentialAccounts.distinctive.length).toBeGreaterThan(
      0,
    );
    expect(lean.interests.distinctive).toEqual([]);
    expect(lean.influentialAccounts.distinctive).toEqual([]);
    expect(lean.interests.interests).toEqual(full.interests.interests);
    expect(lean.influentialAccounts.accounts).toEqual(full.influentialAccounts.accounts);
    expect(lean.influentialAccounts.followed).toEqual(full.influentialAccounts.followed);
  });
});

describe('accounts without a record', () => {
  it('are where accountIds reads no id, also for accounts deleted or suspended by live events', async () => {
    const rand = seededRandom(7);
    const m = baseModel(rand, 600, 200);
    const engine = liveEngine(await build(m), { headroom: 8 });
    const before = Array.from(engine.explore.everyone().toArray());
    engine.apply(randomEvents(m, rand, 600));
    // The accounts of before, those created since and numbers never used.
    const accounts = [...before, ...engine.explore.everyone().toArray(), engine.index.size + 3];
    const ids = engine.explore.accountIds(accounts);
    const missing = ids.flatMap((id, i) => (id === '' ? [i] : []));
    expect(missing.length).toBeGreaterThan(1);
    expect(missing.length).toBeLessThan(accounts.length);
    expect(engine.explore.withoutRecord(accounts)).toEqual(missing);
  });
});
