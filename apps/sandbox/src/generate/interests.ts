import { CONVERSATION_TOPICS, TOPICS_BY_INTEREST } from '@murmur/core/x-catalogue';
import { categoryIndex, INTEREST_CATEGORY_KEYS } from '@murmur/core/x-catalogue';
import { INTERESTS } from '@murmur/core/x-catalogue';
import { JOB_CATEGORIES, JOB_TITLES, NO_JOB } from '@murmur/core/x-catalogue';
import { LANGUAGE_CODES } from '@murmur/core/x-catalogue';
import { COUNTRIES } from '@murmur/core/x-catalogue';
import { MOVIES_TV_SHOWS } from '@murmur/core/x-catalogue';
import { AccountKind } from '../model/accounts';
import { poisson, weightedIndex } from '../random/distributions';
import type { Rng } from '../random/prng';
import { tastesOf } from './interest-weights';

const MEDIA_FOCUS = new Map([
  [categoryIndex('politics'), 6],
  [categoryIndex('sports'), 2],
  [categoryIndex('technology'), 1.5],
  [categoryIndex('business'), 1.5],
]);
const MOVIES_TV = categoryIndex('movies-tv');
const INTEREST_CATEGORY_COUNT = INTEREST_CATEGORY_KEYS.length;
const MEDIA = AccountKind.media;
const BRAND = AccountKind.brand;
/** Category indices each job title leans towards (precomputed: this runs once per account). */
const JOB_AFFINITY: readonly (readonly number[])[] = JOB_TITLES.map((t) =>
  JOB_CATEGORIES[t.category]!.interests.map(categoryIndex),
);
const categoryScratch = new Float64Array(INTEREST_CATEGORY_COUNT);
const movieScratch = new Float64Array(MOVIES_TV_SHOWS.length);
/** Base weights of each title per language: titles are mostly watched in their own language. */
const MOVIE_WEIGHTS: readonly Float64Array[] = LANGUAGE_CODES.map((lang) =>
  Float64Array.from(MOVIES_TV_SHOWS, (m) => (m.language === lang ? 6 : 0.3)),
);

/**
 * An account's interests: a primary category (country taste × job affinity), a few more categories,
 * and one or two subcategories in each. The primary category decides its community.
 */
export function drawInterests(rng: Rng, country: number, job: number, kind: number): number[] {
  const tastes = tastesOf(country);
  // A module-level scratch copy: TypedArray#slice costs ~1 µs, which adds up over a million accounts.
  const weights = categoryScratch;
  weights.set(tastes.categoryWeights);
  if (job !== NO_JOB) for (const c of JOB_AFFINITY[job]!) weights[c]! *= 3;
  if (kind === MEDIA) for (const [c, f] of MEDIA_FOCUS) weights[c]! *= f;
  const categories = kind === BRAND ? 1 : kind === MEDIA ? 2 : 1 + Math.min(4, poisson(rng, 1.4));
  const interests: number[] = [];
  for (let k = 0; k < categories; k++) {
    const category = weightedIndex(rng, weights);
    weights[category] = 0;
    const subs = tastes.subcategories[category]!;
    const wanted = rng.chance(0.35) ? 2 : 1;
    for (let attempt = 0, added = 0; attempt < 4 && added < wanted; attempt++) {
      const interest = subs.sample(rng);
      if (!interests.includes(interest)) {
        interests.push(interest);
        added++;
      }
    }
  }
  return interests;
}

/** Conversation topics follow interests; league-like topics mostly stay in their countries. */
export function drawTopics(rng: Rng, interests: readonly number[], country: number): number[] {
  const code = COUNTRIES[country]!.code;
  const topics: number[] = [];
  for (const interest of interests) {
    for (const t of TOPICS_BY_INTEREST.get(interest) ?? []) {
      const local = CONVERSATION_TOPICS[t]!.countries;
      const p = local.length === 0 || local.includes(code) ? 0.55 : 0.03;
      if (topics.length < 8 && rng.chance(p)) topics.push(t);
    }
  }
  return topics;
}

/** Movies and shows: mostly in the account's language and matching its interests. */
export function drawMovies(rng: Rng, interests: readonly number[], language: number): number[] {
  const fan = interests.some((i) => INTERESTS[i]!.category === MOVIES_TV);
  if (!fan && !rng.chance(0.15)) return [];
  const weights = movieScratch;
  weights.set(MOVIE_WEIGHTS[language]!);
  for (let m = 0; m < weights.length; m++)
    if (interests.includes(MOVIES_TV_SHOWS[m]!.interest)) weights[m]! *= 4;
  const count = fan ? rng.range(1, 4) : 1;
  const picks: number[] = [];
  for (let k = 0; k < count; k++) {
    const m = weightedIndex(rng, weights);
    weights[m] = 0;
    picks.push(m);
  }
  return picks;
}
