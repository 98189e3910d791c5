import { describe, expect, it } from 'vitest';
import { affinityTone, formatAffinity, formatShare } from './format';

describe('chart formats', () => {
  it('shows shares as SPEC §9 percentages', () => {
    expect(formatShare(0.1234)).toBe('12.34%');
    expect(formatShare(0.5)).toBe('50%');
  });

  it('shows affinity as an index and says which way it leans', () => {
    expect(formatAffinity(1.4237)).toBe('1.42×');
    expect(formatAffinity(2)).toBe('2.0×');
    expect(formatAffinity(null)).toBe('—');
    expect([affinityTone(1.5), affinityTone(0.5), affinityTone(1), affinityTone(null)]).toEqual([
      'over',
      'under',
      'even',
      'even',
    ]);
  });
});
