import { LANGUAGE_CODES, X_LANGUAGE_REFERENCE } from '@murmur/core/x-catalogue';
import { COUNTRIES, POPULATED_COUNTRIES } from '@murmur/core/x-catalogue';
import type { AccountTable } from '../model/accounts';

export interface Share {
  key: string;
  observed: number;
  reference: number;
}

function shares(values: ArrayLike<number>, size: number): number[] {
  const counts = new Array<number>(size).fill(0);
  for (let i = 0; i < values.length; i++) counts[values[i]!]!++;
  return counts.map((c) => c / Math.max(1, values.length));
}

/** Account languages against X's published language mix. */
export function languageMix(a: AccountTable): Share[] {
  const observed = shares(a.language, LANGUAGE_CODES.length);
  return LANGUAGE_CODES.map((code, l) => ({
    key: code,
    observed: observed[l]!,
    reference: X_LANGUAGE_REFERENCE[code],
  }));
}

/** Account countries against X's audience by country (the catalogue's `audience` figures). */
export function countryMix(a: AccountTable): Share[] {
  const observed = shares(a.country, COUNTRIES.length);
  const total = POPULATED_COUNTRIES.reduce((s, c) => s + c.audience, 0);
  return POPULATED_COUNTRIES.map((c) => ({
    key: c.code,
    observed: observed[c.index]!,
    reference: c.audience / total,
  }));
}

/** Total variation distance: half the summed absolute share differences (0 identical, 1 disjoint). */
export function distance(mix: readonly Share[]): number {
  return mix.reduce((s, x) => s + Math.abs(x.observed - x.reference), 0) / 2;
}
