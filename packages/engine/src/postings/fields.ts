/**
 * Every targetable attribute the index keeps postings for (ARCHITECTURE §3). Single-valued fields
 * also have a per-account column; multi-valued ones a per-account row of term ids.
 */
export const CATEGORICAL_FIELDS = [
  'language',
  'operator',
  'country',
  'region',
  'metro',
  'city',
  'ageBand',
  'gender',
  'device',
  'job',
  'jobCategory',
  'kind',
] as const;
export type CategoricalField = (typeof CATEGORICAL_FIELDS)[number];

/** From the account record (bio words are tokenised). */
export const PROFILE_FIELDS = ['bioWord', 'interest', 'topic', 'movie'] as const;
/** From the account's posts (distinct per account). */
export const POST_FIELDS = ['postWord', 'hashtag'] as const;

export type ProfileField = (typeof PROFILE_FIELDS)[number];
export type PostField = (typeof POST_FIELDS)[number];
export type Field = CategoricalField | ProfileField | PostField;

export const FIELDS: readonly Field[] = [...CATEGORICAL_FIELDS, ...PROFILE_FIELDS, ...POST_FIELDS];
const FIELD_INDEX = Object.fromEntries(FIELDS.map((f, i) => [f, i])) as Record<Field, number>;
export const fieldIndex = (field: Field): number => FIELD_INDEX[field];
