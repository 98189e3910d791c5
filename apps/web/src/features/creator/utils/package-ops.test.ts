import { emptyTargetingPackage, isTargetingPackageNonEmpty } from '@murmur/core/targeting';
import { describe, expect, it } from 'vitest';
import {
  addItem,
  cleanHandle,
  cleanHashtag,
  itemKey,
  mergePackages,
  parsePackage,
  removeItem,
  toggleItem,
} from './package-ops';

describe('package operations', () => {
  it('deselects an item without removing it, and selects it again', () => {
    let pkg = addItem(emptyTargetingPackage(), 'interests', { label: 'Sports/Soccer', id: '22001' });
    pkg = toggleItem(pkg, 'interests', '22001');
    expect(pkg.interests).toEqual([{ label: 'Sports/Soccer', id: '22001', deselected: true }]);
    // SPEC §5: a package whose only primary item is deselected is empty.
    expect(isTargetingPackageNonEmpty(pkg)).toBe(false);
    pkg = toggleItem(pkg, 'interests', '22001');
    expect(pkg.interests).toEqual([{ label: 'Sports/Soccer', id: '22001' }]);
    expect(isTargetingPackageNonEmpty(pkg)).toBe(true);
  });

  it('adds each item once (any case) and re-selects a deselected duplicate', () => {
    let pkg = addItem(emptyTargetingPackage(), 'keywords', { label: 'Coffee' });
    pkg = toggleItem(pkg, 'keywords', itemKey({ label: 'Coffee' }));
    pkg = addItem(pkg, 'keywords', { label: 'coffee' });
    expect(pkg.keywords).toEqual([{ label: 'Coffee' }]);
    expect(removeItem(pkg, 'keywords', 'coffee').keywords).toEqual([]);
  });

  it('cleans handles and hashtags', () => {
    expect(cleanHandle(' @@murmur ')).toBe('murmur');
    expect(cleanHashtag('#anime')).toBe('anime');
  });

  it('merges packages without duplicates and reads unknown input as an empty package', () => {
    const a = parsePackage({ keywords: [{ label: 'a' }], age: ['18-34'] });
    const b = parsePackage({ keywords: [{ label: 'A' }, { label: 'b' }], age: ['18-34', 'AGE_OVER_50'] });
    const merged = mergePackages(a, b);
    expect(merged.keywords.map((item) => item.label)).toEqual(['a', 'b']);
    expect(merged.age).toEqual(['18-34', 'AGE_OVER_50']);
    expect(parsePackage('nonsense')).toEqual(emptyTargetingPackage());
  });
});
