import { describe, expect, it } from 'vitest';
import { GB_NATIONS, US_STATES } from './regions';

describe('US_STATES', () => {
  it('lists the 50 states and DC with unique two-letter codes, alphabetically by name', () => {
    expect(US_STATES).toHaveLength(51);
    expect(new Set(US_STATES.map((s) => s.code)).size).toBe(51);
    expect(US_STATES.every((s) => /^[A-Z]{2}$/.test(s.code))).toBe(true);
    const names = US_STATES.map((s) => s.name);
    expect([...names].sort()).toEqual(names);
    expect(US_STATES).toContainEqual({ code: 'CA', name: 'California' });
    expect(US_STATES).toContainEqual({ code: 'DC', name: 'District of Columbia' });
  });
});

describe('GB_NATIONS', () => {
  it('lists the four nations', () => {
    expect(GB_NATIONS.map((n) => n.name)).toEqual(['England', 'Northern Ireland', 'Scotland', 'Wales']);
  });
});
