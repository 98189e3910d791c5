import type { LabelItem, TargetingPackage } from '@murmur/core/targeting';
import type { Posting } from '../bits/posting';
import type { AudienceIndex } from '../index/audience-index';
import { bandWithin } from './age';
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
): { filters: Posting[][]; unmatched: UnmatchedItem[] } {
  const { terms, postings } = index;
  const unmatched: UnmatchedItem[] = [];
  const filters: Posting[][] = [];
  const restrict = (criterion: string, values: Resolved[]) => {
    if (values.length === 0) return;
    for (const v of values) if (v.terms.length === 0) unmatched.push({ criterion, label: v.label });
    filters.push(values.flatMap((v) => v.terms).map((t) => postings.get(t)));
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
  if (ages.length > 0 && !ages.includes('AGE_ANY')) {
    const bands = terms.termsOf('ageBand').filter((t) => ages.some((age) => bandWithin(terms.value(t), age)));
    filters.push(bands.map((t) => postings.get(t)));
  }
  const genders = pkg.gender ?? [];
  if (genders.length > 0 && !genders.includes('ANY')) {
    filters.push(genders.flatMap((g) => terms.find('gender', g) ?? []).map((t) => postings.get(t)));
  }
  return { filters, unmatched };
}
