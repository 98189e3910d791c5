import { describe, expect, it } from 'vitest';
import { countriesToSend, handlesToApply, MAX_COUNTRIES_SENT, MAX_HANDLES } from './limits';

const range = (n: number) => Array.from({ length: n }, (_, i) => `item${i}`);

describe('countriesToSend (SPEC §9)', () => {
  it('sends the countries when fewer than 50 are selected', () => {
    expect(MAX_COUNTRIES_SENT).toBe(50);
    expect(countriesToSend(['JP', 'US'])).toEqual(['JP', 'US']);
    expect(countriesToSend(range(49))).toHaveLength(49);
    expect(countriesToSend([])).toEqual([]);
  });

  it('sends an empty list from 50 countries on', () => {
    expect(countriesToSend(range(50))).toEqual([]);
    expect(countriesToSend(range(249))).toEqual([]);
  });

  it('returns a copy', () => {
    const input = ['JP'];
    expect(countriesToSend(input)).not.toBe(input);
  });
});

describe('handlesToApply (SPEC §8/§9)', () => {
  it('keeps up to 100 handles', () => {
    expect(MAX_HANDLES).toBe(100);
    expect(handlesToApply(range(100))).toEqual({ handles: range(100), tooMany: false });
  });

  it('keeps the first 100 and flags the rest', () => {
    const result = handlesToApply(range(101));
    expect(result.tooMany).toBe(true);
    expect(result.handles).toEqual(range(100));
  });
});
