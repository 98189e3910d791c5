import type { TargetingPackage } from './targeting-package';

/** SPEC §5: the toast when an empty package would be applied. */
export const EMPTY_TARGETING_MESSAGE = 'Failed to apply targeting list because it is empty.';

type PackageLike = { readonly [K in keyof TargetingPackage]?: readonly unknown[] | null };

const hasSelected = (items: readonly unknown[] | null | undefined) =>
  (items ?? []).some(
    (item) =>
      !(typeof item === 'object' && item !== null && (item as { deselected?: unknown }).deselected === true),
  );
const hasAny = (items: readonly unknown[] | null | undefined) => (items ?? []).length > 0;

/**
 * SPEC §5, exactly: non-empty only if it has at least one non-deselected keyword, handle, hashtag,
 * interest, conversation topic or movie/TV item, or any language, network operator, placement,
 * age, gender, custom audience, location, or any country. (Deselected languages, operators and
 * countries still count: the SPEC says "any".) Accepts unparsed packages with lists left out.
 */
export function isTargetingPackageNonEmpty(pkg: PackageLike | null | undefined): boolean {
  if (!pkg) return false;
  return (
    hasSelected(pkg.keywords) ||
    hasSelected(pkg.handles) ||
    hasSelected(pkg.hashtags) ||
    hasSelected(pkg.interests) ||
    hasSelected(pkg.conversation_topics) ||
    hasSelected(pkg.movies_tv_shows) ||
    hasAny(pkg.languages) ||
    hasAny(pkg.network_operators) ||
    hasAny(pkg.placements) ||
    hasAny(pkg.age) ||
    hasAny(pkg.gender) ||
    hasAny(pkg.custom_audiences) ||
    hasAny(pkg.locations) ||
    hasAny(pkg.countries)
  );
}
