import type { TargetingPackage } from '@murmur/core/targeting';

/**
 * How often terms were searched, for "most searched" communities (docs/API-AUDIENCES.md). Kept in
 * memory per server process: it restarts at zero with the process and is not shared between
 * instances (a table would be the next step once there is more than one instance).
 * Terms are normalised as the index normalises them: words through the engine's tokeniser (`words`,
 * i.e. `AudienceEngine.words`, so "Climate change" counts "climate" and "change"), handles as
 * "@handle", interests and other catalogue labels lower-cased whole.
 */
export interface SearchCounter {
  /** Free text (keywords, words, hashtags): each of its tokens counts once. */
  recordText(text: string): void;
  recordHandle(handle: string): void;
  /** A catalogue label ("Science/Physics"): counted whole and by its last part ("physics"). */
  recordLabel(label: string): void;
  /** Every selected primary item of a package (what build-audience records). */
  recordPackage(pkg: TargetingPackage): void;
  count(term: string): number;
}

export const handleTerm = (handle: string): string => `@${handle.trim().replace(/^@+/, '').toLowerCase()}`;
export const labelTerms = (label: string): string[] => {
  const whole = label.normalize('NFKC').trim().toLowerCase();
  const last = whole.split('/').at(-1)!.trim();
  return last && last !== whole ? [whole, last] : [whole];
};

/** Calls `record` on the selected items of a package field (no array built: it runs on every estimate). */
function eachLive<T extends { deselected?: boolean | undefined }>(
  items: readonly T[],
  record: (item: T) => void,
): void {
  for (const item of items) if (item.deselected !== true) record(item);
}

/** Distinct terms kept in memory; beyond it the terms searched once are forgotten. */
export const MAX_COUNTED_TERMS = 100_000;

export function createSearchCounter(
  words: (text: string) => string[],
  maxTerms = MAX_COUNTED_TERMS,
): SearchCounter {
  const counts = new Map<string, number>();
  const bump = (term: string) => {
    if (!term) return;
    const known = counts.get(term);
    if (known === undefined && counts.size >= maxTerms) forgetRare();
    counts.set(term, (known ?? 0) + 1);
  };
  // Every estimate records its terms, so free text from anyone would otherwise grow the map without
  // bound. Terms searched once are forgotten first (amortised O(1): one sweep per fill); only if
  // every term was searched more than once are all counts halved, which keeps their order.
  const forgetRare = () => {
    for (const [term, n] of counts) if (n <= 1) counts.delete(term);
    while (counts.size >= maxTerms) {
      for (const [term, n] of counts) {
        const half = n >>> 1;
        if (half <= 1) counts.delete(term);
        else counts.set(term, half);
      }
    }
  };
  // Made once, not per package: recordPackage runs on every estimate.
  const recordTextItem = (item: { label?: string | undefined; handle?: string | undefined }) =>
    counter.recordText(item.label ?? item.handle ?? '');
  const recordLabelItem = (item: { label: string }) => counter.recordLabel(item.label);
  const recordHandleItem = (item: { label?: string | undefined; handle?: string | undefined }) =>
    counter.recordHandle(item.handle ?? item.label ?? '');
  const counter: SearchCounter = {
    recordText: (text) => words(text).forEach(bump),
    recordHandle: (handle) => bump(handleTerm(handle)),
    recordLabel: (label) => labelTerms(label).forEach(bump),
    recordPackage(pkg) {
      eachLive(pkg.handles, recordHandleItem);
      eachLive(pkg.keywords, recordTextItem);
      eachLive(pkg.hashtags, recordTextItem);
      eachLive(pkg.interests, recordLabelItem);
      eachLive(pkg.conversation_topics, recordLabelItem);
      eachLive(pkg.movies_tv_shows, recordLabelItem);
    },
    count: (term) => counts.get(term) ?? 0,
  };
  return counter;
}
