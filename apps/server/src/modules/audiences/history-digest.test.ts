import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { audienceDigestSchema, type AudienceDigest } from '@murmur/core/api';
import type { StoredDigest } from '../../db/schema';
import { readDigest, storeDigest } from './history-digest';
import { panelChanges } from './history-changes';

/** A digest of bench:history (20 000 accounts), its influential section given a newcomer. */
const measured: AudienceDigest = audienceDigestSchema.parse(
  JSON.parse(readFileSync(new URL('./history-digest.fixture.json', import.meta.url), 'utf8')),
);

/** A digest stored and read back through its JSON text, as the jsonb column keeps it. */
const roundTrip = (d: AudienceDigest) =>
  readDigest(JSON.parse(JSON.stringify(storeDigest(d))) as StoredDigest);

/** What a point of the digest weighs in the column: its JSON text (jsonb keeps about as much). */
const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

describe('a point’s digest as stored', () => {
  it('reads back equal to the digest measured, in the API’s form', () => {
    const stored = storeDigest(measured);
    expect(Array.isArray(stored)).toBe(true);
    const read = roundTrip(measured);
    expect(read).toEqual(measured);
    expect(audienceDigestSchema.parse(read)).toEqual(measured);
  });

  it('keeps every kind of label apart: equal to the value, absent, present and equal, empty', () => {
    const digest: AudienceDigest = {
      members: 12,
      fields: {
        country: { values: [], complete: true },
        language: { values: [], complete: false },
        gender: { values: [], complete: true },
        ageBand: { values: [], complete: true },
        device: { values: [], complete: true },
      },
      sections: {
        interest: { values: [{ value: 'Music', count: 3 }], complete: false, members: 10 },
        community: {
          values: [
            { value: '12', label: '12', count: 4 },
            { value: '13', label: '', count: 2 },
          ],
          complete: true,
          members: 6,
          partition: '2026-11-01T00:00:00.000Z',
        },
      },
    };
    digest.fields.gender = {
      values: [
        { value: 'MALE', label: 'MALE', count: 5 },
        { value: 'x', label: '', count: 1 },
      ],
      complete: false,
    };
    digest.fields.country = { values: [{ value: 'JP', label: 'Japan', count: 7 }], complete: true };
    expect(roundTrip(digest)).toEqual(digest);
  });

  it('keeps a digest without sections without them (points the engine could not compose)', () => {
    const { sections: _sections, ...plain } = measured;
    const read = readDigest(storeDigest(plain));
    expect(read).toEqual(plain);
    expect('sections' in read).toBe(false);
  });

  it('reads the object form of points recorded before as it is', () => {
    expect(readDigest(measured)).toBe(measured);
  });

  it('refuses a stored form it does not know', () => {
    const stored = storeDigest(measured);
    expect(() => readDigest([2, ...stored.slice(1)] as unknown as typeof stored)).toThrow(/format 2/);
  });

  it('stays under 2 kB a day where the object form did not (bench/README.md "bench:history": at most 2 kB per audience and day)', () => {
    expect(bytes(measured)).toBeGreaterThan(2048);
    expect(bytes(storeDigest(measured))).toBeLessThan(2048);
  });

  it('gives the same changes between two points read back as between the digests measured', () => {
    const later: AudienceDigest = {
      ...measured,
      members: measured.members + 40,
      fields: {
        ...measured.fields,
        country: {
          ...measured.fields.country,
          values: measured.fields.country.values.map((v, i) => (i === 1 ? { ...v, count: v.count + 60 } : v)),
        },
      },
    };
    const before = panelChanges(measured, later, '2026-11-28');
    expect(before.changes.length).toBeGreaterThan(0);
    expect(panelChanges(roundTrip(measured), roundTrip(later), '2026-11-28')).toEqual(before);
  });
});
