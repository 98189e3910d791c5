import { JOB_CATEGORIES, NO_JOB } from '@murmur/core/x-catalogue';
import { AccountFlag, AccountKind, Gender } from '../model/accounts';
import { AliasTable } from '../random/alias';
import { exponential, logNormal, pareto, weightedIndex } from '../random/distributions';
import type { Rng } from '../random/prng';
import { drawDevice } from './device';

/** Share of spam and fake accounts (target 15–20 %). */
export const SPAM_SHARE = 0.17;
/**
 * Pareto exponent of fitness. Expected in-degree grows with fitness, so the in-degree density tail
 * exponent would be FITNESS_ALPHA + 1 = 2; community saturation and follow-backs steepen it to the
 * measured ≈ 2.2–2.4, inside X-like 2.0–2.5.
 */
export const FITNESS_ALPHA = 1.0;
/**
 * The top 0.3 % by fitness are celebrities, brands and media, and some ordinary people whose posts
 * caught on (X's most followed include a few of them); the next ~2 % are partly creators.
 */
const CELEBRITY_FITNESS = Math.pow(0.003, -1 / FITNESS_ALPHA);
const CREATOR_FITNESS = Math.pow(0.02, -1 / FITNESS_ALPHA);

export interface Profile {
  kind: number;
  fitness: number;
  /** Inferred gender (may be unknown). */
  gender: number;
  /** Gender of the first name the account uses. */
  nameGender: number;
  ageBand: number;
  job: number;
  flags: number;
  platform: number;
  operator: number;
  created: number;
  activity: number;
  priorPosts: number;
}

export function drawKind(rng: Rng): { kind: number; fitness: number } {
  if (rng.chance(SPAM_SHARE)) return { kind: AccountKind.spam, fitness: 0.02 + rng.float() * 0.2 };
  const fitness = pareto(rng, 1, FITNESS_ALPHA);
  if (fitness >= CELEBRITY_FITNESS) {
    const r = rng.float();
    return {
      kind:
        r < 0.3
          ? AccountKind.brand
          : r < 0.43
            ? AccountKind.media
            : r < 0.8
              ? AccountKind.creator
              : AccountKind.person,
      fitness,
    };
  }
  if (fitness >= CREATOR_FITNESS && rng.chance(0.35)) return { kind: AccountKind.creator, fitness };
  return { kind: AccountKind.person, fitness };
}

// X skews young and male; ~12 % of accounts have no inferred age.
const AGE_WEIGHTS = Float64Array.of(12, 5, 9, 13, 27, 22, 5, 7);
const jobCategoryTable = new AliasTable(JOB_CATEGORIES.map((c) => c.weight));
const CREATIVE_JOBS = ['Entertainment', 'Artist', 'News'].map((n) =>
  JOB_CATEGORIES.findIndex((c) => c.name === n),
);
const STUDENT = JOB_CATEGORIES.flatMap((c) => c.titles).find((t) => t.key === 'student')!.index;

function drawJob(rng: Rng, kind: number, ageBand: number): number {
  if (kind === AccountKind.brand || kind === AccountKind.media || kind === AccountKind.spam) return NO_JOB;
  if (ageBand >= 1 && ageBand <= 2 && rng.chance(0.7)) return STUDENT;
  if (!rng.chance(kind === AccountKind.creator ? 0.85 : 0.68)) return NO_JOB;
  const category =
    kind === AccountKind.creator && rng.chance(0.7) ? rng.pick(CREATIVE_JOBS) : jobCategoryTable.sample(rng);
  return rng.pick(JOB_CATEGORIES[category]!.titles).index;
}

/** Year weights of account creation on X (sign-up waves of 2009–2012 and 2020–2022). */
const YEAR_WEIGHTS = Float64Array.of(
  0.2,
  0.8,
  5,
  6,
  7,
  7,
  6,
  5,
  4.5,
  4,
  4,
  4,
  4.5,
  6,
  5,
  5.5,
  5,
  4,
  3.5,
  1.5,
);
/** Organisations and celebrities mostly joined early. */
const EARLY_YEAR_WEIGHTS = YEAR_WEIGHTS.map((w, i) => (i < 9 ? w * 3 : w));
const FIRST_YEAR = 2007;

function drawCreated(rng: Rng, kind: number, start: number): number {
  if (kind === AccountKind.spam) {
    // Tell-tale: spam accounts are days to weeks old.
    return Math.floor(start - 3600 - exponential(rng, 40 * 86400));
  }
  const weights = kind === AccountKind.person ? YEAR_WEIGHTS : EARLY_YEAR_WEIGHTS;
  const year = FIRST_YEAR + weightedIndex(rng, weights);
  const from = Date.UTC(year, 0, 1) / 1000;
  const to = Math.min(Date.UTC(year + 1, 0, 1) / 1000, start - 86400);
  return Math.floor(from + rng.float() * Math.max(0, to - from));
}

function drawActivity(rng: Rng, kind: number): number {
  switch (kind) {
    case AccountKind.media:
      return logNormal(rng, 12, 0.6);
    case AccountKind.brand:
      return logNormal(rng, 1.2, 0.6);
    case AccountKind.creator:
      return logNormal(rng, 2, 0.7);
    case AccountKind.spam:
      // Fake followers never post; bots post in bursts (simulate/original-posts.ts), rate in bursts/day.
      return rng.chance(0.4) ? logNormal(rng, 0.04, 0.5) : 0;
    default:
      return logNormal(rng, 0.06, 1.2);
  }
}

/** Everything about an account except where it lives, its words and its name. */
export function drawProfile(
  rng: Rng,
  kind: number,
  fitness: number,
  country: number,
  start: number,
): Profile {
  const organisation = kind === AccountKind.brand || kind === AccountKind.media;
  const spam = kind === AccountKind.spam;
  // Inference reads the first name; it fails for organisations and for some people.
  const nameGender = rng.chance(0.58) ? Gender.male : Gender.female;
  const gender = organisation || rng.chance(spam ? 0.3 : 0.1) ? Gender.unknown : nameGender;
  const ageBand = organisation ? 0 : weightedIndex(rng, AGE_WEIGHTS);
  const verifiedChance = organisation ? 0.9 : kind === AccountKind.creator ? 0.3 : spam ? 0.002 : 0.005;
  let flags = rng.chance(verifiedChance) ? AccountFlag.verified : 0;
  if (kind === AccountKind.person && rng.chance(0.06)) flags |= AccountFlag.protected;
  if (spam ? rng.chance(0.7) : kind === AccountKind.person && rng.chance(0.04))
    flags |= AccountFlag.defaultAvatar;
  const created = drawCreated(rng, kind, start);
  const activity = drawActivity(rng, kind);
  const ageDays = (start - created) / 86400;
  return {
    kind,
    fitness,
    gender,
    nameGender,
    ageBand,
    job: drawJob(rng, kind, ageBand),
    flags,
    ...drawDevice(rng, country),
    created,
    activity,
    priorPosts: Math.round(spam ? rng.range(0, 40) : activity * ageDays * (0.3 + rng.float())),
  };
}
