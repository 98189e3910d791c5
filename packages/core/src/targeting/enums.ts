// SPEC §3 enumerations. Each comes as a const list and its type; the zod schemas are in
// enum-schemas.ts, so that code needing only the values (the web app's screens) does not load zod.

/** SPEC §3: gender. */
export const GENDERS = ['ANY', 'MALE', 'FEMALE'] as const;
export type Gender = (typeof GENDERS)[number];

/** SPEC §3: minimum-age values. */
export const AGES = [
  'AGE_ANY',
  'AGE_OVER_13',
  'AGE_OVER_18',
  'AGE_OVER_21',
  'AGE_OVER_25',
  'AGE_OVER_35',
  'AGE_OVER_50',
] as const;
export type Age = (typeof AGES)[number];

/** SPEC §3: the 15 age bands. */
export const AGE_BANDS = [
  '13-24',
  '13-34',
  '13-49',
  '13-54',
  '18-24',
  '18-34',
  '18-49',
  '18-54',
  '21-34',
  '21-49',
  '21-54',
  '25-49',
  '25-54',
  '35-49',
  '35-54',
] as const;
export type AgeBand = (typeof AGE_BANDS)[number];

/** SPEC §3: placements. */
export const PLACEMENTS = ['homeTimelines', 'profiles', 'searchResults', 'replies'] as const;
export type Placement = (typeof PLACEMENTS)[number];

/** SPEC §3: audience size buckets ... */
export const SIZE_BUCKETS = ['<1M', '1M-5M', '5M-12M', '12M-25M', '25M+'] as const;
export type SizeBucket = (typeof SIZE_BUCKETS)[number];
/** ... "or let the provider decide". */
export const SIZE_BUCKET_AUTO = 'auto';

/** SPEC §3: audience and campaign statuses. */
export const AUDIENCE_STATUSES = ['Active', 'Paused', 'Draft', 'Halted', 'Expired', 'Scheduled'] as const;
export type AudienceStatus = (typeof AUDIENCE_STATUSES)[number];
/** SPEC §3: the status filter's extra value. */
export const ANY_STATUS = 'Any status';
export const AUDIENCE_STATUS_FILTERS = [ANY_STATUS, ...AUDIENCE_STATUSES] as const;
export type AudienceStatusFilter = (typeof AUDIENCE_STATUS_FILTERS)[number];

/** SPEC §3: audiences are Targetable or Not targetable. */
export const TARGETABILITY_LABELS = { true: 'Targetable', false: 'Not targetable' } as const;
export function targetabilityLabel(targetable: boolean): string {
  return TARGETABILITY_LABELS[targetable ? 'true' : 'false'];
}

/** SPEC §3: marketing-material content types and their labels. */
export const CONTENT_TYPES = ['one-pager', 'slides', 'faq', 'case-study'] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];
export const CONTENT_TYPE_LABELS: Readonly<Record<ContentType, string>> = {
  'one-pager': 'Product One-pagers',
  slides: 'Slide Deck',
  faq: 'FAQ',
  'case-study': 'Case Studies',
};
