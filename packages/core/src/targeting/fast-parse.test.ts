import { describe, expect, it } from 'vitest';
import { buildAudienceSchema, parseBuildAudienceFast } from '../api/audiences';
import { AGES, AGE_BANDS, PLACEMENTS } from './enums';
import { parseTargetingPackageFast } from './fast-parse';
import { targetingPackageSchema } from './targeting-package';

/**
 * The fast parse must give zod's value (same keys, same order) or nothing: a value where zod refuses,
 * or a different one, would answer an estimate for a package the API does not accept.
 */
function agree(input: unknown): 'fast' | 'zod' {
  const zod = targetingPackageSchema.safeParse(input);
  const fast = parseTargetingPackageFast(input);
  if (fast !== undefined) {
    expect(zod.success, `fast accepted what zod refuses: ${show(input)}`).toBe(true);
    expect(JSON.stringify(fast)).toBe(JSON.stringify(zod.data));
    expect(fast).toEqual(zod.data);
  }
  const body = { targeting_package: input, ...(typeof input === 'object' && { exclusions: [1, 2] }) };
  const zodBody = buildAudienceSchema.safeParse(body);
  const fastBody = parseBuildAudienceFast(body);
  if (fastBody !== undefined) {
    expect(zodBody.success, `fast accepted a body zod refuses: ${show(body)}`).toBe(true);
    expect(JSON.stringify(fastBody)).toBe(JSON.stringify(zodBody.data));
  }
  return fast === undefined ? 'zod' : 'fast';
}
const show = (v: unknown) => {
  try {
    return JSON.stringify(v).slice(0, 300);
  } catch {
    return String(v);
  }
};

