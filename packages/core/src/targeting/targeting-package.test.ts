import { describe, expect, it } from 'vitest';
import { emptyTargetingPackage, targetingPackageSchema } from './targeting-package';

describe('targetingPackageSchema (SPEC §3)', () => {
  it('fills every missing list with []', () => {
    const pkg = emptyTargetingPackage();
    expect(Object.keys(pkg).sort()).toEqual(
      [
        'age',
        'conversation_topics',
        'countries',
        'custom_audiences',
        'gender',
        'handles',
        'hashtags',
        'interests',
        'keywords',
        'languages',
        'locations',
        'movies_tv_shows',
        'network_operators',
        'placements',
      ].sort(),
    );
    expect(Object.values(pkg).every((v) => Array.isArray(v) && v.length === 0)).toBe(true);
  });

  it('parses a full package', () => {
    const pkg = targetingPackageSchema.parse({
      keywords: [{ label: 'football' }, { label: 'soccer', deselected: true }],
      handles: [{ handle: 'acme' }],
      hashtags: [{ label: '#worldcup' }],
      languages: [{ label: 'Japanese', id: 'ja' }],
      interests: [{ label: 'Sports/Soccer', id: 1234 }],
      placements: ['homeTimelines'],
      age: ['18-34', 'AGE_OVER_21'],
      gender: ['FEMALE'],
      custom_audiences: [{ name: 'Site visitors' }],
      locations: [{ label: 'Tokyo', id: 'loc-1' }],
      countries: [{ label: 'Japan', id: 'JP' }],
    });
    expect(pkg.keywords[1]).toEqual({ label: 'soccer', deselected: true });
    expect(pkg.handles[0]?.handle).toBe('acme');
    expect(pkg.age).toEqual(['18-34', 'AGE_OVER_21']);
  });

  it('normalises gender and falls back to ANY (SPEC §5)', () => {
    const pkg = targetingPackageSchema.parse({ gender: ['Women', 1, 'nonsense'] });
    expect(pkg.gender).toEqual(['FEMALE', 'MALE', 'ANY']);
  });

  it('normalises age spellings and rejects ages outside the enumeration (SPEC §5)', () => {
    expect(targetingPackageSchema.parse({ age: ['age_over_18', 'AGE_18_TO_34'] }).age).toEqual([
      'AGE_OVER_18',
      '18-34',
    ]);
    expect(targetingPackageSchema.safeParse({ age: ['18-30'] }).success).toBe(false);
  });

  it('rejects malformed items', () => {
    expect(targetingPackageSchema.safeParse({ keywords: [{}] }).success).toBe(false);
    expect(targetingPackageSchema.safeParse({ keywords: [{ label: '  ' }] }).success).toBe(false);
    expect(targetingPackageSchema.safeParse({ interests: [{ id: 1 }] }).success).toBe(false);
    expect(targetingPackageSchema.safeParse({ placements: ['timeline'] }).success).toBe(false);
    expect(targetingPackageSchema.safeParse({ keywords: 'football' }).success).toBe(false);
  });

  it('drops unknown fields', () => {
    const pkg = targetingPackageSchema.parse({ keywords: [{ label: 'x', extra: 1 }], unknown: true });
    expect(pkg.keywords[0]).toEqual({ label: 'x' });
    expect('unknown' in pkg).toBe(false);
  });
});
