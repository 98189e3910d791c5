import { emptyTargetingPackage } from '@murmur/core/targeting';
import { evaluate } from '../evaluate/evaluate';
import { resolveLocation } from '../evaluate/resolve-location';
import type { AudienceIndex } from '../postings/audience-index';
import type { CatalogueKind } from '@murmur/core/export';
import type { Field } from '../postings/fields';
import { normaliseHandle } from '../postings/handle-index';
import { normaliseHashtag } from '../text/tokenise';
import { topK } from '../util/top-k';
import { sortedKeys, type SortedKeys } from './sorted-keys';

/** Package fields the builder's inputs autocomplete. */
export type LookupField =
  | 'handles'
  | 'keywords'
  | 'hashtags'
  | 'interests'
  | 'conversation_topics'
  | 'movies_tv_shows'
  | 'network_operators'
  | 'languages'
  | 'locations';

export interface LookupResult {
  /** What goes into the package item (a handle, a term, a targeting value). */
  value: string;
  label: string;
  /** The account's name, a location type, an operator's country; null when there is nothing to add. */
  detail: string | null;
  /** Indexed accounts the item alone reaches. */
  sampleCount: number;
  /** sampleCount × scale. */
  size: number;
}

const CATALOGUE: Readonly<Record<string, [CatalogueKind, Field]>> = {
  interests: ['interests', 'interest'],
  conversation_topics: ['conversations', 'topic'],
  movies_tv_shows: ['movies_and_tv_shows', 'movie'],
  network_operators: ['network_operators', 'operator'],
  languages: ['languages', 'language'],
  locations: ['locations', 'country'],
};

const fold = (s: string): string => s.normalize('NFKC').trim().toLowerCase();

interface Lookups {
  handles?: SortedKeys;
  names?: SortedKeys;
  /** The most followed accounts' handles, most followed first: what is searched within. */
  popular?: { keys: string[]; ids: number[] };
  terms: Map<Field, SortedKeys>;
}
const cache = new WeakMap<AudienceIndex, Lookups>();
function lookupsOf(index: AudienceIndex): Lookups {
  let lookups = cache.get(index);
  if (!lookups) cache.set(index, (lookups = { terms: new Map() }));
  return lookups;
}

/** A handle is searched within from this many characters on: one character matches nearly everyone. */
const WITHIN_MIN = 2;
/**
 * How many of the most followed accounts are searched within their handle. A scan of every handle
 * would cost each keystroke a pass over the whole index (tens of millions at X's scale), on the
 * thread that answers everyone; the most followed are those a text inside a handle is looked for.
 */
const WITHIN_POOL = 200_000;

/** The `WITHIN_POOL` most followed accounts with a handle, most followed first (ties: lower number). */
function popularHandles(index: AudienceIndex, followed: (n: number) => number) {
  const a = index.accounts;
  let pool: number[] = [];
  for (let n = 0; n < index.size; n++) if (a.slot[n]) pool.push(n);
  if (pool.length > WITHIN_POOL) {
    // The pool's floor from a typed sort of every score, then only the accounts at or above it.
    const scores = Float64Array.from(pool, followed).sort();
    const floor = scores[scores.length - WITHIN_POOL]!;
    pool = pool.filter((n) => followed(n) >= floor);
  }
  pool.sort((x, y) => followed(y) - followed(x) || x - y);
  const ids = pool.slice(0, WITHIN_POOL);
  return { ids, keys: ids.map((n) => normaliseHandle(a.handles.get(a.slot[n]! - 1))) };
}

/**
 * Accounts by handle or name prefix, most followed first, then accounts among the most followed
 * (`WITHIN_POOL`) whose handle holds the text further in ("ramen" finds @tokyo_ramen_lab), most
 * followed first (sorted keys and the pool built on first use).
 */
function handles(index: AudienceIndex, q: string, limit: number): LookupResult[] {
  const lookups = lookupsOf(index);
  const a = index.accounts;
  const keyed = (column: typeof a.handles, normalise: (s: string) => string) => {
    const entries: [string, number][] = [];
    for (let n = 0; n < index.size; n++) {
      const slot = a.slot[n] ?? 0;
      if (slot) entries.push([normalise(column.get(slot - 1)), n]);
    }
    return sortedKeys(entries);
  };
  lookups.handles ??= keyed(a.handles, normaliseHandle);
  lookups.names ??= keyed(a.names, fold);
  const typed = normaliseHandle(q);
  const prefixed = new Set<number>();
  lookups.handles.forEachWithPrefix(typed, (n) => prefixed.add(n));
  lookups.names.forEachWithPrefix(fold(q), (n) => prefixed.add(n));
  // +1: accounts nobody follows still match.
  const followed = (n: number) => (a.followers[n] ?? 0) + 1;
  const within: number[] = [];
  if (typed.length >= WITHIN_MIN) {
    lookups.popular ??= popularHandles(index, followed);
    const { keys, ids } = lookups.popular;
    // Most followed first: the first `limit` matches are the best ones.
    for (let i = 0; i < keys.length && within.length < limit; i++) {
      if (keys[i]!.includes(typed) && !prefixed.has(ids[i]!)) within.push(ids[i]!);
    }
  }
  const ranked = [...topK([...prefixed], followed, limit), ...within];
  return ranked.slice(0, limit).map((n) => {
    const slot = a.slot[n]! - 1;
    const handle = a.handles.get(slot);
    const sampleCount = index.followers.get(n).count;
    return {
      value: handle,
      label: `@${handle}`,
      detail: a.names.get(slot) || null,
      sampleCount,
      size: Math.round(sampleCount * index.scale),
    };
  });
}

