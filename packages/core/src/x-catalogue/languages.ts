/**
 * Languages the sandbox population writes in (ISO 639-1, as X's language targeting uses them).
 * The order is the index stored per account; never reorder, only append.
 */
export const LANGUAGE_CODES = ['en', 'ja', 'es', 'pt', 'ar', 'id', 'tr', 'fr', 'ko', 'de'] as const;
export type LanguageCode = (typeof LANGUAGE_CODES)[number];

export interface Language {
  code: LanguageCode;
  name: string;
  nativeName: string;
}

export const LANGUAGES: readonly Language[] = [
  { code: 'en', name: 'English', nativeName: 'English' },
  { code: 'ja', name: 'Japanese', nativeName: '日本語' },
  { code: 'es', name: 'Spanish', nativeName: 'Español' },
  { code: 'pt', name: 'Portuguese', nativeName: 'Português' },
  { code: 'ar', name: 'Arabic', nativeName: 'العربية' },
  { code: 'id', name: 'Indonesian', nativeName: 'Bahasa Indonesia' },
  { code: 'tr', name: 'Turkish', nativeName: 'Türkçe' },
  { code: 'fr', name: 'French', nativeName: 'Français' },
  { code: 'ko', name: 'Korean', nativeName: '한국어' },
  { code: 'de', name: 'German', nativeName: 'Deutsch' },
];

export function languageIndex(code: LanguageCode): number {
  return LANGUAGE_CODES.indexOf(code);
}

/**
 * Approximate share of posts on X by language (public estimates, renormalised over the languages
 * above). The stats command compares the generated mix with this reference.
 */
export const X_LANGUAGE_REFERENCE: Readonly<Record<LanguageCode, number>> = {
  en: 0.49,
  ja: 0.15,
  es: 0.11,
  pt: 0.05,
  ar: 0.06,
  id: 0.04,
  tr: 0.03,
  fr: 0.03,
  ko: 0.02,
  de: 0.02,
};
