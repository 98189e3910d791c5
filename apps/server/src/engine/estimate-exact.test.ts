import { describe, expect, it } from 'vitest';
import { targetingPackageSchema, type TargetingPackage } from '@murmur/core/targeting';
import { testNetwork } from '../test/test-engine';

/**
 * The estimate shown while typing counts rare criteria from their candidates instead of running the
 * bitmap algebra (packages/engine countAudience): on a real sandbox network, where most handles and
 * words are short posting lists, it must give exactly what evaluating the package gives.
 */
describe('estimates on the sandbox network', () => {
  it('equal the evaluated audience for handles, words, languages, ages and genders', async () => {
    const { engine } = await testNetwork();
    const accounts = engine.describeAccounts(Array.from({ length: 60 }, (_, i) => i * 37));
    // Indexed words of every size: the suggestions for each first letter.
    const words = [...'abcdefghijklmnoprstw'].flatMap((c) =>
      engine.lookup('keywords', c, 3).map((r) => r.value),
    );
    const filters = [
      {},
      { languages: [{ label: 'en' }] },
      { languages: [{ label: 'ja' }, { label: 'es' }], age: ['AGE_OVER_25'] },
      { gender: ['FEMALE'], age: ['AGE_OVER_18'] },
      { countries: [{ label: 'US' }], gender: ['MALE'] },
    ];
    const primaries = [
      ...accounts.slice(0, 20).map((a) => ({ handles: [{ handle: a.handle }] })),
      ...words.map((w) => ({ keywords: [{ label: w }] })),
      { keywords: words.slice(0, 3).map((label) => ({ label })) },
      {
        handles: accounts.slice(20, 25).map((a) => ({ handle: a.handle })),
        keywords: [{ label: words[5]! }],
      },
    ];
    let nonZero = 0;
    for (const primary of primaries) {
      for (const filter of filters) {
        const pkg: TargetingPackage = targetingPackageSchema.parse({ ...primary, ...filter });
        const { accounts: _members, ...evaluated } = engine.evaluate(pkg);
        expect(engine.estimate(pkg), JSON.stringify(pkg)).toEqual(evaluated);
        if (evaluated.sampleCount > 0 && Object.keys(filter).length > 0) nonZero++;
      }
    }
    // The comparison means something only if filtered audiences are non-empty.
    expect(nonZero).toBeGreaterThan(50);
  });
});
