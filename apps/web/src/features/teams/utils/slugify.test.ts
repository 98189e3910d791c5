import { describe, expect, it } from 'vitest';
import { slugify } from './slugify';

describe('slugify', () => {
  it('turns a team name into its address', () => {
    expect(slugify('Acme Marketing')).toBe('acme-marketing');
    expect(slugify('  Café & Crème!! ')).toBe('cafe-creme');
    expect(slugify('Team 42')).toBe('team-42');
  });

  it('leaves the choice to the server when nothing usable is left', () => {
    expect(slugify('マーケティング')).toBe('');
    expect(slugify('---')).toBe('');
  });

  it('keeps at most 50 characters without a trailing dash', () => {
    const slug = slugify(`${'a'.repeat(49)} b`);
    expect(slug.length).toBeLessThanOrEqual(50);
    expect(slug.endsWith('-')).toBe(false);
  });
});
