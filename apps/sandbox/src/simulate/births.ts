import { LocationMode, roundTripCities } from '../model/location-text';
import { INTERESTS } from '@murmur/core/x-catalogue';
import { communityOf } from '../generate/accounts';
import { pickTarget } from '../generate/follow-samplers';
import { FOLLOW_BACK_BASE, LISTENER_FOLLOW_BACK, RETURNED } from '../generate/follow-edges';
import { isSocial } from '../generate/sociality';
import { REGIONS } from '@murmur/core/x-catalogue';
import { samplePlace } from '../generate/geography';
import { drawIdentity } from '../generate/identity';
import { drawInterests, drawMovies, drawTopics } from '../generate/interests';
import { drawProfile } from '../generate/profile';
import { AccountFlag, AccountKind, isGone, type AccountTable } from '../model/accounts';
import type { Csr } from '../model/csr';
import { EventKind } from '../model/events';
import type { PostTable } from '../model/posts';
import { grownColumn } from '../model/grow';
import type { Network } from '../network';
import { poisson } from '../random/distributions';
import type { Rng } from '../random/prng';
import { diurnalFactor } from './diurnal';
import { publish } from './original-posts';
import type { EventBuffer } from './pending';

/**
 * Accounts born after the anchor. X publishes no sign-up figure; about 1 in 2 000 accounts a day is
 * a plausible order (some hundreds of thousands of sign-ups a day on a few hundred million
 * accounts): 50 a day at 100 000 accounts. At sign-up an account follows 3–10 accounts (X's
 * onboarding asks for follows), chosen as the graph's follows are; later it follows and is followed
 * like anyone, posts at its own rate and likes a few posts a day of the accounts it follows.
 */
export const BIRTH_RATES = {
  perAccountDay: 0.0005,
  signupFollowsMin: 3,
  signupFollowsMax: 10,
  likesPerDay: 3,
} as const;

export interface BirthState {
  rng: Rng;
  /** Live-born accounts in birth order. */
  born: number[];
  /** Lower-case handles in use, built on the first birth (handles stay unique). */
  taken?: Set<string>;
  /** `liker:post` pairs of live-born likes (one like per account and post). */
  liked: Set<string>;
}

/** The typed-array columns of the account table (everything but strings and CSR rows). */
const COLUMNS = [
  'ids',
  'created',
  'kind',
  'flags',
  'country',
  'region',
  'city',
  'language',
  'gender',
  'ageBand',
  'job',
  'platform',
  'operator',
  'community',
  'fitness',
  'activity',
  'priorPosts',
  'seed',
  'revision',
  'locationMode',
] as const satisfies readonly (keyof AccountTable)[];

function growCsr(csr: Csr<Uint16Array>, row: readonly number[]): Csr<Uint16Array> {
  const rows = csr.offsets.length - 1;
  const end = csr.offsets[rows]!;
  const offsets = grownColumn(csr.offsets, rows + 2);
  offsets[rows + 1] = end + row.length;
  const values = grownColumn(csr.values, end + row.length);
  values.set(row, end);
  return { offsets, values };
}

/** X's snowflake epoch (ms). */
const TWEPOCH = 1288834974657n;

/** Appends a new account at `at`: every per-account column, the graph and the simulation's grow by one. */
function bear(net: Network, births: BirthState, at: number): number {
  const { rng } = births;
  const a = net.accounts;
  const cities = roundTripCities();
  let place = samplePlace(rng);
  // Its location text names its city as the catalogue does, which the shared rule resolves back.
  for (let tries = 0; !cities[place.city] && tries < 20; tries++) place = samplePlace(rng);
  if (!cities[place.city]) return -1;
  const profile = drawProfile(rng, AccountKind.person, 1, place.country, at);
  const mine = drawInterests(rng, place.country, profile.job, AccountKind.person);
  births.taken ??= new Set(a.handles.map((h) => h.toLowerCase()));
  const identity = drawIdentity(
    rng,
    births.taken,
    AccountKind.person,
    place.language,
    profile.nameGender,
    mine,
    place.country,
  );
  const u = a.count;
  const n = u + 1;
  for (const key of COLUMNS) (a as unknown as Record<string, unknown>)[key] = grownColumn(a[key], n);
  a.handles.push(identity.handle);
  a.names.push(identity.name);
  // A new account is unverified, public and shows X's default avatar until it uploads one.
  a.ids[u] = ((BigInt(at) * 1000n - TWEPOCH) << 22n) | BigInt(u & 0x3fffff);
  a.created[u] = at;
  a.kind[u] = AccountKind.person;
  a.flags[u] = AccountFlag.liveBorn | AccountFlag.defaultAvatar;
  a.country[u] = place.country;
  a.region[u] = place.region;
  a.city[u] = place.city;
  a.language[u] = place.language;
  a.gender[u] = profile.gender;
  a.ageBand[u] = profile.ageBand;
  a.job[u] = profile.job;
  a.platform[u] = profile.platform;
  a.operator[u] = profile.operator;
  a.community[u] = communityOf(place.country, INTERESTS[mine[0]!]!.category);
  a.fitness[u] = 1;
  a.activity[u] = profile.activity;
  a.priorPosts[u] = 0;
  a.seed[u] = rng.next();
  a.locationMode[u] = LocationMode.city;
  a.interests = growCsr(a.interests, mine);
  a.topics = growCsr(a.topics, drawTopics(rng, mine, place.country));
  a.movies = growCsr(a.movies, drawMovies(rng, mine, place.language));
  a.count = n;
  net.graph.grow(n);
  const sim = net.simulation;
  // Follow-back chances as generation gives a person of fitness 1 (generate/follow-edges.ts).
  const social = isSocial(a, u);
  sim.followBack = grownColumn(sim.followBack, n);
  sim.followBack[u] = (social ? FOLLOW_BACK_BASE[AccountKind.person]! : LISTENER_FOLLOW_BACK) / (1 + 1 / 6);
  sim.returnFactor = grownColumn(sim.returnFactor, n);
  sim.returnFactor[u] = social ? RETURNED.social : RETURNED.listener;
  births.born.push(u);
  return u;
}

