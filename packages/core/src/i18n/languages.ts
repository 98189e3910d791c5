import { LANGUAGES } from '../api/constants';
import type { Language } from '../api';

export type { Language } from '../api';

/** SPEC §9: the interface languages are only en and ja. */
export const SUPPORTED_LANGUAGES = LANGUAGES;
/** SPEC §9: default English, fallback en. */
export const DEFAULT_LANGUAGE: Language = 'en';
export const FALLBACK_LANGUAGE: Language = 'en';

export function isSupportedLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

/**
 * SPEC §9: the browser-language default. Goes through the candidates in preference order
 * (e.g. `navigator.languages`) and returns the first supported one by its primary subtag
 * ("ja-JP" → "ja"); English when none is supported.
 */
export function pickLanguage(candidates: readonly string[]): Language {
  for (const candidate of candidates) {
    const primary = candidate.trim().toLowerCase().split(/[-_]/)[0];
    if (isSupportedLanguage(primary)) return primary;
  }
  return DEFAULT_LANGUAGE;
}
