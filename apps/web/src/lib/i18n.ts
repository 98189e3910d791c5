import { DEFAULT_LANGUAGE, pickLanguage, SUPPORTED_LANGUAGES } from '@murmur/core/i18n';
import i18next, { type i18n as I18n } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';
import ja from '../locales/ja.json';
import { storageKeys } from './storage';

export type AppLanguage = (typeof SUPPORTED_LANGUAGES)[number];

/** SPEC §9: en and ja only; the browser's language by default (ja* → ja, anything else → en). */
export const detectBrowserLanguage = (languages: readonly string[]): AppLanguage => pickLanguage(languages);

const browserLanguage = {
  name: 'murmurNavigator',
  lookup: (): string =>
    detectBrowserLanguage(
      typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]),
    ),
};

export const isAppLanguage = (value: unknown): value is AppLanguage =>
  typeof value === 'string' && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);

/** The language the interface currently shows, narrowed to the supported ones. */
export const currentLanguage = (instance: I18n = i18next): AppLanguage =>
  isAppLanguage(instance.resolvedLanguage) ? instance.resolvedLanguage : DEFAULT_LANGUAGE;

/**
 * Initialises i18next once. `lng` forces a language (tests); otherwise the remembered choice, then the
 * browser's languages decide.
 */
export const initI18n = (lng?: AppLanguage): I18n => {
  if (i18next.isInitialized) return i18next;
  const detector = new LanguageDetector();
  detector.addDetector(browserLanguage);
  void i18next
    .use(detector)
    .use(initReactI18next)
    .init({
      resources: { en: { translation: en }, ja: { translation: ja } },
      lng,
      supportedLngs: [...SUPPORTED_LANGUAGES],
      fallbackLng: DEFAULT_LANGUAGE,
      interpolation: { escapeValue: false },
      detection: {
        order: ['localStorage', browserLanguage.name],
        lookupLocalStorage: storageKeys.language,
        caches: ['localStorage'],
      },
      initAsync: false,
    });
  const syncHtmlLang = (language: string) => document.documentElement.setAttribute('lang', language);
  syncHtmlLang(currentLanguage());
  i18next.on('languageChanged', syncHtmlLang);
  return i18next;
};

/** Switches the interface language (remembered in local storage by the detector). */
export const applyLanguage = async (language: AppLanguage): Promise<void> => {
  if (i18next.resolvedLanguage !== language) await i18next.changeLanguage(language);
};

export { i18next as i18n };