/** How far back a live-born account looks for a post of someone it follows to like. */
const RECENT_POSTS = 5000;

/**
 * Each author's latest post among the last `window` posts, kept up to date as posts are appended
 * (live-born accounts publish while their likes are drawn): the answer a scan back from the newest
 * post over `window` posts gives, without one scan per like.
 */
export class RecentAuthors {
  private readonly latest = new Map<number, number>();
  private read: number;

  constructor(
    private readonly posts: PostTable,
    private readonly window: number,
  ) {
    this.read = Math.max(0, posts.length - window);
  }

  /** `author`'s latest post among the last `window` posts, or -1. */
  latestOf(author: number): number {
    const { posts } = this;
    for (; this.read < posts.length; this.read++) this.latest.set(posts.author.get(this.read), this.read);
    const q = this.latest.get(author);
    return q !== undefined && q >= posts.length - this.window ? q : -1;
  }
}

/** u follows v at `at` (and v may follow back within minutes, inside the step). */
function follow(net: Network, u: number, v: number, at: number, end: number, out: EventBuffer): void {
  const { rng, followBack, returnFactor } = net.simulation;
  if (v < 0 || isGone(net.accounts, v) || !net.graph.follow(u, v)) return;
  out.push(at, EventKind.follow, u, v, -1);
  if (rng.float() < followBack[v]! * returnFactor[u]! && net.graph.follow(v, u))
    out.push(Math.min(end - 1, at + 1 + rng.int(600)), EventKind.follow, v, u, -1);
}

/**
 * The step's births (at its first second, before anything else of the step, so no event can name an
 * account that does not exist yet), then the live-born accounts' own posts and likes. A birth is
 * told to the streams by its sign-up follows (`follow.follow` carries both user objects); X's
 * Activity API has no event for a new account.
 */
export function liveBirths(net: Network, from: number, end: number, out: EventBuffer): void {
  const births = net.simulation.lifecycle?.births;
  if (!births) return;
  const { rng } = births;
  const seconds = end - from;
  const count = poisson(rng, (net.accounts.count * seconds * BIRTH_RATES.perAccountDay) / 86400);
  for (let k = 0; k < count; k++) {
    const u = bear(net, births, from);
    if (u < 0) continue;
    const follows = rng.range(BIRTH_RATES.signupFollowsMin, BIRTH_RATES.signupFollowsMax);
    for (let f = 0; f < follows; f++)
      follow(net, u, pickTarget(net.simulation.samplers, net.accounts, u, rng), from, end, out);
  }
  const { posts, accounts } = net;
  const recent = new RecentAuthors(posts, RECENT_POSTS);
  for (const u of births.born) {
    if (isGone(accounts, u)) continue;
    const utcOffset = REGIONS[accounts.region[u]!]!.utcOffset;
    const expected = (accounts.activity[u]! * seconds * diurnalFactor(from + seconds / 2, utcOffset)) / 86400;
    for (let k = poisson(rng, expected); k > 0; k--) {
      accounts.flags[u]! |= AccountFlag.posted;
      publish(net, u, from + rng.int(seconds), rng.next(), -1, out);
    }
    for (let k = poisson(rng, (BIRTH_RATES.likesPerDay * seconds) / 86400); k > 0; k--) {
      // A recent post of someone it follows.
      const following = net.graph.following(u);
      if (following.length === 0) break;
      const v = following[rng.int(following.length)]!;
      const p = recent.latestOf(v);
      const at = from + rng.int(seconds);
      if (p < 0 || posts.deleted.get(p) || posts.time.get(p) > at || births.liked.has(`${u}:${p}`)) continue;
      births.liked.add(`${u}:${p}`);
      posts.likes.add(p, 1);
      out.push(at, EventKind.like, u, v, p);
    }
  }
}
