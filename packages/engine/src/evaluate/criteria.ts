import { MAX_HANDLES, type TargetingPackage } from '@murmur/core/targeting';
import type { Posting } from '../bits/posting';
import type { AudienceIndex } from '../postings/audience-index';
import { normaliseHashtag } from '../text/tokenise';
import { demographicFilters } from './demographics';
import { keywordPostings } from './keyword';
import { itemPostings } from './label-union';
import { resolveLabel } from './resolve-labels';
import { anySelected, itemText, selected, type UnmatchedItem } from './selected';

/** A package turned into postings: what to union, and what to intersect the union with. */
export interface Criteria {
  /** Whether the package has any selected primary item (matched or not). */
  hasPrimary: boolean;
  primary: Posting[];
  /** One list per demographic criterion type: values unioned within it, types intersected. */
  filters: readonly (readonly Posting[])[];
  /** The filters' term ids: equal keys are equal restrictions (evaluate/filter-mask.ts). */
  filterKey: string;
  unmatched: UnmatchedItem[];
  /** SPEC §8/§9: more than MAX_HANDLES handles were selected; only the first ones were applied. */
  handlesTruncated: boolean;
}

const LABELLED = [
  ['interests', 'interest', 'interests'],
  ['conversation_topics', 'topic', 'conversations'],
  ['movies_tv_shows', 'movie', 'movies_and_tv_shows'],
] as const;

function addItem(
  primary: Posting[],
  unmatched: UnmatchedItem[],
  criterion: string,
  label: string,
  postings: readonly Posting[],
): void {
  if (postings.length === 0) unmatched.push({ criterion, label });
  for (const p of postings) primary.push(p);
}

/**
 * X's primary criteria (ARCHITECTURE §3): followers of handles, keywords, hashtags, interests,
 * conversation topics, movies/TV and custom audiences. Each selected item adds its accounts.
 */
export function criteriaOf(index: AudienceIndex, pkg: TargetingPackage): Criteria {
  const unmatched: UnmatchedItem[] = [];
  const primary: Posting[] = [];
  const handles = selected(pkg.handles);
  for (const item of handles.slice(0, MAX_HANDLES)) {
    const n = index.handles.find(itemText(item));
    addItem(primary, unmatched, 'handles', itemText(item), n === undefined ? [] : [index.followers.get(n)]);
  }
  for (const item of selected(pkg.keywords))
    addItem(primary, unmatched, 'keywords', itemText(item), keywordPostings(index, itemText(item)));
  for (const item of selected(pkg.hashtags)) {
    const t = index.terms.find('hashtag', normaliseHashtag(itemText(item)));
    addItem(primary, unmatched, 'hashtags', itemText(item), t === undefined ? [] : [index.postings.get(t)]);
  }
  for (const [key, field, kind] of LABELLED) {
    for (const item of selected(pkg[key])) {
      addItem(
        primary,
        unmatched,
        key,
        item.label,
        itemPostings(index, resolveLabel(index, field, kind, item)),
      );
    }
  }
  for (const item of pkg.custom_audiences ?? []) {
    const set = customAudience(index, item.name, item.id);
    addItem(
      primary,
      unmatched,
      'custom_audiences',
      item.name,
      set ? [{ kind: 'bits', bits: set.bits, count: set.count }] : [],
    );
  }
  const hasPrimary =
    handles.length + (pkg.custom_audiences ?? []).length > 0 ||
    anySelected(pkg.keywords) ||
    anySelected(pkg.hashtags) ||
    anySelected(pkg.interests) ||
    anySelected(pkg.conversation_topics) ||
    anySelected(pkg.movies_tv_shows);
  const demographic = demographicFilters(index, pkg);
  return {
    hasPrimary,
    primary,
    filters: demographic.filters,
    filterKey: demographic.filterKey,
    unmatched: demographic.unmatched.length === 0 ? unmatched : [...unmatched, ...demographic.unmatched],
    handlesTruncated: handles.length > MAX_HANDLES,
  };
}

function customAudience(index: AudienceIndex, name: string, id: string | number | undefined) {
  const { customAudiences } = index;
  const exact = customAudiences.get(name) ?? (id === undefined ? undefined : customAudiences.get(String(id)));
  if (exact) return exact;
  const key = name.trim().toLowerCase();
  for (const [n, set] of customAudiences) if (n.trim().toLowerCase() === key) return set;
  return undefined;
}
