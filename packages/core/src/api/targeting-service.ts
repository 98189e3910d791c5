import { z } from 'zod';

// SPEC §4 and §7: the targeting service's lists (/api/targeting-countries/), which the web app fetches
// once and keeps for the session.

/** One country a package may target; SPEC §4: the DPRK is listed but unselectable, with its info. */
export const targetingCountrySchema = z.object({
  /** ISO 3166-1 alpha-2. */
  code: z.string(),
  name: z.string(),
  name_ja: z.string(),
  selectable: z.boolean(),
  info: z.string().optional(),
});
export type TargetingCountry = z.output<typeof targetingCountrySchema>;

export const targetingCountriesResponseSchema = z.object({ countries: z.array(targetingCountrySchema) });
export type TargetingCountriesResponse = z.output<typeof targetingCountriesResponseSchema>;

/** GET /api/geo-location/: the visitor's likely country, and what told it. */
export const geoLocationSchema = z.object({
  country_code: z.string().nullable(),
  country: z.string().nullable(),
  /** 'edge': the CDN's country header; 'language': the region of the browser's language; 'none'. */
  source: z.enum(['edge', 'language', 'none']),
});
export type GeoLocation = z.output<typeof geoLocationSchema>;
