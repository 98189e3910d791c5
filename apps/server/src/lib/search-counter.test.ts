import { describe, expect, it } from 'vitest';
import { createSearchCounter } from './search-counter';

const words = (text: string) => text.toLowerCase().split(/\s+/).filter(Boolean);

describe('search counter', () => {
  it('counts tokens, handles and labels', () => {
    const c = createSearchCounter(words);
    c.recordText('Climate change');
    c.recordText('climate');
    c.recordHandle('@NASA');
    c.recordLabel('Science/Physics');
    expect(c.count('climate')).toBe(2);
    expect(c.count('change')).toBe(1);
    expect(c.count('@nasa')).toBe(1);
    expect(c.count('science/physics')).toBe(1);
    expect(c.count('physics')).toBe(1);
  });

  it('stays within its bound under endless distinct terms, keeping the frequent ones ahead', () => {
    const c = createSearchCounter(words, 100);
    for (let i = 0; i < 50; i++) c.recordText('popular');
    for (let i = 0; i < 10; i++) c.recordText('common');
    for (let i = 0; i < 10_000; i++) c.recordText(`rare${i}`);
    let kept = 0;
    for (let i = 0; i < 10_000; i++) if (c.count(`rare${i}`) > 0) kept++;
    expect(kept).toBeLessThan(100);
    expect(c.count('popular')).toBeGreaterThan(c.count('common'));
    expect(c.count('common')).toBeGreaterThan(0);
  });
});
