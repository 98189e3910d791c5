import { describe, expect, it } from 'vitest';
import type { PostingStore } from '../postings/posting-store';
import { baseModel, build } from '../testing/live-model';
import { seededRandom } from '../testing/random';
import { grownPostings, ROWS, withCapacity } from './live-base';

const layout = (store: PostingStore) => ({
  size: store.size,
  counts: [...store.counts],
  offsets: [...store.offsets],
  data: [...store.data],
  dense: [...store.dense].sort(([a], [b]) => a - b).map(([term, bits]) => [term, [...bits]]),
});

/**
 * A live index starts over a built base with room for new accounts. Its rows, postings, followers
 * and handle table are lengthened (`'grow'`) rather than counted again from the rows (`'recount'`, what
 * compaction does): the same index, term for term and in the same layout, whichever terms the longer
 * range turns from bitsets into lists.
 */
describe('withCapacity over a built base', async () => {
  const base = await build(baseModel(seededRandom(7), 300, 900));
  // 300 accounts: terms held by more than 300 / 32 are bitsets; at 1 200 only those above 37 stay so.
  const dense = [...base.postings.dense.keys()].map((t) => base.postings.counts[t]!);

  it('has dense terms that a longer range lists, and some it keeps as bitsets', () => {
    expect(dense.some((count) => count * 32 <= 1_200)).toBe(true);
    expect(dense.some((count) => count * 32 > 1_200)).toBe(true);
  });

  for (const capacity of [base.size, base.size + 1, base.size + 75, 1_200, 5_000]) {
    it(`grows to ${capacity} accounts as a recount does`, () => {
      const grown = withCapacity(base, capacity, 'grow');
      const recounted = withCapacity(base, capacity, 'recount');
      expect(layout(grown.postings)).toEqual(layout(recounted.postings));
      expect(layout(grown.followers)).toEqual(layout(recounted.followers));
      expect([...grown.handles.table]).toEqual([...recounted.handles.table]);
      for (const name of ROWS) {
        expect([...grown[name].offsets]).toEqual([...recounted[name].offsets]);
        expect([...grown[name].data]).toEqual([...recounted[name].data]);
      }
      expect(grown.size).toBe(recounted.size);
    });
  }

  it('leaves a store alone when the range does not grow', () => {
    expect(grownPostings(base.postings, base.size)).toBe(base.postings);
  });
});
