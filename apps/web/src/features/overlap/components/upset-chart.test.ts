import { describe, expect, it } from 'vitest';
import { fitText } from './upset-chart';

describe('fitText', () => {
  it('keeps a name that fits whole', () => {
    expect(fitText('1. Soccer fans', 200)).toBe('1. Soccer fans');
  });

  it('cuts a long name with an ellipsis within the width', () => {
    const cut = fitText('11. Into Technology and computing and more', 120);
    expect(cut.endsWith('…')).toBe(true);
    expect(cut.startsWith('11. Into Tech')).toBe(true);
    expect(cut.length).toBeLessThan('11. Into Technology and computing and more'.length);
  });

  it('counts Japanese characters as full width', () => {
    // 12 kanji at 11 px are 132 px: more than 100, so cut; the Latin string of the same length fits.
    expect(fitText('東京都在住の大人向け音楽好き', 100).endsWith('…')).toBe(true);
    expect(fitText('abcdefghijkl', 100)).toBe('abcdefghijkl');
  });
});
