import { describe, expect, it } from 'vitest';
import { normaliseAge, normaliseGender } from './normalise';

describe('normaliseGender (SPEC §3/§5)', () => {
  it.each([
    ['Women', 'FEMALE'],
    ['Men', 'MALE'],
    [1, 'MALE'],
    [2, 'FEMALE'],
    ['1', 'MALE'],
    ['MALE', 'MALE'],
    ['female', 'FEMALE'],
    [' Female ', 'FEMALE'],
    ['ANY', 'ANY'],
    [0, 'ANY'],
    [3, 'ANY'],
    ['other', 'ANY'],
    ['', 'ANY'],
    [null, 'ANY'],
    [undefined, 'ANY'],
    [{}, 'ANY'],
  ])('maps %j to %s', (value, expected) => {
    expect(normaliseGender(value)).toBe(expected);
  });
});

describe('normaliseAge (SPEC §3/§5)', () => {
  it.each([
    ['AGE_OVER_18', 'AGE_OVER_18'],
    ['age_over_50', 'AGE_OVER_50'],
    ['AGE_ANY', 'AGE_ANY'],
    ['18-34', '18-34'],
    [' 13 - 24 ', '13-24'],
    ['25–54', '25-54'],
    ['AGE_35_TO_49', '35-49'],
  ])('accepts %j as %s', (value, expected) => {
    expect(normaliseAge(value)).toBe(expected);
  });

  it.each(['AGE_OVER_30', '18-30', '34-18', '18', 'any', '', 18, null, undefined])('rejects %j', (value) => {
    expect(normaliseAge(value)).toBeUndefined();
  });
});
