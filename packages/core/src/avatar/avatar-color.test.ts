import { describe, expect, it } from 'vitest';
import { AVATAR_COLORS, avatarColor } from './avatar-color';

describe('avatarColor (SPEC §9)', () => {
  it('is stable for the same text, whatever the case or spacing', () => {
    expect(avatarColor('Ann Lee')).toBe(avatarColor('Ann Lee'));
    expect(avatarColor(' ann lee ')).toBe(avatarColor('ANN LEE'));
  });

  it('always returns one of the four tones', () => {
    expect(AVATAR_COLORS).toEqual(['info', 'warn', 'success', 'danger']);
    for (const name of ['', 'a', 'Acme', '山田', '😀', 'x'.repeat(1000)]) {
      expect(AVATAR_COLORS).toContain(avatarColor(name));
    }
    expect(avatarColor(null)).toBe(avatarColor(''));
  });

  it('spreads names over all four tones', () => {
    const names = Array.from({ length: 200 }, (_, i) => `user${i}@example.com`);
    const counts = new Map<string, number>();
    for (const name of names) counts.set(avatarColor(name), (counts.get(avatarColor(name)) ?? 0) + 1);
    expect(counts.size).toBe(4);
    for (const count of counts.values()) expect(count).toBeGreaterThan(20);
  });

  it('pins known values so colours do not change between releases', () => {
    expect(['a', 'b', 'c', 'd', 'Ann Lee'].map(avatarColor)).toEqual([
      'info',
      'warn',
      'success',
      'danger',
      'success',
    ]);
  });
});
