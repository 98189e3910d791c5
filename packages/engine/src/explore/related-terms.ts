import type { AccountSet } from '../bits/account-set';
import type { AudienceIndex } from '../postings/audience-index';
import type { Field } from '../postings/fields';
import { InsightContext } from '../insights/context';
import { postCounts, profileCounts } from '../insights/counts';
import { byValue, topK } from '../util/top-k';

export interface RelatedTerm {
  term: string;
  /** Lift: share of the matching accounts using it / share of all accounts using it. */
  affinity: number;
  /** Matching accounts using it (in the analysed sample, scaled to all matching accounts). */
  count: number;
}

const FIELDS: readonly Field[] = ['bioWord', 'postWord', 'hashtag'];

/**
 * Terms that co-occur with a keyword: over the accounts matching it (sampled like the insights
 * panels), each bio word, post word and hashtag scored by lift against the population. A term
 * needs at least 2 % of the matching accounts (and 3 of them) so that rare words with a lucky hit
 * do not top the list. A word found both in bios and in posts keeps its better lift.
 */
export function relatedTerms(
  index: AudienceIndex,
  matching: AccountSet,
  exclude: readonly string[],
  limit: number,
): RelatedTerm[] {
  const ctx = new InsightContext(index, matching);
  const base = ctx.analysed.length;
  if (base === 0) return [];
  const floor = Math.max(3, Math.ceil(base * 0.02));
  const excluded = new Set(exclude);
  const best = new Map<string, RelatedTerm>();
  for (const field of FIELDS) {
    const counts = field === 'bioWord' ? profileCounts(ctx) : postCounts(ctx);
    const lift = (t: number) => {
      const c = counts[t]!;
      const population = index.postings.count(t);
      if (c < floor || population === 0 || excluded.has(index.terms.value(t))) return 0;
      return c / base / (population / index.population);
    };
    for (const t of topK(
      index.terms.termsOf(field),
      lift,
      limit,
      byValue((t) => index.terms.value(t)),
    )) {
      const term = index.terms.value(t);
      const affinity = lift(t);
      if (affinity <= (best.get(term)?.affinity ?? 0)) continue;
      best.set(term, { term, affinity, count: ctx.scaleUp(counts[t]!) });
    }
  }
  return [...best.values()].sort((a, b) => b.affinity - a.affinity || b.count - a.count).slice(0, limit);
}
