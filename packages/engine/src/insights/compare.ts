import type { AudienceComparison, Difference } from '@murmur/core/insights';
import type { AccountSet } from '../bits/account-set';
import { countAnd } from '../bits/bitset';
import type { Audience } from '../evaluate/evaluate';
import type { AudienceIndex } from '../postings/audience-index';
import type { Field } from '../postings/fields';
import { InsightContext, type InsightsOptions } from './context';
import { categoricalCounts, profileCounts } from './counts';
import { termLabel } from './labels';

const DIMENSIONS: ReadonlyArray<[string, Field, 'columns' | 'rows']> = [
  ['gender', 'gender', 'columns'],
  ['age', 'ageBand', 'columns'],
  ['languages', 'language', 'columns'],
  ['countries', 'country', 'columns'],
  ['interests', 'interest', 'rows'],
];

function differences(
  a: InsightContext,
  b: InsightContext,
  name: string,
  field: Field,
  kind: 'columns' | 'rows',
) {
  const counts = (ctx: InsightContext) => (kind === 'columns' ? categoricalCounts(ctx) : profileCounts(ctx));
  const base = (ctx: InsightContext) =>
    Math.max(1, kind === 'columns' ? ctx.members.length : ctx.analysed.length);
  const [ca, cb, ba, bb] = [counts(a), counts(b), base(a), base(b)];
  return a.index.terms
    .termsOf(field)
    .filter((t) => ca[t]! + cb[t]! > 0)
    .map((t): Difference => {
      const [shareA, shareB] = [ca[t]! / ba, cb[t]! / bb];
      const key = a.index.terms.value(t);
      return {
        dimension: name,
        key,
        label: termLabel(a.index, t),
        shareA,
        shareB,
        difference: shareA - shareB,
      };
    })
    .sort((x, y) => Math.abs(y.difference) - Math.abs(x.difference));
}

/** Overlap of two audiences and where they differ most (gender, age, language, country, interests). */
export function compareAudiences(
  index: AudienceIndex,
  a: Audience | AccountSet,
  b: Audience | AccountSet,
  options: InsightsOptions & { perDimension?: number } = {},
): AudienceComparison {
  const [ca, cb] = [new InsightContext(index, a, options), new InsightContext(index, b, options)];
  const overlap = countAnd(ca.set.bits, cb.set.bits);
  const [sizeA, sizeB] = [ca.members.length, cb.members.length];
  const byDimension: Record<string, Difference[]> = {};
  for (const [name, field, kind] of DIMENSIONS) {
    byDimension[name] = differences(ca, cb, name, field, kind).slice(0, options.perDimension ?? 10);
  }
  const all = Object.values(byDimension).flat();
  return {
    sizeA,
    sizeB,
    overlap,
    shareOfAInB: sizeA > 0 ? overlap / sizeA : 0,
    shareOfBInA: sizeB > 0 ? overlap / sizeB : 0,
    jaccard: sizeA + sizeB - overlap > 0 ? overlap / (sizeA + sizeB - overlap) : 0,
    differences: all
      .sort((x, y) => Math.abs(y.difference) - Math.abs(x.difference))
      .slice(0, options.top ?? 20),
    byDimension,
  };
}
