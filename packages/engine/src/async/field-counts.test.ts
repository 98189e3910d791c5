import { describe, expect, it } from 'vitest';
import { AccountSet } from '../bits/account-set';
import { evaluate } from '../evaluate/evaluate';
import { liveEngine } from '../live/live-engine';
import type { AudienceIndex } from '../postings/audience-index';
import { CATEGORICAL_FIELDS } from '../postings/fields';
import { pkg } from '../testing/network-a';
import { baseModel, build, randomEvents } from '../testing/live-model';
import { seededRandom } from '../testing/random';
import { fieldCounts } from './field-counts';

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
});
