import { describe, expect, it } from 'vitest';
import { ColumnLog } from '../live/column-log';
import { AccountSet } from '../bits/account-set';
import { evaluate } from '../evaluate/evaluate';
import { liveEngine } from '../live/live-engine';
import type { AudienceIndex } from '../postings/audience-index';
import { CATEGORICAL_FIELDS } from '../postings/fields';
import { pkg } from '../testing/network-a';
import { baseModel, build, randomEvents } from '../testing/live-model';
import { seededRandom } from '../testing/random';
import { fieldCarryStats, fieldCounts, forgetFieldCarries } from './field-counts';

/** Members per value of each field read from the members' column, as fieldCounts always did. */
function fromColumns(index: AudienceIndex, members: AccountSet) {
  const list = members.toArray();
  return Object.fromEntries(
    CATEGORICAL_FIELDS.map((field) => {
      const counts = new Map<string, number>();
      for (const n of list) {
        const v = index.columns[field][n]!;
        if (v !== 0) counts.set(index.terms.value(v - 1), (counts.get(index.terms.value(v - 1)) ?? 0) + 1);
      }
      return [field, counts];
    }),
  );
}

const PACKAGES = [
  pkg({ languages: [{ label: 'English' }] }),
  pkg({ languages: [{ label: 'Japanese' }, { label: 'English' }] }),
  pkg({ keywords: [{ label: 'coffee' }] }),
];

describe('field counts', () => {
  it('from postings or from columns, equal the column counts of every member, also on a live index', async () => {
    for (const seed of [1, 2]) {
      const rand = seededRandom(seed);
      const m = baseModel(rand, 400, 200);
      const engine = liveEngine(await build(m), { headroom: 8 });
      engine.apply(randomEvents(m, rand, 300));
      const index = engine.index;
      const everyone = new AccountSet(index.size, index.present);
      const sets = [everyone, ...PACKAGES.map((p) => evaluate(index, p).accounts)];
      // A set of one member: every field from its column; everyone: the few-valued ones from postings.
      sets.push(AccountSet.fromNumbers(index.size, [everyone.toArray()[0]!]));
      for (const set of sets) {
        const want = fromColumns(index, set);
        const got = fieldCounts(index, set);
        expect(got.members).toBe(set.count);
        for (const field of CATEGORICAL_FIELDS) {
          const counts = new Map(
            (got.fields[field] ?? []).filter((v) => v.count > 0).map((v) => [v.value, v.count]),
          );
          expect(counts, field).toEqual(want[field]);
        }
      }
    }
  });

  it('carried from one call of a key to the next, equal the counts read from every column (live events, compactions, growth)', async () => {
    forgetFieldCarries();
    const tick = () => new Promise<void>((resolve) => setImmediate(resolve));
    const [carried, fromScratch] = [fieldCarryStats.carried, fieldCarryStats.fromScratch];
    let compactions = 0;
    for (const seed of [3, 4, 5]) {
      const rand = seededRandom(seed);
      const m = baseModel(rand, 300, 150);
      // Small logs and slices of 0 ms: background compactions start often; headroom 8: the index grows.
      const engine = liveEngine(await build(m), { headroom: 8, compactBytes: 6_000, sliceMs: 0 });
      const events = randomEvents(m, rand, 1_500);
      for (let i = 0; i < events.length; i += 30) {
        engine.apply(events.slice(i, i + 30));
        await tick();
        const index = engine.index;
        const sets = [
          new AccountSet(index.size, index.present),
          ...PACKAGES.map((p) => evaluate(index, p).accounts),
        ];
        sets.forEach((set, k) => {
          const key = `seed ${seed}, set ${k}`;
          expect(fieldCounts(index, set, CATEGORICAL_FIELDS, key), key).toEqual(fieldCounts(index, set));
        });
      }
      compactions += engine.liveStats().compactions;
    }
    expect(compactions).toBeGreaterThan(3);
    // Most calls carried (profile updates change the languages and places of members kept).
    expect(fieldCarryStats.carried - carried).toBeGreaterThan(400);
    expect(fieldCarryStats.fromScratch - fromScratch).toBeLessThan(100);
  });

  it("of another index, or of fields other than the last call's, are counted from the columns again", async () => {
    forgetFieldCarries();
    const rand = seededRandom(6);
    const m = baseModel(rand, 200, 100);
    const [a, b] = [await build(m), await build(m)];
    const set = (index: AudienceIndex) => evaluate(index, PACKAGES[0]!).accounts;
    const scratch = fieldCarryStats.fromScratch;
    fieldCounts(a, set(a), ['language'], 'k');
    expect(fieldCounts(a, set(a), ['language'], 'k')).toEqual(fieldCounts(a, set(a), ['language']));
    expect(fieldCarryStats.fromScratch - scratch).toBe(1);
    expect(fieldCounts(b, set(b), ['language'], 'k')).toEqual(fieldCounts(b, set(b), ['language']));
    expect(fieldCounts(b, set(b), ['country'], 'k')).toEqual(fieldCounts(b, set(b), ['country']));
    expect(fieldCarryStats.fromScratch - scratch).toBe(3);
  });
});

describe('ColumnLog', () => {
  it('tells the values before the first write after a version, and nothing once those writes were dropped', () => {
    const log = new ColumnLog(4);
    log.append(1, [{ n: 7, field: 'country', old: 3 }]);
    log.append(2, [
      { n: 7, field: 'country', old: 5 },
      { n: 8, field: 'language', old: 0 },
    ]);
    expect(log.changesSince(0, ['country', 'language'])).toEqual(
      new Map([
        [7, Uint32Array.of(3, 0xffffffff)],
        [8, Uint32Array.of(0xffffffff, 0)],
      ]),
    );
    expect(log.changesSince(1, ['country'])).toEqual(new Map([[7, Uint32Array.of(5)]]));
    expect(log.changesSince(2, ['country'])).toEqual(new Map());
    // Two more writes than it keeps: version 1's and 2's go, and no version before 2 can be told.
    log.append(3, [
      { n: 9, field: 'gender', old: 1 },
      { n: 9, field: 'device', old: 2 },
      { n: 10, field: 'gender', old: 4 },
    ]);
    expect(log.changesSince(1, ['gender'])).toBeUndefined();
    expect(log.changesSince(2, ['gender'])).toEqual(
      new Map([
        [9, Uint32Array.of(1)],
        [10, Uint32Array.of(4)],
      ]),
    );
  });
});