/** A deterministic generator (mulberry32): the corpus is the same on every run. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const LIST_KEYS = [
  'keywords',
  'handles',
  'hashtags',
  'languages',
  'network_operators',
  'interests',
  'conversation_topics',
  'movies_tv_shows',
  'placements',
  'age',
  'gender',
  'custom_audiences',
  'locations',
  'countries',
];

describe('parseTargetingPackageFast', () => {
  it('gives zod’s value for valid packages, in zod’s key order', () => {
    const valid: unknown[] = [
      {},
      { keywords: [{ label: 'music' }], languages: [{ label: 'en' }], age: ['AGE_OVER_18'] },
      {
        countries: [{ label: ' Japan ', id: 'JP' }],
        locations: [{ id: 3, label: 'Tokyo', deselected: false }],
        keywords: [{ handle: 'x', label: 'y', deselected: true }, { handle: ' @a ' }],
        hashtags: [{ label: '#tag', extra: 1 }],
        handles: [{ handle: 'nasa' }],
        interests: [{ label: 'Science/Physics', id: '11' }],
        conversation_topics: [{ label: 'Soccer' }],
        movies_tv_shows: [{ label: 'Dune', id: 7.5 }],
        network_operators: [{ label: 'NTT' }],
        placements: [...PLACEMENTS],
        age: ['18-34', 'age_over_21', ' AGE_18_TO_34 ', '25 – 49', ...AGES, ...AGE_BANDS],
        gender: ['women', 'Men', 1, 2, 'nonsense', null, {}, 'ANY'],
        custom_audiences: [{ name: 'Buyers', id: 'ca1' }],
        unknown_key: { anything: true },
      },
      { keywords: [{ label: 'x'.repeat(500) }], languages: [{ label: 'en', id: 'y'.repeat(200) }] },
      { keywords: Array.from({ length: 2000 }, (_, i) => ({ label: `w${i}` })) },
      { keywords: [{ label: '音楽' }, { label: '\ud83c\udfb5 emoji' }, { label: 'a\u0001b' }] },
      Object.assign(Object.create(null), { keywords: [{ label: 'no prototype' }] }) as unknown,
    ];
    for (const pkg of valid) expect(agree(pkg)).toBe('fast');
  });

  it('leaves to zod every package zod refuses', () => {
    const invalid: unknown[] = [
      null,
      undefined,
      'package',
      42,
      true,
      [],
      [{ label: 'x' }],
      { keywords: null },
      { keywords: {} },
      { keywords: 'music' },
      { keywords: [null] },
      { keywords: [[]] },
      { keywords: ['music'] },
      { keywords: [{}] },
      { keywords: [{ deselected: true }] },
      { keywords: [{ label: '' }] },
      { keywords: [{ label: '   ' }] },
      { keywords: [{ label: 'x'.repeat(501) }] },
      { keywords: [{ label: ` ${'x'.repeat(499)}  ` }] },
      { keywords: [{ label: 3 }] },
      { keywords: [{ label: 'x', handle: '' }] },
      { keywords: [{ label: 'x', deselected: 'yes' }] },
      { keywords: [{ label: 'x', deselected: null }] },
      { keywords: Array.from({ length: 2001 }, () => ({ label: 'w' })) },
      { languages: [{ id: 'en' }] },
      { languages: [{ label: 'en', id: 'y'.repeat(201) }] },
      { languages: [{ label: 'en', id: null }] },
      { languages: [{ label: 'en', id: true }] },
      { languages: [{ label: 'en', id: Number.NaN }] },
      { languages: [{ label: 'en', id: Number.POSITIVE_INFINITY }] },
      { languages: [{ label: 'en', id: {} }] },
      { placements: ['timeline'] },
      { placements: [null] },
      { age: ['AGE_OVER_17'] },
      { age: [18] },
      { age: ['17-34'] },
      { age: [null] },
      { gender: 'women' },
      { custom_audiences: [{ label: 'x' }] },
      { custom_audiences: [{ name: 'x', id: [] }] },
      { countries: [{ label: 'JP', deselected: 0 }] },
      { locations: [{ label: { nested: { deep: [1, 2, 3] } } }] },
      new Date(0),
      new Map([['keywords', []]]),
    ];
    for (const pkg of invalid) agree(pkg);
    for (const pkg of invalid) {
      if (!targetingPackageSchema.safeParse(pkg).success)
        expect(parseTargetingPackageFast(pkg)).toBeUndefined();
    }
  });

  it('agrees with zod on a deep, a huge and a binary package', () => {
    let deep: unknown = { label: 'x' };
    for (let i = 0; i < 60; i++) deep = [deep];
    agree({ keywords: deep });
    agree({ keywords: [{ label: deep }] });
    agree({ keywords: Array.from({ length: 200_000 }, () => ({ label: 'w' })) });
    const binary = String.fromCharCode(...Array.from({ length: 256 }, (_, i) => i));
    expect(
      agree({ keywords: [{ label: binary }], languages: [{ label: binary, id: binary.slice(0, 200) }] }),
    ).toBe('fast');
    agree({ keywords: [{ label: '\ud800' }] }); // a lone surrogate
  });

  it('agrees with zod on 5 000 random packages, valid and invalid', () => {
    const next = random(34);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!;
    const strings = [
      '',
      ' ',
      'music',
      ' en ',
      'x'.repeat(500),
      'x'.repeat(501),
      'y'.repeat(201),
      '18-34',
      'AGE_OVER_18',
      'women',
      'homeTimelines',
      '\u0000',
      '音楽',
    ];
    const scalar = (): unknown => pick([pick(strings), 0, 1, 2, -1, 1.5, true, false, null, undefined]);
    const value = (depth: number): unknown => {
      const r = next();
      if (depth > 2 || r < 0.5) return scalar();
      if (r < 0.75) return Array.from({ length: Math.floor(next() * 3) }, () => value(depth + 1));
      return item(depth + 1);
    };
    const item = (depth: number): Record<string, unknown> => {
      const out: Record<string, unknown> = {};
      for (const key of ['label', 'handle', 'name', 'id', 'deselected', 'other']) {
        const r = next();
        if (r < 0.45) continue;
        out[key] =
          r < 0.97
            ? key === 'deselected'
              ? next() < 0.5
              : key === 'id'
                ? pick(['id', 7, 'x'.repeat(201)])
                : pick(strings)
            : value(depth);
      }
      return out;
    };
    const validText = ['music', ' en ', 'x'.repeat(500), '音楽', 'a b'];
    const goodItem = (key: string): unknown => {
      if (key === 'placements') return pick(PLACEMENTS);
      if (key === 'age') return pick([...AGES, ...AGE_BANDS, '18 - 34', 'age_over_25']);
      if (key === 'gender') return pick(['women', 'MALE', 1, 'x']);
      const out: Record<string, unknown> =
        key === 'custom_audiences' ? { name: pick(validText) } : { label: pick(validText) };
      if (next() < 0.3) out.id = pick(['JP', 7, 'y'.repeat(200)]);
      if (next() < 0.3) out.deselected = next() < 0.5;
      if (key === 'keywords' && next() < 0.3) out.handle = pick(validText);
      return out;
    };
    const counts = { fast: 0, zod: 0 };
    for (let n = 0; n < 5_000; n++) {
      const pkg: Record<string, unknown> = {};
      // Half the packages valid throughout; the others with one list or item of anything.
      const clean = next() < 0.5;
      for (const key of LIST_KEYS) {
        const r = next();
        if (r < 0.6) continue;
        pkg[key] =
          clean || r < 0.9
            ? Array.from({ length: Math.floor(next() * 4) }, () =>
                clean || next() < 0.7
                  ? goodItem(key)
                  : ['placements', 'age', 'gender'].includes(key)
                    ? pick(strings)
                    : item(0),
              )
            : value(0);
      }
      counts[agree(pkg)]++;
    }
    // Both kinds were met: the corpus checks acceptance as well as refusal.
    expect(counts.fast).toBeGreaterThan(1000);
    expect(counts.zod).toBeGreaterThan(1000);
  }, 60_000);
});

describe('parseBuildAudienceFast', () => {
  it('gives zod’s body or leaves it to zod', () => {
    const pkg = { keywords: [{ label: 'music' }] };
    const bodies: unknown[] = [
      { targeting_package: pkg },
      { targeting_package: pkg, exclusions: [] },
      { targeting_package: pkg, exclusions: [1, 2_147_483_647] },
      { targeting_package: pkg, exclusions: [0] },
      { targeting_package: pkg, exclusions: [2_147_483_648] },
      { targeting_package: pkg, exclusions: [1.5] },
      { targeting_package: pkg, exclusions: ['1'] },
      { targeting_package: pkg, exclusions: null },
      { targeting_package: pkg, exclusions: Array.from({ length: 101 }, (_, i) => i + 1) },
      { targeting_package: pkg, exclusions: Array.from({ length: 100 }, (_, i) => i + 1), other: 1 },
      { exclusions: [1] },
      { targeting_package: null },
      [pkg],
      null,
      'body',
    ];
    let fast = 0;
    for (const body of bodies) {
      const zod = buildAudienceSchema.safeParse(body);
      const value = parseBuildAudienceFast(body);
      if (!zod.success) expect(value, show(body)).toBeUndefined();
      if (value !== undefined) {
        fast++;
        expect(JSON.stringify(value)).toBe(JSON.stringify(zod.data));
      }
    }
    expect(fast).toBe(4);
  });
});
