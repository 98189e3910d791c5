import type { Age, AgeBand, LabelItem, TargetingPackage } from '@murmur/core/targeting';
import type { Posting } from '../bits/posting';
import type { AudienceIndex } from '../index/audience-index';
import { bandWithin } from './age';
import { itemPostings } from './label-union';
import { resolveLabel } from './resolve-labels';
import { resolveCountry, resolveLocation } from './resolve-location';
import { selected, type UnmatchedItem } from './selected';

type Resolved = { label: string; terms: number[] };
const each = (items: LabelItem[] | undefined, resolve: (item: LabelItem) => number[]): Resolved[] =>
  selected(items).map((item) => ({ label: item.label, terms: resolve(item) }));

/**
 * The demographic criterion types (ARCHITECTURE §3): location (countries and locations together),
 * language, age, gender and network operator. Within a type values are unioned; a type with no
 * selected values, or with ANY / AGE_ANY among them, does not restrict. A selected value that
 * matches nothing still restricts (to nobody), as asking for an unpopulated country should.
 */
export function demographicFilters(
  index: AudienceIndex,
  pkg: TargetingPackage,
): { filters: Posting[][]; filterKey: string; unmatched: UnmatchedItem[] } {
  const { terms } = index;
  const unmatched: UnmatchedItem[] = [];
  const filters: Posting[][] = [];
  const ids: number[][] = [];
  const push = (termIds: number[]) => {
    ids.push(termIds);
    // Several values (AGE_OVER_18's five bands) are one memoised union: a new restriction's mask is
    // then built from one operand per criterion type, not one per value.
    filters.push(itemPostings(index, termIds));
  };
  const restrict = (criterion: string, values: Resolved[]) => {
    if (values.length === 0) return;
    for (const v of values) if (v.terms.length === 0) unmatched.push({ criterion, label: v.label });
    push(values.flatMap((v) => v.terms));
  };
  restrict('location', [
    ...each(pkg.countries, (item) => resolveCountry(index, item)),
    ...each(pkg.locations, (item) => resolveLocation(index, item)),
  ]);
  restrict(
    'languages',
    each(pkg.languages, (item) => resolveLabel(index, 'language', 'languages', item)),
  );
  restrict(
    'network_operators',
    each(pkg.network_operators, (item) => resolveLabel(index, 'operator', 'network_operators', item)),
  );
  const ages = pkg.age ?? [];
  if (ages.length > 0 && !ages.includes('AGE_ANY')) push(ageBandTerms(index, ages));
  const genders = pkg.gender ?? [];
  if (genders.length > 0 && !genders.includes('ANY')) {
    push(genders.flatMap((g) => terms.find('gender', g) ?? []));
  }
  // The filters' term ids, in order: the same key means the same restriction (evaluate/filter-mask.ts).
  // The count leads, so a filter matching nothing ("[]") never shares the key of no filter at all.
  return { filters, filterKey: `${ids.length}:${ids.map((t) => t.join(',')).join('|')}`, unmatched };
}

const ageBandMemos = new WeakMap<AudienceIndex, Map<string, number[]>>();

/** The index's age bands that fall wholly inside any of the SPEC §3 age values (memoised per index). */
function ageBandTerms(index: AudienceIndex, ages: readonly (Age | AgeBand)[]): number[] {
  let memo = ageBandMemos.get(index);
  if (!memo) ageBandMemos.set(index, (memo = new Map<string, number[]>()));
  const key = ages.join(',');
  let bands = memo.get(key);
  if (bands === undefined) {
    const { terms } = index;
    bands = terms.termsOf('ageBand').filter((t) => ages.some((age) => bandWithin(terms.value(t), age)));
    // Ages come from a closed vocabulary, so the memo stays small; bounded all the same.
    if (memo.size >= 256) memo.clear();
    memo.set(key, bands);
  }
  return bands;
}
