import { describe, expect, it } from 'vitest';
import { COUNTRIES } from '@murmur/core/x-catalogue';
import { LANGUAGE_CODES } from '@murmur/core/x-catalogue';
import { generateNetwork } from '../../generate/network';
import { AccountKind } from '../../model/accounts';
import { NAMES_BY_COUNTRY } from './index';

/**
 * Names follow the country, not the language: measured on a generated network, each country with a
 * table names its people from it, and its distinctive family names (those no other table has) stay
 * rare elsewhere: the country × name-table contingency is strongly diagonal.
 */
const net = generateNetwork({ accounts: 30_000, seed: 'names-by-country', historyDays: 1 });
const a = net.accounts;
const CODES = [...NAMES_BY_COUNTRY.keys()];

/** Family names (in both scripts) of one table that no other table has. */
function distinctive(code: string): Set<string> {
  const others = new Set<string>();
  for (const [other, table] of NAMES_BY_COUNTRY)
    if (other !== code) for (const f of table.family) others.add(f.latin).add(f.native);
  const own = new Set<string>();
  for (const f of NAMES_BY_COUNTRY.get(code)!.family) {
    if (!others.has(f.latin)) own.add(f.latin);
    if (!others.has(f.native)) own.add(f.native);
  }
  return own;
}

/** Whether a display name carries one of the family names (as a whole word after the first). */
function hasFamily(name: string, families: Set<string>): boolean {
  const words = name.split(' ');
  for (let from = 1; from < words.length; from++)
    for (let to = from + 1; to <= Math.min(words.length, from + 3); to++)
      if (families.has(words.slice(from, to).join(' '))) return true;
  return false;
}

const people = new Map<string, number[]>();
/** People (not brands, media or spam) of a country, writing a language that uses its table. */
function peopleOf(code: string): number[] {
  const known = people.get(code);
  if (known) return known;
  const out: number[] = [];
  people.set(code, out);
  for (let i = 0; i < a.count; i++) {
    if (COUNTRIES[a.country[i]!]!.code !== code) continue;
    if (a.kind[i] !== AccountKind.person && a.kind[i] !== AccountKind.creator) continue;
    const language = LANGUAGE_CODES[a.language[i]!]!;
    if (language === 'ja' || language === 'ko') continue;
    out.push(i);
  }
  return out;
}

describe('names by country', () => {
  it('names each country’s people from its own table, and seldom anyone else from it', () => {
    const rows: string[] = [];
    for (const code of CODES) {
      const people = peopleOf(code);
      if (people.length < 60) continue;
      const mine = distinctive(code);
      const all = new Set(NAMES_BY_COUNTRY.get(code)!.family.flatMap((f) => [f.latin, f.native]));
      const own = people.filter((i) => hasFamily(a.names[i]!, all)).length / people.length;
      let elsewhere = 0;
      let others = 0;
      for (const other of CODES) {
        if (other === code) continue;
        for (const i of peopleOf(other)) {
          others++;
          if (hasFamily(a.names[i]!, mine)) elsewhere++;
        }
      }
      rows.push(`${code} own ${own.toFixed(3)} elsewhere ${(elsewhere / others).toFixed(4)}`);
      // ~15 % of people show only a given name (plus an emoji); nearly all others carry a family name.
      expect(own, code).toBeGreaterThan(0.75);
      expect(elsewhere / others, code).toBeLessThan(0.01);
    }
    expect(rows.length).toBeGreaterThanOrEqual(8);
  });

  it('uses Indian family names in India, not in the United States', () => {
    const indian = new Set(NAMES_BY_COUNTRY.get('IN')!.family.map((f) => f.latin));
    const share = (code: string) => {
      const people = peopleOf(code);
      return people.filter((i) => hasFamily(a.names[i]!, indian)).length / people.length;
    };
    expect(share('IN')).toBeGreaterThan(0.75);
    // Khan and Patel are shared with Pakistan and Britain; the US table has none of India's.
    expect(share('US')).toBe(0);
  });

  it('writes Arabic names in Arabic script for Arabic writers and in Latin letters otherwise', () => {
    let arabic = 0;
    let latin = 0;
    for (const i of peopleOf('EG')) {
      if (LANGUAGE_CODES[a.language[i]!] === 'ar') {
        arabic++;
        expect(a.names[i]).toMatch(/[\u0600-\u06ff]/);
      } else {
        latin++;
        expect(a.names[i]).not.toMatch(/[\u0600-\u06ff]/);
      }
    }
    expect(arabic).toBeGreaterThan(0);
    expect(latin).toBeGreaterThan(0);
  });

  it('gives people handles made of their own name', () => {
    let checked = 0;
    let matching = 0;
    for (const code of CODES)
      for (const i of peopleOf(code)) {
        const handle = a.handles[i]!.toLowerCase();
        const table = NAMES_BY_COUNTRY.get(code)!;
        const given = [...table.male, ...table.female].find(
          (g) => a.names[i]!.startsWith(g.latin) || a.names[i]!.startsWith(g.native),
        );
        if (!given) continue;
        checked++;
        const family = table.family.find((f) => handle.includes(f.roman.replace(/[^a-z0-9]/g, '')));
        if (handle.includes(given.roman.replace(/[^a-z0-9]/g, '')) || family) matching++;
      }
    expect(checked).toBeGreaterThan(1000);
    expect(matching / checked).toBeGreaterThan(0.97);
  });
});
