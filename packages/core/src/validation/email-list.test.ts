import { describe, expect, it } from 'vitest';
import { parseEmailList } from './email-list';

describe('parseEmailList', () => {
  it('accepts a single address (SPEC §5)', () => {
    expect(parseEmailList('ann@example.com')).toEqual({ valid: ['ann@example.com'], invalid: [] });
  });

  it('splits on commas, semicolons, spaces and new lines', () => {
    const text = 'ann@example.com, bob@example.com;carl@example.com\n dan@example.com\tEve@Example.com';
    expect(parseEmailList(text).valid).toEqual([
      'ann@example.com',
      'bob@example.com',
      'carl@example.com',
      'dan@example.com',
      'eve@example.com',
    ]);
  });

  it('lower-cases and removes duplicates, keeping the first order', () => {
    expect(parseEmailList('B@x.com A@x.com b@X.com').valid).toEqual(['b@x.com', 'a@x.com']);
  });

  it('reports what is not an address', () => {
    expect(parseEmailList('ann@example.com, nope, Nope, bob@')).toEqual({
      valid: ['ann@example.com'],
      invalid: ['nope', 'bob@'],
    });
  });

  it('returns empty lists for blank text', () => {
    expect(parseEmailList('  ,; \n')).toEqual({ valid: [], invalid: [] });
  });
});
