import {
  emptyTargetingPackage,
  type Age,
  type AgeBand,
  type LabelItem,
  type TargetingPackage,
  type TermItem,
} from '@murmur/core/targeting';
import type { AudienceIndex } from '@murmur/engine';

/** One benchmarked request: a package and the packages whose audiences are subtracted from it. */
export interface BenchPackage {
  name: string;
  pkg: TargetingPackage;
  exclusions: TargetingPackage[];
}

/** sfc32-like deterministic generator (the mix must be the same on every run). */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const empty = emptyTargetingPackage;

type Field = Parameters<AudienceIndex['terms']['termsOf']>[0];

/** Values of a field present in the index with their account counts, most frequent first (ties by value). */
function vocabulary(index: AudienceIndex, field: Field, min = 1, max = Number.POSITIVE_INFINITY) {
  return index.terms
    .termsOf(field)
    .map((t) => ({ value: index.terms.value(t), count: index.postings.count(t) }))
    .filter((v) => v.count >= min && v.count <= max)
    .sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : 1));
}

const AGES: readonly Age[] = ['AGE_OVER_18', 'AGE_OVER_21', 'AGE_OVER_25', 'AGE_OVER_35', 'AGE_OVER_50'];
const AGE_BANDS: readonly AgeBand[] = ['18-24', '18-34', '25-49', '35-49', '21-34', '13-24'];

/**
 * The fixed mix of 200 targeting packages, drawn deterministically from the index's catalogues,
 * vocabulary and most-followed handles. Twelve shapes cycle, each a realistic combination of
 * primary criteria (unioned), demographic filters (intersected), deselected items and exclusions.
 */
