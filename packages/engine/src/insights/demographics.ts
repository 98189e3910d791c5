import type { DemographicsPanel } from '@murmur/core/insights';
import { parseBand } from '../evaluate/age';
import type { InsightContext } from './context';
import { categoricalCounts } from './counts';
import { fieldShares } from './field-shares';
import { termLabel } from './labels';
import { shareOf } from './share';

/** Gender, age, language, country and region of every member, against the population. */
export function demographics(ctx: InsightContext): DemographicsPanel {
  const { index } = ctx;
  const counts = categoricalCounts(ctx);
  const base = ctx.members.length;
  const bands = [...index.terms.termsOf('ageBand')].sort(
    (a, b) => (parseBand(index.terms.value(a))?.[0] ?? 999) - (parseBand(index.terms.value(b))?.[0] ?? 999),
  );
  return {
    basis: ctx.allMembers,
    gender: fieldShares(ctx, 'gender', counts, base, 3),
    ageBands: bands.map((t) =>
      shareOf(
        index.terms.value(t),
        termLabel(index, t),
        counts[t]!,
        base,
        index.postings.count(t),
        index.population,
      ),
    ),
    languages: fieldShares(ctx, 'language', counts, base),
    countries: fieldShares(ctx, 'country', counts, base),
    regions: fieldShares(ctx, 'region', counts, base),
  };
}
