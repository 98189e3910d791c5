import type { Posting } from '../bits/posting';
import type { AudienceIndex } from '../postings/audience-index';
import { RowCursor } from '../postings/csr';
import type { Field } from '../postings/fields';

/**
 * What a lookalike's reason is about: a followed account, a profile term (interest, conversation
 * topic, movie/TV show, bio word), a post term (word or hashtag), the language or the country.
 */
export type FeatureKind =
  'follows' | 'interest' | 'topic' | 'movie' | 'bio_word' | 'post_word' | 'hashtag' | 'language' | 'country';

export const KIND_OF_FIELD: Partial<Record<Field, FeatureKind>> = {
  interest: 'interest',
  topic: 'topic',
  movie: 'movie',
  bioWord: 'bio_word',
  postWord: 'post_word',
  hashtag: 'hashtag',
  language: 'language',
  country: 'country',
};

/**
 * Every feature in one number space, so one counting array serves them all: term ids 0 … terms-1
 * (profile, post and single-valued terms), then `terms + n` for "follows account n".
 */
export interface FeatureSpace {
  readonly terms: number;
  readonly length: number;
}

export const featureSpace = (index: AudienceIndex): FeatureSpace => ({
  terms: index.terms.size,
  length: index.terms.size + index.size,
});

export function featureKind(index: AudienceIndex, space: FeatureSpace, f: number): FeatureKind | undefined {
  return f >= space.terms ? 'follows' : KIND_OF_FIELD[index.terms.field(f)];
}

/** The accounts carrying a feature: a term's posting, or a followed account's followers. */
export function featurePosting(index: AudienceIndex, space: FeatureSpace, f: number): Posting {
  return f >= space.terms ? index.followers.get(f - space.terms) : index.postings.get(f);
}

/**
 * Calls `visit` with each feature account n carries: its profile terms, post terms, follows,
 * language and, when `withCountry`, its country. Region, city, device and the like are left out:
 * they describe where and how people are, not what they care about, and the country (or the
 * language) already holds the part of "where" that targeting asks for.
 */
export function featureVisitor(
  index: AudienceIndex,
  space: FeatureSpace,
  withCountry: boolean,
): (n: number, visit: (f: number) => void) => void {
  const profile = new RowCursor(index.profileTerms);
  const posts = new RowCursor(index.postTerms);
  const follows = new RowCursor(index.following);
  const { language, country } = index.columns;
  const rows = [profile, posts];
  return (n, visit) => {
    for (const cursor of rows) {
      cursor.at(n);
      for (let i = cursor.start; i < cursor.end; i++) visit(cursor.data[i]!);
    }
    follows.at(n);
    for (let i = follows.start; i < follows.end; i++) visit(space.terms + follows.data[i]!);
    const lang = language[n] ?? 0;
    if (lang) visit(lang - 1);
    const where = withCountry ? (country[n] ?? 0) : 0;
    if (where) visit(where - 1);
  };
}

/** How many of `members` carry each feature (a member counts once per feature). */
export function countFeatures(
  index: AudienceIndex,
  space: FeatureSpace,
  members: ArrayLike<number>,
  withCountry: boolean,
): Uint32Array {
  const counts = new Uint32Array(space.length);
  // A row may repeat a term (a live row before compaction): count each member once per feature.
  const seenBy = new Int32Array(space.length).fill(-1);
  const visitor = featureVisitor(index, space, withCountry);
  for (let i = 0; i < members.length; i++) {
    const n = members[i]!;
    visitor(n, (f) => {
      if (seenBy[f] === n) return;
      seenBy[f] = n;
      counts[f]!++;
    });
  }
  return counts;
}
