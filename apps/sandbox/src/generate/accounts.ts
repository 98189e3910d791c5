import type { SandboxConfig } from '../config';
import { INTEREST_CATEGORIES } from '@murmur/core/x-catalogue';
import { INTERESTS } from '@murmur/core/x-catalogue';
import { POPULATED_COUNTRIES } from '@murmur/core/x-catalogue';
import type { AccountTable } from '../model/accounts';
import { CsrBuilder } from '../model/csr';
import { streamRng } from '../random/prng';
import { assignAccountIds } from './account-ids';
import { samplePlace } from './geography';
import { drawIdentity } from './identity';
import { drawInterests, drawMovies, drawTopics } from './interests';
import { drawKind, drawProfile } from './profile';

/**
 * Planted communities: accounts sharing a country and a primary interest category. The follow model
 * prefers them, which is what the stats command measures modularity against.
 */
export function communityOf(country: number, primaryCategory: number): number {
  const slot = POPULATED_COUNTRIES.findIndex((c) => c.index === country);
  return slot * INTEREST_CATEGORIES.length + primaryCategory;
}

export const COMMUNITY_COUNT = POPULATED_COUNTRIES.length * INTEREST_CATEGORIES.length;

/** Generates every account attribute; `start` is the beginning of simulated history. */
export function generateAccounts(config: SandboxConfig, start: number): AccountTable {
  const n = config.accounts;
  const rng = streamRng(config.seed, 'accounts');
  const t: AccountTable = {
    count: n,
    ids: new BigUint64Array(n),
    handles: new Array<string>(n),
    names: new Array<string>(n),
    created: new Uint32Array(n),
    kind: new Uint8Array(n),
    flags: new Uint8Array(n),
    country: new Uint8Array(n),
    region: new Uint16Array(n),
    city: new Uint16Array(n),
    language: new Uint8Array(n),
    gender: new Uint8Array(n),
    ageBand: new Uint8Array(n),
    job: new Uint16Array(n),
    platform: new Uint8Array(n),
    operator: new Uint16Array(n),
    community: new Uint16Array(n),
    fitness: new Float32Array(n),
    activity: new Float32Array(n),
    priorPosts: new Uint32Array(n),
    revision: new Uint8Array(n),
    locationMode: new Uint8Array(n),
    seed: new Uint32Array(n),
    interests: { offsets: new Uint32Array(1), values: new Uint16Array(0) },
    topics: { offsets: new Uint32Array(1), values: new Uint16Array(0) },
    movies: { offsets: new Uint32Array(1), values: new Uint16Array(0) },
  };
  const interests = new CsrBuilder();
  const topics = new CsrBuilder();
  const movies = new CsrBuilder();
  const taken = new Set<string>();
  // Fitness is capped at n/5: with a Pareto exponent of 1 a single outlier could otherwise absorb most
  // "follow a star" picks of a small network. The cap sits far above the tail the stats measure.
  const maxFitness = n / 5;
  for (let i = 0; i < n; i++) {
    const place = samplePlace(rng);
    const drawn = drawKind(rng);
    const kind = drawn.kind;
    const fitness = Math.min(drawn.fitness, maxFitness);
    const profile = drawProfile(rng, kind, fitness, place.country, start);
    const mine = drawInterests(rng, place.country, profile.job, kind);
    const identity = drawIdentity(rng, taken, kind, place.language, profile.nameGender, mine, place.country);
    t.handles[i] = identity.handle;
    t.names[i] = identity.name;
    t.created[i] = profile.created;
    t.kind[i] = kind;
    t.flags[i] = profile.flags;
    t.country[i] = place.country;
    t.region[i] = place.region;
    t.city[i] = place.city;
    t.language[i] = place.language;
    t.gender[i] = profile.gender;
    t.ageBand[i] = profile.ageBand;
    t.job[i] = profile.job;
    t.platform[i] = profile.platform;
    t.operator[i] = profile.operator;
    t.community[i] = communityOf(place.country, INTERESTS[mine[0]!]!.category);
    t.fitness[i] = fitness;
    t.activity[i] = profile.activity;
    t.priorPosts[i] = profile.priorPosts;
    t.seed[i] = rng.next();
    interests.addRow(mine);
    topics.addRow(drawTopics(rng, mine, place.country));
    movies.addRow(drawMovies(rng, mine, place.language));
  }
  t.interests = interests.build16();
  t.topics = topics.build16();
  t.movies = movies.build16();
  t.ids = assignAccountIds(t.created, streamRng(config.seed, 'account-ids'));
  return t;
}
