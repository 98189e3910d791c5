import { beforeAll, describe, expect, it } from 'vitest';
import type { TargetingPackage } from '@murmur/core/targeting';
import type { AudienceIndex } from '../postings/audience-index';
import { fixtureIndex } from '../testing/fixture';
import { NETWORK_A, pkg } from '../testing/network-a';
import { countAudience, evaluate } from './evaluate';

let index: AudienceIndex;
beforeAll(async () => {
  index = await fixtureIndex(NETWORK_A);
});

/** Every combination of a few primaries and filters of the fixture network. */
function packages(): TargetingPackage[] {
  const primaries = [
    { handles: [{ handle: 'nasa' }] },
    { keywords: [{ label: 'coffee' }] },
    { keywords: [{ label: 'cricket' }, { label: 'coffee' }] },
    { keywords: [{ label: 'zeppelin' }] },
    { handles: [{ handle: 'nasa' }], keywords: [{ label: 'cricket' }] },
    {},
  ];
  const filters = [
    {},
    { gender: ['FEMALE'] },
    { languages: [{ label: 'English' }] },
    { countries: [{ label: 'US' }, { label: 'JP' }], gender: ['MALE'] },
    { age: ['AGE_OVER_21'] },
  ];
  const out: TargetingPackage[] = [];
  for (const p of primaries)
    for (const f of filters) if (Object.keys({ ...p, ...f }).length > 0) out.push(pkg({ ...p, ...f }));
  return out;
}

// The candidate path itself needs short posting lists, which this tiny fixture does not have: it is
// proven on a sandbox network in apps/server/src/engine/estimate-exact.test.ts.
describe('countAudience', () => {
  it('gives exactly the size, bucket and unmatched items of evaluate for every package', () => {
    const all = packages();
    expect(all.length).toBeGreaterThan(20);
    for (const p of all) {
      const { accounts: _accounts, ...full } = evaluate(index, p);
      expect(countAudience(index, p), JSON.stringify(p)).toEqual(full);
    }
  });

  it('counts nobody for a filter value no account holds, after a package without filters', () => {
    // Both restrictions resolve to no term lists / one empty term list: their masks must differ.
    expect(countAudience(index, pkg({ keywords: [{ label: 'coffee' }] })).sampleCount).toBeGreaterThan(0);
    const nowhere = pkg({ keywords: [{ label: 'coffee' }], countries: [{ label: 'FR' }] });
    expect(countAudience(index, nowhere).sampleCount).toBe(0);
    expect(evaluate(index, nowhere).sampleCount).toBe(0);
  });

  it('counts an account once when a short list repeats it (a follow recorded twice)', async () => {
    // 320 accounts, so the followers of account 0 (three of them) are a short list, not a bitset.
    const accounts = Array.from({ length: 320 }, (_, n) => ({
      n,
      bio: n % 2 === 0 ? 'coffee' : 'tea',
      follows: n === 1 ? [0, 0] : n === 2 || n === 3 ? [0] : [],
    }));
    const sparse = await fixtureIndex({ accounts });
    for (const p of [
      pkg({ handles: [{ handle: 'user0' }] }),
      pkg({ handles: [{ handle: 'user0' }], gender: ['MALE', 'FEMALE', 'UNKNOWN'] }),
      pkg({ handles: [{ handle: 'user0' }], keywords: [{ label: 'zeppelin' }] }),
    ]) {
      const { accounts: _accounts, ...full } = evaluate(sparse, p);
      expect(full.sampleCount).toBe(3);
      expect(countAudience(sparse, p), JSON.stringify(p)).toEqual(full);
    }
  });
});
