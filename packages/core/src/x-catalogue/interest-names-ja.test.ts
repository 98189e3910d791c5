import { describe, expect, it } from 'vitest';
import { interestName } from '@murmur/core/targeting';
import { INTEREST_CATEGORIES } from './interest-categories';
import { INTERESTS } from './interests';

describe("the interest catalogue's Japanese names (@murmur/core/targeting interestName)", () => {
  it('name every category and every interest in Japanese, each differently', () => {
    const untranslated = [...INTEREST_CATEGORIES.map((c) => c.name), ...INTERESTS.map((i) => i.name)].filter(
      (name) => interestName(name, 'ja') === name,
    );
    expect(untranslated).toEqual([]);
    const ja = INTERESTS.map((i) => interestName(i.name, 'ja'));
    expect(new Set(ja).size).toBe(INTERESTS.length);
  });
});
