import { describe, expect, it } from 'vitest';
import { keepsFigures } from './talk-model';

describe('Talk to X with a model', () => {
  it('lets a model rephrase Talk to X only when every figure survives', () => {
    const answer = '3 accounts unfollowed you this week: @a1, @b2, @c3';
    expect(keepsFigures(answer, 'This week @a1, @b2 and @c3 (3 accounts) unfollowed you.')).toBe(true);
    expect(keepsFigures(answer, 'This week 4 accounts unfollowed you: @a1, @b2, @c3')).toBe(false);
    expect(keepsFigures(answer, 'Some people unfollowed you.')).toBe(false);
  });
});
