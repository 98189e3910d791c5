import { describe, expect, it } from 'vitest';
import { EMPTY_TARGETING_MESSAGE, isTargetingPackageNonEmpty } from './non-empty';
import { emptyTargetingPackage } from './targeting-package';

describe('isTargetingPackageNonEmpty (SPEC §5)', () => {
  it('is false for empty or missing packages', () => {
    expect(isTargetingPackageNonEmpty(emptyTargetingPackage())).toBe(false);
    expect(isTargetingPackageNonEmpty({})).toBe(false);
    expect(isTargetingPackageNonEmpty(null)).toBe(false);
    expect(isTargetingPackageNonEmpty(undefined)).toBe(false);
    expect(isTargetingPackageNonEmpty({ keywords: null })).toBe(false);
  });

  it.each([
    'keywords',
    'handles',
    'hashtags',
    'interests',
    'conversation_topics',
    'movies_tv_shows',
  ] as const)('counts %s only when an item is not deselected', (field) => {
    expect(isTargetingPackageNonEmpty({ [field]: [{ label: 'a', deselected: true }] })).toBe(false);
    expect(isTargetingPackageNonEmpty({ [field]: [{ label: 'a', deselected: true }, { label: 'b' }] })).toBe(
      true,
    );
    expect(isTargetingPackageNonEmpty({ [field]: [{ label: 'a', deselected: false }] })).toBe(true);
  });

  it.each([
    ['languages', { label: 'English', deselected: true }],
    ['network_operators', { label: 'Docomo', deselected: true }],
    ['placements', 'replies'],
    ['age', '18-34'],
    ['gender', 'ANY'],
    ['custom_audiences', { name: 'Buyers' }],
    ['locations', { label: 'Tokyo', deselected: true }],
    ['countries', { label: 'Japan', deselected: true }],
  ] as const)('counts any %s item', (field, item) => {
    expect(isTargetingPackageNonEmpty({ [field]: [item] })).toBe(true);
  });

  it('has the SPEC toast text', () => {
    expect(EMPTY_TARGETING_MESSAGE).toBe('Failed to apply targeting list because it is empty.');
  });
});
