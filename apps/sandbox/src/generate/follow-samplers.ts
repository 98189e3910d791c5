import { INTEREST_CATEGORY_KEYS } from '../catalogue/interest-categories';
import { INTERESTS } from '../catalogue/interests';
import { LANGUAGE_CODES } from '../catalogue/languages';
import { AccountKind, type AccountTable } from '../model/accounts';
import { AliasTable } from '../random/alias';
import type { Rng } from '../random/prng';

const CATEGORIES = INTEREST_CATEGORY_KEYS.length;

/**
 * Where follows go. Everyone follows by fitness (preferential attachment's static equivalent), but
 * mostly inside their planted community, among people sharing an interest and a language, or in
 * their country; the rest goes to the global stars. Spam follows popular accounts and random ones.
 */
export interface FollowSamplers {
  global: AliasTable;
  community: (AliasTable | undefined)[];
  /** Key: language × CATEGORIES + category; accounts with any interest in that category. */
  interest: (AliasTable | undefined)[];
  country: (AliasTable | undefined)[];
}

/** Alias tables per group: a counting sort of members by group key, weighted by fitness. */
function grouped(keys: Uint32Array, members: Uint32Array, fitness: Float32Array, groups: number) {
  const counts = new Uint32Array(groups + 1);
  for (let k = 0; k < keys.length; k++) counts[keys[k]! + 1]!++;
  for (let g = 0; g < groups; g++) counts[g + 1]! += counts[g]!;
  const items = new Uint32Array(keys.length);
  const cursor = counts.slice(0, groups);
  for (let k = 0; k < keys.length; k++) items[cursor[keys[k]!]!++] = members[k]!;
  const weights = Float64Array.from(items, (i) => fitness[i]!);
  return Array.from({ length: groups }, (_, g) => {
    const from = counts[g]!;
    const to = counts[g + 1]!;
    return to > from ? new AliasTable(weights.subarray(from, to), items.subarray(from, to)) : undefined;
  });
}

export function buildFollowSamplers(a: AccountTable, communities: number, countries: number): FollowSamplers {
  const all = Uint32Array.from({ length: a.count }, (_, i) => i);
  const interestKeys: number[] = [];
  const interestMembers: number[] = [];
  for (let i = 0; i < a.count; i++) {
    if (a.kind[i] === AccountKind.spam) continue;
    let seen = 0; // bitmask of categories already added for this account
    for (let k = a.interests.offsets[i]!; k < a.interests.offsets[i + 1]!; k++) {
      const category = INTERESTS[a.interests.values[k]!]!.category;
      if (seen & (1 << category)) continue;
      seen |= 1 << category;
      interestKeys.push(a.language[i]! * CATEGORIES + category);
      interestMembers.push(i);
    }
  }
  return {
    global: new AliasTable(a.fitness, all),
    community: grouped(Uint32Array.from(a.community), all, a.fitness, communities),
    interest: grouped(
      Uint32Array.from(interestKeys),
      Uint32Array.from(interestMembers),
      a.fitness,
      LANGUAGE_CODES.length * CATEGORIES,
    ),
    country: grouped(Uint32Array.from(a.country), all, a.fitness, countries),
  };
}

/** Channel shares for people, creators, brands and media (the rest goes global). */
const COMMUNITY = 0.55;
const INTEREST = 0.72;
const COUNTRY = 0.82;

/** One follow target for account u (may repeat or be u itself; callers deduplicate). */
export function pickTarget(s: FollowSamplers, a: AccountTable, u: number, rng: Rng): number {
  const r = rng.float();
  if (a.kind[u] === AccountKind.spam) {
    // Spam pads popular local accounts (bought followers), global stars and random accounts.
    if (r < 0.4) return (s.community[a.community[u]!] ?? s.global).sample(rng);
    if (r < 0.7) return s.global.sample(rng);
    if (r < 0.85) return (s.country[a.country[u]!] ?? s.global).sample(rng);
    return rng.int(a.count);
  }
  let table: AliasTable | undefined;
  if (r < COMMUNITY) table = s.community[a.community[u]!];
  else if (r < INTEREST) {
    const from = a.interests.offsets[u]!;
    const pick = a.interests.values[from + rng.int(a.interests.offsets[u + 1]! - from)]!;
    table = s.interest[a.language[u]! * CATEGORIES + INTERESTS[pick]!.category];
  } else if (r < COUNTRY) table = s.country[a.country[u]!];
  return (table ?? s.global).sample(rng);
}