function termKeys(index: AudienceIndex, field: Field): SortedKeys {
  const lookups = lookupsOf(index);
  let keys = lookups.terms.get(field);
  if (!keys) lookups.terms.set(field, (keys = sortedKeys([...index.terms.entriesOf(field)])));
  return keys;
}

/** Hashtags by prefix, most used first; the size is the hashtag's own audience. */
function hashtags(index: AudienceIndex, q: string, limit: number): LookupResult[] {
  const candidates: number[] = [];
  termKeys(index, 'hashtag').forEachWithPrefix(normaliseHashtag(q), (t) => candidates.push(t));
  return topK(candidates, (t) => index.postings.count(t), limit).map((t) => {
    const tag = index.terms.value(t);
    const sampleCount = index.postings.count(t);
    return {
      value: tag,
      label: `#${tag}`,
      detail: null,
      sampleCount,
      size: Math.round(sampleCount * index.scale),
    };
  });
}

/**
 * Keywords: words of bios and posts by prefix, most used first (bio + post accounts); the size is
 * what the keyword reaches as a criterion (bio or posts, evaluate's rule).
 */
function keywords(index: AudienceIndex, q: string, limit: number): LookupResult[] {
  const usage = new Map<string, number>();
  for (const field of ['bioWord', 'postWord'] as const) {
    termKeys(index, field).forEachWithPrefix(fold(q), (t) => {
      const word = index.terms.value(t);
      usage.set(word, (usage.get(word) ?? 0) + index.postings.count(t));
    });
  }
  const ranked = [...usage].sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1)).slice(0, limit);
  return ranked.map(([word]) => {
    const pkg = { ...emptyTargetingPackage(), keywords: [{ label: word }] };
    const { sampleCount, populationEstimate } = evaluate(index, pkg);
    return { value: word, label: word, detail: null, sampleCount, size: populationEstimate };
  });
}

/** Catalogue items whose name, or a word of it, starts with `q`; whole-name prefixes first, then by size. */
function catalogueItems(index: AudienceIndex, field: LookupField, q: string, limit: number): LookupResult[] {
  const [kind, termField] = CATALOGUE[field]!;
  const key = fold(q);
  const out: (LookupResult & { rank: number })[] = [];
  for (const [value, item] of index.catalogue.entries(kind)) {
    const name = fold(item.name);
    const whole = name.startsWith(key);
    if (!whole && !name.split(/[\s/,()&-]+/).some((word) => word.startsWith(key))) continue;
    const terms =
      field === 'locations'
        ? resolveLocation(index, { label: item.name, id: value })
        : [index.terms.find(termField, value) ?? index.terms.find(termField, fold(value))].filter(
            (t) => t !== undefined,
          );
    const sampleCount = terms.reduce((sum, t) => sum + index.postings.count(t), 0);
    const detail =
      field === 'locations'
        ? (item.location_type?.toLowerCase().replace(/s$/, '').replace(/ie$/, 'y') ?? null)
        : (item.country_code ?? null);
    out.push({
      value,
      label: item.name,
      detail,
      sampleCount,
      size: Math.round(sampleCount * index.scale),
      rank: whole ? 1 : 0,
    });
  }
  out.sort((x, y) => y.rank - x.rank || y.sampleCount - x.sampleCount || (x.label < y.label ? -1 : 1));
  return out.slice(0, limit).map(({ rank: _rank, ...result }) => result);
}

/**
 * Suggestions for a package field while the user types (POST /api/audience-configs/autocomplete/):
 * handles by handle or name prefix, then by text within the handle, most followed first; keywords and hashtags by indexed term
 * prefix, most used first; catalogue fields by label.
 */
export function lookup(index: AudienceIndex, field: LookupField, q: string, limit = 10): LookupResult[] {
  switch (field) {
    case 'handles':
      return handles(index, q, limit);
    case 'keywords':
      return keywords(index, q, limit);
    case 'hashtags':
      return hashtags(index, q, limit);
    case 'interests':
    case 'conversation_topics':
    case 'movies_tv_shows':
    case 'network_operators':
    case 'languages':
    case 'locations':
      return catalogueItems(index, field, q, limit);
  }
}