export function benchPackages(index: AudienceIndex, count = 200): BenchPackage[] {
  const random = rng(0x6d75726d);
  const pick = <T>(list: readonly T[], top = list.length): T =>
    list[Math.floor(random() * Math.min(top, list.length))]!;
  const picks = <T>(list: readonly T[], k: number, top = list.length): T[] => {
    const out = new Set<T>();
    for (let tries = 0; out.size < k && tries < k * 20; tries++) out.add(pick(list, top));
    return [...out];
  };
  const { catalogue } = index;
  const named = (kind: 'interests' | 'conversations' | 'movies_and_tv_shows', value: string): LabelItem => ({
    label: catalogue.name(kind, value) ?? value,
    id: value,
  });
  const interests = vocabulary(index, 'interest').map((v) => named('interests', v.value));
  const topics = vocabulary(index, 'topic').map((v) => named('conversations', v.value));
  const movies = vocabulary(index, 'movie').map((v) => named('movies_and_tv_shows', v.value));
  // Bare interest categories ("Science"), which X's picker expands to every subcategory.
  const categories = [...new Set(interests.map((i) => i.label.split('/')[0]!))]
    .filter((c) => catalogue.valuesNamed('interests', c).length === 0)
    .sort();
  const languages = vocabulary(index, 'language').map((v) => ({ label: v.value, id: v.value }));
  const countries = vocabulary(index, 'country').map((v) => ({ label: v.value, id: v.value }));
  const operators = vocabulary(index, 'operator').map((v) => ({ label: v.value, id: v.value }));
  const regionNames = new Set(vocabulary(index, 'region').map((v) => v.value));
  const regions: LabelItem[] = [];
  for (const [value, item] of catalogue.entries('locations'))
    if (item.location_type === 'REGIONS' && regionNames.has(item.name))
      regions.push({ label: item.name, id: value });
  regions.sort((a, b) => (a.label < b.label ? -1 : 1));
  const bioWords = vocabulary(index, 'bioWord', 500, index.population / 8).map((v) => v.value);
  const postWords = vocabulary(index, 'postWord', 500, index.population / 8).map((v) => v.value);
  const japanese = vocabulary(index, 'postWord', 200)
    .map((v) => v.value)
    .filter((w) => /^[\u30a0-\u30ff]{3,}$/.test(w));
  const hashtags = vocabulary(index, 'hashtag', 100).map((v) => `#${v.value}`);
  // The 2 000 most followed accounts' handles: whom advertisers target followers of.
  const byFollowers = Array.from({ length: index.size }, (_, n) => n)
    .sort((a, b) => index.followers.count(b) - index.followers.count(a) || a - b)
    .slice(0, 2000);
  const handles = byFollowers.map((n) => index.accounts.handles.get(index.accounts.slot[n]! - 1));

  const term = (label: string, deselected = false): TermItem =>
    deselected ? { label, deselected } : { label };
  const keyword = () =>
    random() < 0.3
      ? `${pick(bioWords, 300)} ${pick(postWords, 300)}`
      : pick(random() < 0.5 ? bioWords : postWords);
  const shapes: ((p: TargetingPackage) => { name: string; exclusions?: TargetingPackage[] })[] = [
    (p) => {
      p.interests = picks(interests, 1 + Math.floor(random() * 3));
      p.countries = [pick(countries, 8)];
      return { name: 'interests × country' };
    },
    (p) => {
      p.keywords = [term(keyword()), term(keyword())];
      p.languages = [pick(languages, 6)];
      return { name: 'keywords × language' };
    },
    (p) => {
      p.handles = picks(handles, 1 + Math.floor(random() * 5)).map((h) => ({ handle: h }));
      p.age = [pick(AGES)];
      return { name: 'followers of handles × age' };
    },
    (p) => {
      p.hashtags = picks(hashtags, 1 + Math.floor(random() * 3), 400).map((h) => term(h));
      p.gender = [random() < 0.5 ? 'FEMALE' : 'MALE'];
      return { name: 'hashtags × gender' };
    },
    (p) => {
      p.conversation_topics = picks(topics, 2);
      p.movies_tv_shows = [pick(movies)];
      p.countries = picks(countries, 2, 10);
      p.age = [pick(AGE_BANDS)];
      return { name: 'topics + movies × countries × age band' };
    },
    (p) => {
      const category = pick(categories);
      p.interests = [
        { label: category },
        ...picks(
          interests.filter((i) => i.label.startsWith(`${category}/`)),
          1,
        ).map((i) => ({ ...i, deselected: true })),
        ...picks(interests, 1),
      ];
      p.languages = picks(languages, 2, 6);
      return { name: 'interest category + deselected subcategory × languages' };
    },
    (p) => {
      p.keywords = [term(keyword()), term(keyword(), true)];
      p.handles = picks(handles, 2, 500).map((h) => ({ handle: h }));
      const exclusion = empty();
      exclusion.handles = [{ handle: pick(handles, 200) }];
      return { name: 'keywords + handles − followers of a handle', exclusions: [exclusion] };
    },
    (p) => {
      p.languages = [pick(languages, 4)];
      p.countries = picks(countries, 1 + Math.floor(random() * 2), 8);
      p.age = [pick(AGES)];
      p.gender = [random() < 0.5 ? 'FEMALE' : 'MALE'];
      return { name: 'demographics only' };
    },
    (p) => {
      const country = pick(countries, 6);
      p.network_operators = picks(operators, 2);
      p.countries = [country];
      p.interests = picks(interests, 2);
      return { name: 'interests × operators × country' };
    },
    (p) => {
      p.locations = picks(regions, 1 + Math.floor(random() * 3));
      p.interests = picks(interests, 3);
      p.conversation_topics = [pick(topics)];
      return { name: 'interests + topic × regions' };
    },
    (p) => {
      p.keywords = [term(keyword()), term(keyword(), true)];
      p.hashtags = [term(pick(hashtags, 300))];
      p.handles = [{ handle: pick(handles, 1000) }];
      p.interests = picks(interests, 2);
      p.conversation_topics = [pick(topics)];
      p.languages = picks(languages, 2, 4);
      p.countries = picks(countries, 3, 12);
      p.age = [pick(AGES)];
      p.gender = [random() < 0.5 ? 'FEMALE' : 'MALE'];
      const exclusion = empty();
      exclusion.interests = [pick(interests)];
      exclusion.countries = [pick(countries, 4)];
      return { name: 'everything − interest in a country', exclusions: [exclusion] };
    },
    (p) => {
      p.keywords = picks(japanese.length > 0 ? japanese : postWords, 2, 200).map((w) => term(w));
      p.languages = [{ label: 'ja', id: 'ja' }];
      return { name: 'Japanese keywords × ja' };
    },
  ];
  const out: BenchPackage[] = [];
  for (let i = 0; i < count; i++) {
    const pkg = empty();
    const shape = shapes[i % shapes.length]!(pkg);
    out.push({ name: `${i} ${shape.name}`, pkg, exclusions: shape.exclusions ?? [] });
  }
  return out;
}

/** Broad packages that land near the insight sizes (10k, 100k, 400k members) on the sandbox's mix. */
export function broadPackages(index: AudienceIndex): BenchPackage[] {
  const langs = vocabulary(index, 'language').map((v) => ({ label: v.value, id: v.value }));
  const countries = vocabulary(index, 'country').map((v) => ({ label: v.value, id: v.value }));
  const out: BenchPackage[] = [];
  const add = (name: string, fill: (p: TargetingPackage) => void) => {
    const pkg = empty();
    fill(pkg);
    out.push({ name, pkg, exclusions: [] });
  };
  for (const lang of langs.slice(0, 4)) {
    add(`language ${lang.label}`, (p) => (p.languages = [lang]));
    for (const age of AGES)
      add(`language ${lang.label} × ${age}`, (p) => ((p.languages = [lang]), (p.age = [age])));
    for (const g of ['FEMALE', 'MALE'] as const)
      add(`language ${lang.label} × ${g}`, (p) => ((p.languages = [lang]), (p.gender = [g])));
  }
  for (const c of countries.slice(0, 12)) {
    add(`country ${c.label}`, (p) => (p.countries = [c]));
    for (const g of ['FEMALE', 'MALE'] as const)
      add(`country ${c.label} × ${g}`, (p) => ((p.countries = [c]), (p.gender = [g])));
  }
  return out;
}
