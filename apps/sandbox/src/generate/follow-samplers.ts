import { INTEREST_CATEGORY_KEYS } from '@murmur/core/x-catalogue';
import { INTERESTS } from '@murmur/core/x-catalogue';
import { LANGUAGE_CODES } from '@murmur/core/x-catalogue';
import { AccountKind, type AccountTable } from '../model/accounts';
import { AliasTable } from '../random/alias';
import type { Rng } from '../random/prng';
import { attraction, isSocial } from './sociality';

const CATEGORIES = INTEREST_CATEGORY_KEYS.length;

/**
 * Where follows go. Everyone follows by fitness (preferential attachment's static equivalent), but
 * mostly inside their planted community, among people sharing an interest and a language, or in
 * their country; the rest goes to the global stars. Spam follows popular accounts and random ones.
 */
export interface FollowSamplers {
  global: AliasTable;
  community: (AliasTable | undefined)[];
  /**
   * Social accounts (friends to be) per community and per country, weighted by √fitness (circles
   * are flatter than fame). A community's circle is used once it is large enough to hold one.
   */
  circle: (AliasTable | undefined)[];
  countryCircle: (AliasTable | undefined)[];
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
  const weights = attraction(a);
  const circleKeys: number[] = [];
  const circleMembers: number[] = [];
  const countryKeys: number[] = [];
  for (let i = 0; i < a.count; i++)
    if (isSocial(a, i)) {
      circleKeys.push(a.community[i]!);
      countryKeys.push(a.country[i]!);
      circleMembers.push(i);
    }
  const friendliness = Float32Array.from(a.fitness, Math.sqrt);
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
    global: new AliasTable(weights, all),
    community: grouped(Uint32Array.from(a.community), all, weights, communities),
    circle: grouped(Uint32Array.from(circleKeys), Uint32Array.from(circleMembers), friendliness, communities),
    countryCircle: grouped(
      Uint32Array.from(countryKeys),
      Uint32Array.from(circleMembers),
      friendliness,
      countries,
    ),
    interest: grouped(
      Uint32Array.from(interestKeys),
      Uint32Array.from(interestMembers),
      weights,
      LANGUAGE_CODES.length * CATEGORIES,
    ),
    country: grouped(Uint32Array.from(a.country), all, weights, countries),
  };
}

/**
 * Cumulative channel shares (social circle, community, interest, country; the rest goes global).
 * Social accounts follow mostly friends, who return the follow; information followers, brands and
 * media mostly topics and stars.
 */
const SOCIAL_CHANNELS = [0.5, 0.75, 0.85, 0.92] as const;
const OTHER_CHANNELS = [0, 0.4, 0.65, 0.77] as const;
/** Fewer social accounts than this in a community: friends come from the whole country. */
const CIRCLE_SIZE = 40;

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
  const [CIRCLE, COMMUNITY, INTEREST, COUNTRY] = isSocial(a, u) ? SOCIAL_CHANNELS : OTHER_CHANNELS;
  if (r < CIRCLE) {
    table = s.circle[a.community[u]!];
    if (!table || table.size < CIRCLE_SIZE) table = s.countryCircle[a.country[u]!];
  } else if (r < COMMUNITY) table = s.community[a.community[u]!];
  else if (r < INTEREST) {
    const from = a.interests.offsets[u]!;
    const pick = a.interests.values[from + rng.int(a.interests.offsets[u + 1]! - from)]!;
    table = s.interest[a.language[u]! * CATEGORIES + INTERESTS[pick]!.category];
  } else if (r < COUNTRY) table = s.country[a.country[u]!];
  return (table ?? s.global).sample(rng);
}
