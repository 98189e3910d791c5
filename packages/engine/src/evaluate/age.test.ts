import { describe, expect, it } from 'vitest';
import { bandWithin, parseBand } from './age';

describe('age bands', () => {
  it('reads exported bands', () => {
    expect(parseBand('18-20')).toEqual([18, 20]);
    expect(parseBand('55+')).toEqual([55, Number.POSITIVE_INFINITY]);
    expect(parseBand('unknown')).toBeUndefined();
  });

  it('puts a band inside a SPEC value only when it lies wholly inside', () => {
    expect(bandWithin('21-24', '18-24')).toBe(true);
    expect(bandWithin('25-34', '18-24')).toBe(false);
    expect(bandWithin('55+', 'AGE_OVER_50')).toBe(true);
    expect(bandWithin('50-54', '35-54')).toBe(true);
    expect(bandWithin('13-17', 'AGE_OVER_18')).toBe(false);
    expect(bandWithin('20-29', '21-34')).toBe(false);
    expect(bandWithin('13-17', 'AGE_ANY')).toBe(true);
  });
});
