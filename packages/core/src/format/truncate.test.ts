import { describe, expect, it } from 'vitest';
import { truncate } from './truncate';

describe('truncate', () => {
  it('keeps 15 characters plus an ellipsis by default (SPEC §9)', () => {
    expect(truncate('Audience of football fans')).toBe('Audience of foo…');
    expect(truncate('exactly15chars!')).toBe('exactly15chars!');
    expect(truncate('sixteen chars!!!')).toBe('sixteen chars!!…');
  });

  it('accepts another maximum', () => {
    expect(truncate('abcdef', 3)).toBe('abc…');
    expect(truncate('abc', 3)).toBe('abc');
    expect(truncate('abc', 0)).toBe('…');
    expect(truncate('abc', -2)).toBe('…');
  });

  it('does not leave a space before the ellipsis', () => {
    expect(truncate('hello world', 6)).toBe('hello…');
  });

  it('does not split emoji or other astral characters', () => {
    expect(truncate('😀😀😀😀', 2)).toBe('😀😀…');
    expect(truncate('日本語のテキストです', 3)).toBe('日本語…');
  });

  it('handles empty text', () => {
    expect(truncate('')).toBe('');
  });
});
