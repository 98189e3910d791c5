import type { Basis, Share } from '@murmur/core/insights';
import type { AudienceIndex } from '../postings/audience-index';
import type { Field } from '../postings/fields';
import { byValue, topK } from '../util/top-k';
import type { InsightContext } from './context';
import { categoricalCounts, postCounts, profileCounts } from './counts';
import { termLabel } from './labels';
import type { ReferenceCounts } from './reference';
import { distinctiveScore, shareOf } from './share';

/** Term `t` held by `count` of `base` members, against the population, under its label. */
export const termShare = (index: AudienceIndex, t: number, count: number, base: number): Share =>
  shareOf(index.terms.value(t), termLabel(index, t), count, base, index.postings.count(t), index.population);

/** Term `t` held by `count` of `base` members, against the baseline's counts `reference`. */
export const referenceShare = (
  index: AudienceIndex,
  reference: ReferenceCounts,
  t: number,
  count: number,
  base: number,
): Share =>
  shareOf(index.terms.value(t), termLabel(index, t), count, base, reference.count(t), reference.base);

/**
 * The top values of one field by member count, with shares and affinities against `reference`.
 * `base` is the number of members the counts cover (all members for columns, the analysed sample
 * for rows). Values counted for fewer than the minimum support are hidden (the basis states the
 * minimum).
 */
export function fieldShares(
  ctx: InsightContext,
  field: Field,
  counts: Uint32Array,
  base: number,
  reference: ReferenceCounts,
  limit = ctx.options.top,
): Share[] {
  const { index } = ctx;
  const { minSupport } = ctx.options;
  const best = topK(
    index.terms.termsOf(field),
    (t) => (counts[t]! < minSupport ? 0 : counts[t]!),
    limit,
    byValue((t) => index.terms.value(t)),
  );
  return best.map((t) => referenceShare(index, reference, t, counts[t]!, base));
}

/**
 * The values most over-represented against the baseline, by the lower end of their affinity's
 * interval (distinctiveScore): each held by at least `minShare` of the members and the minimum
 * support, with a share whose 95 % interval lies above the baseline's share (above its interval
 * when the baseline is itself sampled).
 */
export function distinctiveShares(
  ctx: InsightContext,
  field: Field,
  counts: Uint32Array,
  base: number,
  reference: ReferenceCounts,
  minShare = 0.01,
  limit = ctx.options.top,
): Share[] {
  const { index } = ctx;
  const floor = Math.max(ctx.options.minSupport, Math.ceil(base * minShare));
  const score = (t: number) =>
    distinctiveScore(counts[t]!, base, reference.count(t), reference.base, floor, reference.sampled);
  const best = topK(
    index.terms.termsOf(field),
    score,
    limit,
    byValue((t) => index.terms.value(t)),
  );
  return best.map((t) => referenceShare(index, reference, t, counts[t]!, base));
}

/** One panel's counts, the number of members they cover and the basis it states. */
export interface Tally {
  basis: Basis;
  counts: Uint32Array;
  base: number;
  /** fieldShares over these counts. */
  top: (field: Field, limit?: number) => Share[];
  /** distinctiveShares over these counts (values held by at least 1 % of the members). */
  distinctive: (field: Field, limit?: number) => Share[];
  /** The baseline's counts these are compared with. */
  reference: ReferenceCounts;
}

function tally(
  ctx: InsightContext,
  basis: Basis,
  counts: Uint32Array,
  base: number,
  reference: ReferenceCounts,
): Tally {
  return {
    basis,
    counts,
    base,
    reference,
    top: (field, limit) => fieldShares(ctx, field, counts, base, reference, limit),
    distinctive: (field, limit) =>
      ctx.options.distinctive ? distinctiveShares(ctx, field, counts, base, reference, 0.01, limit) : [],
  };
}

/** Every member's single-valued fields (columns). */
export const memberTally = (ctx: InsightContext): Tally =>
  tally(ctx, ctx.allMembers, categoricalCounts(ctx), ctx.members.length, ctx.baseline.members());

/** The analysed sample's profile terms (interests, topics, movies/TV, bio words). */
export const profileTally = (ctx: InsightContext): Tally =>
  tally(ctx, ctx.sampleBasis, profileCounts(ctx), ctx.analysed.length, ctx.baseline.profile());

/** The analysed sample's post terms (words and hashtags). */
export const postTally = (ctx: InsightContext): Tally =>
  tally(ctx, ctx.sampleBasis, postCounts(ctx), ctx.analysed.length, ctx.baseline.posts());
