import { describe, expect, it } from 'vitest';
import { SLUG_PATTERN } from '@murmur/core/api';
import { parseTeamRef } from './team-ref';
import { firstFreeSlug, slugify } from './slug';

describe('slugify', () => {
  it('turns names into lowercase dashed ASCII', () => {
    expect(slugify('Acme Ads, Inc.')).toBe('acme-ads-inc');
    expect(slugify('  Café Crème  ')).toBe('cafe-creme');
  });

  it('gives names without ASCII letters or digits a slug of their own, never the bare "team"', () => {
    const ad = slugify('広告チーム');
    expect(ad).toMatch(/^team-[a-z][a-z0-9]{5}$/);
    expect(slugify('広告チーム')).toBe(ad);
    expect(slugify('営業チーム')).not.toBe(ad);
    expect(slugify('!!!')).toMatch(/^team-[a-z][a-z0-9]{5}$/);
    expect(SLUG_PATTERN.test(ad)).toBe(true);
    expect(parseTeamRef(ad)).toEqual({ slug: ad });
  });

  it('never yields an all-digit slug, which would read as an id', () => {
    expect(slugify('2024')).toBe('team-2024');
  });

  it('stays within the slug pattern for long names', () => {
    const slug = slugify('a'.repeat(39) + ' ' + 'b'.repeat(80));
    expect(slug.length).toBeLessThanOrEqual(40);
    expect(SLUG_PATTERN.test(slug)).toBe(true);
    expect(SLUG_PATTERN.test(firstFreeSlug(slug, [slug]))).toBe(true);
  });
});

describe('firstFreeSlug', () => {
  it('adds -2, -3, … until free', () => {
    expect(firstFreeSlug('acme', [])).toBe('acme');
    expect(firstFreeSlug('acme', ['acme'])).toBe('acme-2');
    expect(firstFreeSlug('acme', ['acme', 'acme-2', 'acme-3'])).toBe('acme-4');
  });
});

describe('parseTeamRef', () => {
  it('reads digits as ids and anything else as slugs', () => {
    expect(parseTeamRef('42')).toEqual({ id: 42 });
    expect(parseTeamRef('Acme-2')).toEqual({ slug: 'acme-2' });
  });

  it('rejects values that can name no team', () => {
    expect(parseTeamRef('0')).toBeUndefined();
    expect(parseTeamRef('99999999999')).toBeUndefined();
    expect(parseTeamRef('../etc')).toBeUndefined();
    expect(parseTeamRef('')).toBeUndefined();
  });
});
