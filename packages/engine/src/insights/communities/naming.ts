import type { Share } from '@murmur/core/insights';
import { communityName as nameFromParts } from '@murmur/core/targeting';
import type { AudienceIndex } from '../../postings/audience-index';
import type { Field } from '../../postings/fields';
import { byValue, topK } from '../../util/top-k';
import { termShare } from '../field-shares';
import { MIN_SUPPORT } from '../share';

/**
 * The terms of a field that set a group apart: score = count · ln(affinity), the group's
 * contribution to the KL divergence from the population, so a term must be both common in the
 * group and rarer outside. Terms below 5 % of the group (or the minimum support) are ignored.
 */
export function distinctiveTerms(
  index: AudienceIndex,
  field: Field,
  counts: Uint32Array,
  groupSize: number,
  limit: number,
): Share[] {
  const floor = Math.max(MIN_SUPPORT, Math.ceil(groupSize * 0.05));
  // Only terms at the floor can score: picked out first in a plain loop, rather than a scoring call
  // for each of the field's tens of thousands.
  const terms = index.terms.termsOf(field);
  const candidates: number[] = [];
  for (let i = 0; i < terms.length; i++) if (counts[terms[i]!]! >= floor) candidates.push(terms[i]!);
  const score = (t: number) => {
    const c = counts[t]!;
    const population = index.postings.count(t);
    if (population === 0) return 0;
    return c * Math.log(c / groupSize / (population / index.population));
  };
  return topK(
    candidates,
    score,
    limit,
    byValue((t) => index.terms.value(t)),
  ).map((t) => termShare(index, t, counts[t]!, groupSize));
}

/**
 * "Physics · Astronomy": the top distinctive interests' last part, a bio word when fewer — core's
 * communityName, so Japanese screens can name the community again from the same parts.
 */
export function communityName(interests: Share[], words: Share[], fallback: string): string {
  return nameFromParts(
    interests.map((s) => s.label),
    words.map((s) => s.label),
    fallback,
  );
}
