import { AccountKind, type AccountTable } from '../model/accounts';
import { combine } from '../random/hash';

/**
 * Share of people and creators who use X socially: they follow friends, who follow them back. The
 * others follow for information (stars, media, topics) and are seldom followed back: Kwak et al.
 * 2010 found 67.6 % of users followed back by none of the users they follow, while 22.1 % of
 * connected pairs were mutual, so reciprocity is concentrated in a minority with many mutual ties.
 */
export const SOCIAL_SHARE = 0.22;

/** Whether account u uses X socially (fixed per account: derived from its seed, no draw). */
export function isSocial(a: AccountTable, u: number): boolean {
  const kind = a.kind[u]!;
  if (kind !== AccountKind.person && kind !== AccountKind.creator) return false;
  return combine(a.seed[u]!, 0x50c1a1) / 2 ** 32 < SOCIAL_SHARE;
}

/**
 * An information follower who is not a creator draws few followers of its own: the follow model
 * weighs it at this share of its fitness, so that few of the accounts it follows pick it by chance.
 */
const LISTENER_ATTRACTION = 0.2;
/** Above this fitness an account is followed for what it posts, whoever it is (the stars' tail). */
const ORDINARY_FITNESS = 10;

/** Weights of the follow model: fitness, lowered for ordinary information followers. */
export function attraction(a: AccountTable): Float32Array {
  const weights = Float32Array.from(a.fitness);
  for (let u = 0; u < a.count; u++)
    if (a.kind[u] === AccountKind.person && a.fitness[u]! < ORDINARY_FITNESS && !isSocial(a, u))
      weights[u]! *= LISTENER_ATTRACTION;
  return weights;
}
