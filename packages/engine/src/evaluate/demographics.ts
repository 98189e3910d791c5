import type { Age, AgeBand, LabelItem, TargetingPackage } from '@murmur/core/targeting';
import type { Posting } from '../bits/posting';
import type { AudienceIndex } from '../postings/audience-index';
import { bandWithin } from './age';
import { itemPostings } from './label-union';
import { resolveLabel } from './resolve-labels';
import { resolveCountry, resolveLocation } from './resolve-location';
import { selected, type UnmatchedItem } from './selected';

type Resolved = { label: string; terms: number[] };
const each = (items: LabelItem[] | undefined, resolve: (item: LabelItem) => number[]): Resolved[] =>
  selected(items).map((item) => ({ label: item.label, terms: resolve(item) }));

/** A package's demographic restriction: shared between packages that ask the same, so read-only. */
export interface DemographicFilters {
  readonly filters: readonly (readonly Posting[])[];
  readonly filterKey: string;
  readonly unmatched: readonly UnmatchedItem[];
}

const NO_FILTERS: DemographicFilters = Object.freeze({ filters: [], filterKey: '0:', unmatched: [] });
const MEMO_ENTRIES = 4096;
const memos = new WeakMap<AudienceIndex, Map<string, DemographicFilters>>();

/**
 * The demographic criterion types (ARCHITECTURE §3): location (countries and locations together),
 * language, age, gender and network operator. Within a type values are unioned; a type with no
 * selected values, or with ANY / AGE_ANY among them, does not restrict. A selected value that
 * matches nothing still restricts (to nobody), as asking for an unpopulated country should.
 *
 * Memoised per index by what the package says of these fields (`demographicSignature`): estimates
 * typed one after another mostly change a keyword under the same countries, languages and ages, and
 * resolving labels (NFKC, catalogue names, unions) was a third of an uncached estimate's own work.
 */
export function demographicFilters(index: AudienceIndex, pkg: TargetingPackage): DemographicFilters {
  const signature = demographicSignature(pkg);
  if (signature === '') return NO_FILTERS;
  let memo = memos.get(index);
  if (!memo) memos.set(index, (memo = new Map<string, DemographicFilters>()));
  let known = memo.get(signature);
  if (known === undefined) {
    known = resolveDemographics(index, pkg);
    // Bounded: anyone can send new labels. Cleared whole when full; the parts it is made of (label
    // unions, masks) have memos of their own.
    if (memo.size >= MEMO_ENTRIES) memo.clear();
    memo.set(signature, known);
  }
  return known;
}

/**
 * Everything demographicFilters reads of a package, as one string ('' when it reads nothing):
 * each item's deselected flag, id (as the resolvers read it, String(id)) and label, each string
 * prefixed with its length so that no two packages share a signature.
 */
export function demographicSignature(pkg: TargetingPackage): string {
  let out = '';
  out += labelsSignature('c', pkg.countries);
  out += labelsSignature('l', pkg.locations);
  out += labelsSignature('n', pkg.languages);
  out += labelsSignature('o', pkg.network_operators);
  const ages = pkg.age;
  if (ages !== undefined && ages.length > 0) out += `a${ages.length}:${ages.join(',')};`;
  const genders = pkg.gender;
  if (genders !== undefined && genders.length > 0) out += `g${genders.length}:${genders.join(',')};`;
  return out;
}

function labelsSignature(field: string, items: readonly LabelItem[] | undefined): string {
  if (items === undefined || items.length === 0) return '';
  let out = `${field}${items.length}:`;
  for (const item of items) {
    if (item.deselected === true) {
      out += '-;';
      continue;
    }
    const id = item.id === undefined ? '' : String(item.id);
    out += `${id.length}:${id}${item.label.length}:${item.label};`;
  }
  return out;
}

function resolveDemographics(index: AudienceIndex, pkg: TargetingPackage): DemographicFilters {
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
