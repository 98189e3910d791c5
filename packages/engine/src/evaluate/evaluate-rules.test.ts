import { EMPTY_TARGETING_MESSAGE, MAX_HANDLES } from '@murmur/core/targeting';
import { beforeAll, describe, expect, it } from 'vitest';
import { AccountSet } from '../bits/account-set';
import { EmptyTargetingError } from '../errors';
import type { AudienceIndex } from '../postings/audience-index';
import { fixtureIndex } from '../testing/fixture';
import { members, NETWORK_A, pkg } from '../testing/network-a';
import { evaluate } from './evaluate';

let index: AudienceIndex;
beforeAll(async () => {
  index = await fixtureIndex(NETWORK_A);
});
const nasa = { handles: [{ handle: 'nasa' }] };

describe('combining rules', () => {
  it('intersects each demographic type with the union of primary criteria', () => {
    expect(members(evaluate(index, pkg({ ...nasa, gender: ['FEMALE'] })))).toEqual([1, 2, 7]);
    expect(
      members(evaluate(index, pkg({ ...nasa, gender: ['FEMALE'], languages: [{ label: 'English' }] }))),
    ).toEqual([1, 7]);
  });

  it('unions values within a type and intersects across types', () => {
    const audience = evaluate(
      index,
      pkg({ ...nasa, countries: [{ label: 'US' }, { label: 'JP' }], gender: ['MALE'] }),
    );
    expect(members(audience)).toEqual([3]);
  });

  it('primary criteria that match nothing give nobody, not the filtered population', () => {
    expect(
      evaluate(index, pkg({ keywords: [{ label: 'zeppelin' }], countries: [{ label: 'Japan' }] }))
        .sampleCount,
    ).toBe(0);
  });

  it('leaves deselected items out', () => {
    const input = { keywords: [{ label: 'coffee', deselected: true }, { label: 'cricket' }] };
    expect(members(evaluate(index, pkg(input)))).toEqual([1]);
    const language = { languages: [{ label: 'English', deselected: true }], countries: [{ label: 'Japan' }] };
    expect(members(evaluate(index, pkg(language)))).toEqual([2, 3]);
  });

  it('subtracts exclusion audiences given as packages, account numbers or sets', () => {
    const exclusions = [pkg({ countries: [{ label: 'Japan' }] })];
    expect(members(evaluate(index, pkg(nasa), { exclusions }))).toEqual([1, 7]);
    expect(members(evaluate(index, pkg(nasa), { exclusions: [Uint32Array.of(1), [7]] }))).toEqual([2, 3]);
    const set = AccountSet.fromNumbers(index.size, [2, 3]);
    expect(members(evaluate(index, pkg(nasa), { exclusions: [set, pkg({})] }))).toEqual([1, 7]);
    const older = AccountSet.fromNumbers(5, [1]);
    expect(members(evaluate(index, pkg(nasa), { exclusions: [older] }))).toEqual([2, 3, 7]);
  });

  it('rejects an empty package with the SPEC §5 message', () => {
    expect(() => evaluate(index, pkg({}))).toThrow(EmptyTargetingError);
    expect(() => evaluate(index, pkg({ keywords: [{ label: 'coffee', deselected: true }] }))).toThrow(
      EMPTY_TARGETING_MESSAGE,
    );
  });

  it('applies only the first MAX_HANDLES handles (SPEC §9)', () => {
    const unknown = Array.from({ length: MAX_HANDLES }, (_, i) => ({ handle: `nobody${i}` }));
    const audience = evaluate(index, pkg({ handles: [...unknown, { handle: 'nasa' }] }));
    expect(audience.handlesTruncated).toBe(true);
    expect(audience.sampleCount).toBe(0);
  });
});

describe('estimates', () => {
  it('scales the sample count and buckets it (SPEC §3)', () => {
    const audience = evaluate(index, pkg(nasa));
    expect(audience.sampleCount).toBe(4);
    expect(audience.populationEstimate).toBe(4000);
    expect(audience.sizeBucket).toBe('<1M');
    const scaled = evaluate(index, pkg(nasa), { scale: 3_000_000 });
    expect(scaled.populationEstimate).toBe(12_000_000);
    expect(scaled.sizeBucket).toBe('12M-25M');
  });
});
