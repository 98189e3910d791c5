import type { LanguageCode } from '../languages';

/** Language shares of a country or region's X users (relative weights). */
export type LanguageMix = Partial<Record<LanguageCode, number>>;

/**
 * A region (state, prefecture, province) as written in the data files. Names are "English|Local"
 * when the local spelling differs, so location text can be written in the account's language.
 */
export interface RegionSpec {
  name: string;
  /** Share of the country's users (relative). */
  weight: number;
  /** Standard-time offset from UTC in minutes; daylight saving is ignored to keep time reproducible. */
  utcOffset: number;
  cities: readonly string[];
  /** US only: two-letter state code, from which metro names ("Seattle WA") are formed. */
  abbr?: string;
  /** Overrides the country's language mix (Quebec, Wallonia…). */
  languages?: LanguageMix;
}

export interface CountrySpec {
  code: string;
  name: string;
  /**
   * X users in millions (rounded public estimates). Zero: listed in the targeting catalogue but not
   * populated in the sandbox.
   */
  audience: number;
  languages: LanguageMix;
  regions: readonly RegionSpec[];
  /** SPEC §4: North Korea is listed but not available for targeting. */
  targetable?: boolean;
}

export const region = (
  name: string,
  weight: number,
  utcOffsetHours: number,
  cities: readonly string[],
  extra: Partial<Pick<RegionSpec, 'abbr' | 'languages'>> = {},
): RegionSpec => ({ name, weight, utcOffset: Math.round(utcOffsetHours * 60), cities, ...extra });
