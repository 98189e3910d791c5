import { describe, expect, it } from 'vitest';
import { targetingPackageSchema } from '../targeting';
import { isExtensionMessage, prepareApply } from '.';

const pkg = (input: object) => targetingPackageSchema.parse(input);

describe('prepareApply (SPEC §5, §8, §9)', () => {
  it('refuses an empty package', () => {
    expect(prepareApply('x', pkg({}), null)).toEqual({ empty: true });
    expect(prepareApply('x', pkg({ handles: [{ handle: 'a', deselected: true }] }), null)).toEqual({
      empty: true,
    });
  });

  it('keeps the first 100 handles and says so, sends countries only under 50, dashes interest slashes', () => {
    const handles = Array.from({ length: 101 }, (_, k) => ({ handle: `@h${k}` }));
    const countries = Array.from({ length: 60 }, (_, k) => ({ label: `C${k}`, id: `C${k}` }));
    const out = prepareApply(
      'Fans',
      pkg({ handles, countries, interests: [{ label: 'Sports/Football' }] }),
      'Sports',
    );
    expect(out.empty).toBe(false);
    if (out.empty) return;
    expect(out.tooManyHandles).toBe(true);
    expect(out.payload.handles).toHaveLength(100);
    expect(out.payload.handles[0]).toBe('h0');
    expect(out.payload.countries).toEqual([]);
    expect(out.payload.interests).toEqual(['Sports-Football']);
    expect(out.payload.audience_type).toBe('targeting');

    const few = prepareApply(
      'Few',
      pkg({ handles: handles.slice(0, 3), countries: countries.slice(0, 49) }),
      null,
    );
    if (few.empty) throw new Error('not empty');
    expect(few.tooManyHandles).toBe(false);
    expect(few.payload.countries).toHaveLength(49);
  });

  it('sends Exclusion Audience as type exclusion', () => {
    const out = prepareApply('Ex', pkg({ keywords: [{ label: 'spam' }] }), 'Exclusion Audience');
    expect(out.empty === false && out.payload.audience_type).toBe('exclusion');
  });

  it('recognises only messages of the extension', () => {
    expect(isExtensionMessage({ source: 'x-pro-targeting', type: 'state' })).toBe(true);
    expect(isExtensionMessage({ source: 'other' })).toBe(false);
    expect(isExtensionMessage(null)).toBe(false);
  });
});
