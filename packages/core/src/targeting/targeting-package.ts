import { z } from 'zod';
import { ageBandSchema, ageSchema, genderSchema, placementSchema } from './enum-schemas';
import { normaliseAge, normaliseGender } from './normalise';

// Bounds keep a hostile payload from growing without end; they are far above any real package.
const MAX_ITEMS = 2000;
const text = z.string().trim().min(1).max(500);
const itemId = z.union([z.string().max(200), z.number()]);
const list = <T extends z.ZodType>(item: T) => z.array(item).max(MAX_ITEMS).default([]);

/** SPEC §3: keywords, handles and hashtags — items with a label or a handle, and a deselected flag. */
export const termItemSchema = z
  .object({ label: text.optional(), handle: text.optional(), deselected: z.boolean().optional() })
  .refine((item) => item.label !== undefined || item.handle !== undefined, {
    error: 'An item needs a label or a handle',
  });
export type TermItem = z.infer<typeof termItemSchema>;

/** SPEC §3: languages, network operators, interests, conversation topics, movies/TV — label items. */
export const labelItemSchema = z.object({
  label: text,
  id: itemId.optional(),
  deselected: z.boolean().optional(),
});
export type LabelItem = z.infer<typeof labelItemSchema>;

/** A custom audience on the ad account, referred to by name (SPEC §7 checks custom_audience_names). */
export const customAudienceItemSchema = z.object({ name: text, id: itemId.optional() });
export type CustomAudienceItem = z.infer<typeof customAudienceItemSchema>;

/**
 * SPEC §5: invalid gender falls back to ANY. Gender therefore accepts anything the normaliser
 * accepts (Women, Men, 1, 2 …) while the parsed package only holds GENDERS values.
 */
// Codecs rather than preprocess: answers are encoded with the same schemas (fastify-type-provider-zod
// serialises responses with z.encode), and a one-way transform cannot be encoded. A parsed value
// encodes to itself.
const genderItemSchema = z.codec(z.unknown(), genderSchema, {
  decode: (v) => normaliseGender(v),
  encode: (g) => g,
});
/** SPEC §5: age must be in its enumeration (bands accepted); anything else is rejected. */
const ageValueSchema = z.union([ageSchema, ageBandSchema]);
const ageItemSchema = z.codec(z.unknown(), ageValueSchema, {
  decode: (v) => (normaliseAge(v) ?? v) as z.output<typeof ageValueSchema>,
  encode: (a) => a,
});

/** SPEC §3: the targeting package. Every list may be left out and parses to []. */
export const targetingPackageSchema = z.object({
  keywords: list(termItemSchema),
  handles: list(termItemSchema),
  hashtags: list(termItemSchema),
  languages: list(labelItemSchema),
  network_operators: list(labelItemSchema),
  interests: list(labelItemSchema),
  conversation_topics: list(labelItemSchema),
  movies_tv_shows: list(labelItemSchema),
  placements: list(placementSchema),
  age: list(ageItemSchema),
  gender: list(genderItemSchema),
  custom_audiences: list(customAudienceItemSchema),
  locations: list(labelItemSchema),
  /** SPEC §3: countries (label items; `id` is the ISO 3166-1 alpha-2 code where known). */
  countries: list(labelItemSchema),
});
export type TargetingPackage = z.infer<typeof targetingPackageSchema>;
export type TargetingPackageInput = z.input<typeof targetingPackageSchema>;

/** A package with every list empty. */
export function emptyTargetingPackage(): TargetingPackage {
  return targetingPackageSchema.parse({});
}
