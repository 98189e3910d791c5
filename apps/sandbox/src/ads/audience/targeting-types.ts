/**
 * X Ads API v12 targeting types the sandbox understands, split the way X combines them: primary
 * criteria (who someone is interested in or follows, what they talk about, lists you upload) are
 * unioned; the demographic and technical facets narrow that union, each facet by itself a union of
 * its values. NE is X's exclusion: negative keywords and excluded custom audiences.
 */
export const PRIMARY_TYPES = [
  'INTEREST',
  'CONVERSATION',
  'MOVIES_AND_TV_SHOWS',
  'FOLLOWER_LOOK_ALIKES',
  'BROAD_KEYWORD',
  'UNORDERED_KEYWORD',
  'PHRASE_KEYWORD',
  'EXACT_KEYWORD',
  'CUSTOM_AUDIENCE',
] as const;

export const FACET_TYPES = ['LOCATION', 'LANGUAGE', 'AGE', 'GENDER', 'NETWORK_OPERATOR', 'PLATFORM'] as const;

export type PrimaryType = (typeof PRIMARY_TYPES)[number];
export type FacetType = (typeof FACET_TYPES)[number];
export type TargetingType = PrimaryType | FacetType;

export const TARGETING_TYPES: readonly TargetingType[] = [...PRIMARY_TYPES, ...FACET_TYPES];

export const KEYWORD_TYPES = [
  'BROAD_KEYWORD',
  'UNORDERED_KEYWORD',
  'PHRASE_KEYWORD',
  'EXACT_KEYWORD',
] as const;
export type KeywordType = (typeof KEYWORD_TYPES)[number];

/** Older or informal names clients send; stored under X's v12 name. */
export const TYPE_ALIASES: Readonly<Record<string, TargetingType>> = {
  KEYWORD: 'BROAD_KEYWORD',
  TV_SHOW: 'MOVIES_AND_TV_SHOWS',
};

/** X accepts operator_type NE only where it means an exclusion. */
export const NE_TYPES: ReadonlySet<string> = new Set([...KEYWORD_TYPES, 'CUSTOM_AUDIENCE']);

export function canonicalType(raw: string): TargetingType | undefined {
  const upper = raw.trim().toUpperCase();
  if (upper in TYPE_ALIASES) return TYPE_ALIASES[upper];
  return (TARGETING_TYPES as readonly string[]).includes(upper) ? (upper as TargetingType) : undefined;
}

export const isKeywordType = (type: string): type is KeywordType =>
  (KEYWORD_TYPES as readonly string[]).includes(type);

export interface Criterion {
  type: TargetingType;
  value: string;
  operator: 'EQ' | 'NE';
}
