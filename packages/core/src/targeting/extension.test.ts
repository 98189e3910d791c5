import { describe, expect, it } from 'vitest';
import { audienceTypeFor, interestLabelForExtension } from './extension';

describe('interestLabelForExtension (SPEC §9)', () => {
  it('replaces every slash by a dash', () => {
    expect(interestLabelForExtension('Sports/Soccer')).toBe('Sports-Soccer');
    expect(interestLabelForExtension('Business and finance/Marketing/Ads')).toBe(
      'Business and finance-Marketing-Ads',
    );
    expect(interestLabelForExtension('Technology')).toBe('Technology');
  });
});

describe('audienceTypeFor (SPEC §9)', () => {
  it('sends Exclusion Audience as exclusion', () => {
    expect(audienceTypeFor('Exclusion Audience')).toBe('exclusion');
    expect(audienceTypeFor(' exclusion audience ')).toBe('exclusion');
  });

  it('sends everything else as targeting', () => {
    expect(audienceTypeFor('Interest')).toBe('targeting');
    expect(audienceTypeFor('Exclusion')).toBe('targeting');
    expect(audienceTypeFor('')).toBe('targeting');
    expect(audienceTypeFor(null)).toBe('targeting');
    expect(audienceTypeFor(undefined)).toBe('targeting');
  });
});
