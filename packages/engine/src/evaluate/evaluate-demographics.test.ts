import { beforeAll, describe, expect, it } from 'vitest';
import type { AudienceIndex } from '../postings/audience-index';
import { fixtureIndex } from '../testing/fixture';
import { members, NETWORK_A, pkg } from '../testing/network-a';
import { demographicSignature } from './demographics';
import { evaluate } from './evaluate';

let index: AudienceIndex;
beforeAll(async () => {
  index = await fixtureIndex(NETWORK_A);
});
const audienceOf = (input: Parameters<typeof pkg>[0]) => members(evaluate(index, pkg(input)));
const everyone = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];

describe('demographic criteria without primary ones filter the population', () => {
  it('countries by name, code or alias (SPEC §5)', () => {
    expect(audienceOf({ countries: [{ label: 'Japan' }] })).toEqual([2, 3]);
    expect(audienceOf({ countries: [{ label: 'jp' }, { label: 'Mexico' }] })).toEqual([2, 3, 4]);
    expect(audienceOf({ countries: [{ label: 'UK' }] })).toEqual([8]);
    expect(audienceOf({ countries: [{ label: 'Anything', id: 'ES' }] })).toEqual([5]);
  });

  it('locations: catalogue ids, catalogue names, bare place names', () => {
    expect(audienceOf({ locations: [{ label: 'Chiba' }] })).toEqual([2]);
    expect(audienceOf({ locations: [{ label: 'x', id: 'x-chiba' }] })).toEqual([2]);
    expect(audienceOf({ locations: [{ label: 'California, US' }] })).toEqual([0, 1, 6, 7, 9]);
    expect(audienceOf({ locations: [{ label: 'San Francisco-Oakland-San Jose CA, US' }] })).toEqual([
      0, 1, 6, 7, 9,
    ]);
  });

  it('countries and locations are one criterion type: their values are unioned', () => {
    expect(audienceOf({ countries: [{ label: 'Spain' }], locations: [{ label: 'Chiba' }] })).toEqual([2, 5]);
  });

  it('languages by name or code', () => {
    expect(audienceOf({ languages: [{ label: 'Spanish' }] })).toEqual([4, 5]);
    expect(audienceOf({ languages: [{ label: 'Japanese', id: 'ja' }] })).toEqual([2, 3]);
  });

  it('network operators by name match every operator so named', () => {
    expect(audienceOf({ network_operators: [{ label: 'Movistar' }] })).toEqual([4, 5]);
    expect(audienceOf({ network_operators: [{ label: 'x', id: '5' }] })).toEqual([2]);
  });

  it('age: minimum ages and SPEC bands, as unions of the exported bands', () => {
    expect(audienceOf({ age: ['AGE_OVER_50'] })).toEqual([4, 5]);
    expect(audienceOf({ age: ['18-24'] })).toEqual([1, 7]);
    expect(audienceOf({ age: ['13-24', 'AGE_OVER_50'] })).toEqual([1, 3, 4, 5, 7]);
    expect(audienceOf({ age: ['AGE_ANY'] })).toEqual(everyone);
  });

  it('gender (Women and Men accepted, SPEC §3); ANY does not restrict', () => {
    expect(audienceOf({ gender: ['FEMALE'] })).toEqual([1, 2, 4, 7, 9]);
    expect(audienceOf({ gender: ['Men'] })).toEqual([0, 3, 5, 8]);
    expect(audienceOf({ gender: ['ANY'] })).toEqual(everyone);
  });

  it('a value that matches nothing restricts to nobody', () => {
    const audience = evaluate(index, pkg({ countries: [{ label: 'Atlantis' }] }));
    expect(audience.sampleCount).toBe(0);
    expect(audience.unmatched).toEqual([{ criterion: 'location', label: 'Atlantis' }]);
  });

  it('placements alone do not restrict who is reached', () => {
    expect(audienceOf({ placements: ['profiles'] })).toEqual(everyone);
  });
});

describe('the demographic memo (answers reused by what a package says of these fields)', () => {
  it('tells apart packages that differ only by an id or a deselected flag, asked one after another', () => {
    expect(audienceOf({ languages: [{ label: 'Japanese' }] })).toEqual([2, 3]);
    // The id is tried before the label.
    expect(audienceOf({ languages: [{ label: 'Japanese', id: 'es' }] })).toEqual([4, 5]);
    expect(audienceOf({ languages: [{ label: 'Japanese', deselected: true }] })).toEqual(everyone);
    expect(audienceOf({ languages: [{ label: 'Japanese' }] })).toEqual([2, 3]);
  });

  it('gives different packages different signatures, and none to a package without these fields', () => {
    const signatures = [
      { countries: [{ label: 'a' }, { label: 'b' }] },
      { countries: [{ label: 'a;1:b' }] },
      { countries: [{ label: 'a', id: 1 }] },
      { countries: [{ label: 'a', deselected: true }] },
      { locations: [{ label: 'a' }, { label: 'b' }] },
      { languages: [{ label: 'a' }, { label: 'b' }] },
      { network_operators: [{ label: 'a' }, { label: 'b' }] },
      { age: ['AGE_OVER_18' as const] },
      { age: ['AGE_OVER_18' as const, 'AGE_OVER_21' as const] },
      { gender: ['FEMALE' as const] },
    ].map((input) => demographicSignature(pkg(input)));
    expect(new Set(signatures).size).toBe(signatures.length);
    expect(demographicSignature(pkg({ keywords: [{ label: 'music' }] }))).toBe('');
  });
});
