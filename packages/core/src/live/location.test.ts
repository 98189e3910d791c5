import { describe, expect, it } from 'vitest';
import type { CatalogueItem } from '../export';
import { NO_LOCATION, resolveLocationText } from './location';

const item = (name: string, type: string, cc: string): CatalogueItem => ({
  name,
  targeting_value: name,
  location_type: type,
  country_code: cc,
});
const LOCATIONS = [
  item('Japan', 'COUNTRIES', 'JP'),
  item('Chiba, JP', 'REGIONS', 'JP'),
  item('Chiba, Chiba, JP', 'CITIES', 'JP'),
  item('Seattle WA, US', 'METROS', 'US'),
];

describe('resolveLocationText', () => {
  it('matches a catalogue name exactly, ignoring case and surrounding spaces', () => {
    expect(resolveLocationText('  chiba, chiba, jp ', LOCATIONS)).toEqual({
      country: 'JP',
      region: 'Chiba',
      city: 'Chiba',
      metro: null,
    });
    expect(resolveLocationText('Chiba, JP', LOCATIONS)).toEqual({
      country: 'JP',
      region: 'Chiba',
      city: null,
      metro: null,
    });
    expect(resolveLocationText('Seattle WA, US', LOCATIONS)).toEqual({
      country: 'US',
      region: null,
      city: null,
      metro: 'Seattle WA',
    });
    expect(resolveLocationText('japan', LOCATIONS)).toEqual({
      country: 'JP',
      region: null,
      city: null,
      metro: null,
    });
  });

  it('prefers the most specific kind when names repeat, and resolves free text to no place', () => {
    const both = [item('Chiba', 'REGIONS', 'JP'), item('Chiba', 'CITIES', 'JP')];
    expect(resolveLocationText('Chiba', both).city).toBe('Chiba');
    expect(resolveLocationText('somewhere in Chiba', LOCATIONS)).toBe(NO_LOCATION);
    expect(resolveLocationText('', LOCATIONS)).toBe(NO_LOCATION);
  });

  it('takes the first of two places of the same kind and name, and ignores items of no kind', () => {
    const twice = [
      item('Springfield', 'CITIES', 'US'),
      item(' springfield ', 'CITIES', 'CA'),
      item('Springfield', 'POSTAL_CODES', 'AU'),
    ];
    expect(resolveLocationText('SPRINGFIELD', twice).country).toBe('US');
    expect(resolveLocationText('Atlantis', [item('Atlantis', 'POSTAL_CODES', 'XX')])).toBe(NO_LOCATION);
  });

  it('answers a catalogue that has been resolved against before as it did the first time', () => {
    // Looked up through a map made once per catalogue: the second catalogue is not the first's map.
    const first = [item('Chiba', 'REGIONS', 'JP')];
    const second = [item('Chiba', 'CITIES', 'JP')];
    expect(resolveLocationText('Chiba', first).region).toBe('Chiba');
    expect(resolveLocationText('Chiba', second).city).toBe('Chiba');
    expect(resolveLocationText('Chiba', first).city).toBeNull();
  });
});
