import { describe, expect, it } from 'vitest';
import type { CatalogueKind } from '@murmur/core/export';
import {
  CONVERSATION_TOPICS,
  COUNTRIES,
  INTEREST_CATEGORIES,
  INTERESTS,
  JOB_CATEGORIES,
  LANGUAGES,
  METROS,
  MOVIES_TV_SHOWS,
  NETWORK_OPERATORS,
  POPULATED_COUNTRIES,
  REGIONS,
  targetingCriteria,
} from './index';

const unique = (values: readonly string[]): boolean => new Set(values).size === values.length;

describe('interest catalogue', () => {
  it('has X-style "Category/Subcategory" names with numeric, unique targeting values', () => {
    expect(INTEREST_CATEGORIES).toHaveLength(25);
    expect(INTERESTS.length).toBeGreaterThan(150);
    for (const interest of INTERESTS) {
      expect(interest.name).toMatch(/^[^/]+\/[^/]+$/);
      expect(interest.targetingValue).toMatch(/^\d{4,5}$/);
    }
    expect(unique(INTERESTS.map((i) => i.targetingValue))).toBe(true);
    expect(INTERESTS.map((i) => i.name)).toContain('Technology and computing/Software');
  });
});

describe('SPEC §3 job-title tree', () => {
  it('has the fifteen categories, each title translated into every population language', () => {
    expect(JOB_CATEGORIES.map((c) => c.name)).toEqual([
      'Business',
      'Decision maker',
      'Financial',
      'Consulting',
      'IT Developer',
      'Service',
      'Healthcare',
      'Farmer',
      'IT/Tech',
      'Education',
      'Alternative Medicine',
      'Science',
      'News',
      'Artist',
      'Entertainment',
    ]);
    for (const title of JOB_CATEGORIES.flatMap((c) => c.titles)) {
      for (const language of LANGUAGES) expect(title.text[language.code]).toBeTruthy();
    }
  });
});

describe('location catalogue', () => {
  it('lists countries by ISO code with regions, US metros and opaque hex targeting values', () => {
    for (const c of COUNTRIES) expect(c.code).toMatch(/^[A-Z]{2}$/);
    expect(unique(COUNTRIES.map((c) => c.code))).toBe(true);
    const values = [...COUNTRIES, ...REGIONS, ...METROS].map((x) => x.targetingValue);
    expect(values.every((v) => /^[0-9a-f]{16}$/.test(v))).toBe(true);
    expect(unique(values)).toBe(true);
    expect(METROS.every((m) => COUNTRIES[m.country]!.code === 'US')).toBe(true);
    expect(REGIONS.every((r) => r.utcOffset >= -12 * 60 && r.utcOffset <= 14 * 60)).toBe(true);
  });

  it('lists North Korea as not targetable (SPEC §4) and never populates it', () => {
    const kp = COUNTRIES.find((c) => c.code === 'KP')!;
    expect(kp.targetable).toBe(false);
    expect(POPULATED_COUNTRIES).not.toContain(kp);
  });

  it('has network operators for every populated country', () => {
    for (const country of POPULATED_COUNTRIES) {
      expect(NETWORK_OPERATORS.some((o) => o.country === country.index)).toBe(true);
    }
  });
});

describe('targeting criteria (X Ads API shapes)', () => {
  const kinds: CatalogueKind[] = [
    'interests',
    'conversations',
    'movies_and_tv_shows',
    'languages',
    'network_operators',
    'locations',
    'platforms',
  ];

  it.each(kinds)('%s items carry name, targeting_type and a unique targeting_value', (kind) => {
    const items = targetingCriteria(kind);
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) {
      expect(typeof item.name).toBe('string');
      expect(item.targeting_type).toMatch(/^[A-Z_]+$/);
      expect(typeof item.targeting_value).toBe('string');
    }
    expect(unique(items.map((i) => i.targeting_value))).toBe(true);
  });

  it('gives locations a type and a country code, and languages their ISO code', () => {
    const types = new Set(targetingCriteria('locations').map((l) => l.location_type));
    expect([...types].sort()).toEqual(['CITIES', 'COUNTRIES', 'METROS', 'REGIONS']);
    expect(targetingCriteria('languages').map((l) => l.targeting_value)).toContain('ja');
    expect(
      targetingCriteria('network_operators').every((o) => /^[A-Z]{2}$/.test(String(o.country_code))),
    ).toBe(true);
  });

  it('links every conversation topic and title to an interest', () => {
    for (const t of [...CONVERSATION_TOPICS, ...MOVIES_TV_SHOWS]) expect(INTERESTS[t.interest]).toBeDefined();
  });
});
