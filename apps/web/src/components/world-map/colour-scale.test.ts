import { describe, expect, it } from 'vitest';
import { alpha2Of } from './iso-codes';
import { EMPTY_COLOUR, legendStops, shareColour } from './colour-scale';

const luminance = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
};

describe('map colour scale', () => {
  it('leaves countries without members in the empty colour', () => {
    expect(shareColour(0, 0.5)).toBe(EMPTY_COLOUR);
    expect(shareColour(0.1, 0)).toBe(EMPTY_COLOUR);
    expect(shareColour(Number.NaN, 0.5)).toBe(EMPTY_COLOUR);
  });

  it('darkens with the share, the largest country darkest', () => {
    const max = 0.6;
    const shades = [0.001, 0.05, 0.2, 0.6].map((s) => luminance(shareColour(s, max)));
    for (let i = 1; i < shades.length; i++) expect(shades[i]!).toBeLessThan(shades[i - 1]!);
    expect(shareColour(0.6, max)).toBe('#0c4696');
    expect(shareColour(0.9, max)).toBe('#0c4696');
  });

  it('spreads small shares apart (square-root scale)', () => {
    // A quarter of the largest share sits halfway between the palest and darkest shade.
    const mid = luminance(shareColour(0.25, 1));
    const pale = luminance(shareColour(1e-9, 1));
    const dark = luminance(shareColour(1, 1));
    expect(Math.abs(mid - (pale + dark) / 2)).toBeLessThan(2);
    expect(legendStops(0.4)).toHaveLength(5);
  });

  it('maps atlas shapes to the panels’ country codes', () => {
    expect(alpha2Of('392', 'Japan')).toBe('JP');
    expect(alpha2Of('036', 'Australia')).toBe('AU');
    expect(alpha2Of(undefined, 'Kosovo')).toBe('XK');
    expect(alpha2Of('999', 'Nowhere')).toBeNull();
  });
});
