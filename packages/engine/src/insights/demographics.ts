import type { DemographicsPanel } from '@murmur/core/insights';
import { parseBand } from '../evaluate/age';
import type { InsightContext } from './context';
import { memberTally, referenceShare } from './field-shares';

/** Gender, age, language, country and region of every member, against the baseline. */
export function demographics(ctx: InsightContext): DemographicsPanel {
  const { index } = ctx;
  const { basis, counts, base, top, reference } = memberTally(ctx);
  const bands = [...index.terms.termsOf('ageBand')].sort(
    (a, b) => (parseBand(index.terms.value(a))?.[0] ?? 999) - (parseBand(index.terms.value(b))?.[0] ?? 999),
  );
  return {
    basis,
    gender: top('gender', 3),
    ageBands: bands.map((t) => referenceShare(index, reference, t, counts[t]!, base)),
    languages: top('language'),
    countries: top('country'),
    regions: top('region'),
  };
}
