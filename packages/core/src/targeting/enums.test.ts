import { describe, expect, it } from 'vitest';
import {
  AGE_BANDS,
  AGES,
  AUDIENCE_STATUS_FILTERS,
  AUDIENCE_STATUSES,
  CONTENT_TYPE_LABELS,
  CONTENT_TYPES,
  GENDERS,
  PLACEMENTS,
  SIZE_BUCKETS,
  targetabilityLabel,
} from './enums';
import { genderSchema } from './enum-schemas';

describe('targeting enumerations (SPEC §3)', () => {
  it('lists genders, ages and the 15 age bands', () => {
    expect(GENDERS).toEqual(['ANY', 'MALE', 'FEMALE']);
    expect(AGES[0]).toBe('AGE_ANY');
    expect(AGES.at(-1)).toBe('AGE_OVER_50');
    expect(AGES).toHaveLength(7);
    expect(AGE_BANDS).toHaveLength(15);
    expect(new Set(AGE_BANDS).size).toBe(15);
    for (const band of AGE_BANDS) {
      const [from, to] = band.split('-').map(Number);
      expect(from).toBeLessThan(to!);
    }
  });

  it('lists placements, size buckets and statuses', () => {
    expect(PLACEMENTS).toEqual(['homeTimelines', 'profiles', 'searchResults', 'replies']);
    expect(SIZE_BUCKETS).toEqual(['<1M', '1M-5M', '5M-12M', '12M-25M', '25M+']);
    expect(AUDIENCE_STATUSES).toEqual(['Active', 'Paused', 'Draft', 'Halted', 'Expired', 'Scheduled']);
    expect(AUDIENCE_STATUS_FILTERS[0]).toBe('Any status');
    expect(AUDIENCE_STATUS_FILTERS).toHaveLength(7);
  });

  it('labels content types and targetability', () => {
    expect(CONTENT_TYPES.map((t) => CONTENT_TYPE_LABELS[t])).toEqual([
      'Product One-pagers',
      'Slide Deck',
      'FAQ',
      'Case Studies',
    ]);
    expect(targetabilityLabel(true)).toBe('Targetable');
    expect(targetabilityLabel(false)).toBe('Not targetable');
  });

  it('validates with the zod schemas', () => {
    expect(genderSchema.safeParse('MALE').success).toBe(true);
    expect(genderSchema.safeParse('male').success).toBe(false);
  });
});
