import { DEFAULT_LANGUAGE, pickLanguage, SUPPORTED_LANGUAGES } from '@murmur/core/i18n';
import i18next, { type BackendModule, type i18n as I18n, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LazyLoadError } from './lazy';
import { local, storageKeys } from './storage';

export type AppLanguage = (typeof SUPPORTED_LANGUAGES)[number];

/** SPEC §9: en and ja only; the browser's language by default (ja* → ja, anything else → en). */
export const detectBrowserLanguage = (languages: readonly string[]): AppLanguage => pickLanguage(languages);

export const isAppLanguage = (value: unknown): value is AppLanguage =>
  typeof value === 'string' && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);

/** The language the interface currently shows, narrowed to the supported ones. */
export const currentLanguage = (instance: I18n = i18next): AppLanguage =>
  isAppLanguage(instance.resolvedLanguage) ? instance.resolvedLanguage : DEFAULT_LANGUAGE;

/** The remembered choice first (local storage), then the browser's languages. */
const detectLanguage = (): AppLanguage => {
  const remembered = local.get(storageKeys.language);
  if (isAppLanguage(remembered)) return remembered;
  return detectBrowserLanguage(
    typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]),
  );
};

// Each catalogue is its own chunk: the first screen downloads only the language it shows, and
// switching language fetches the other one (i18next waits for it before switching).
const catalogues: Record<AppLanguage, () => Promise<{ default: ResourceKey }>> = {
  en: () => import('../locales/en.json'),
  ja: () => import('../locales/ja.json'),
};

// What the first screens of a flavour show: the sections of the catalogue their code names
// (apps/web/build/first-catalogue.ts; the whole catalogue outside a production build). The whole one
// loads with the first other page (lazyPage fetches it beside the page's code), not while the first
// screen is settling: parsing and merging it is main-thread work a phone would feel there.
const firstCatalogues = {
  dashboard: {
    en: () => import('virtual:first-catalogue/dashboard/en'),
    ja: () => import('virtual:first-catalogue/dashboard/ja'),
  },
  pro: {
    en: () => import('virtual:first-catalogue/pro/en'),
    ja: () => import('virtual:first-catalogue/pro/ja'),
  },
  premium: {
    en: () => import('virtual:first-catalogue/premium/en'),
    ja: () => import('virtual:first-catalogue/premium/ja'),
  },
} satisfies Record<string, Record<AppLanguage, () => Promise<{ default: ResourceKey }>>>;

/** The flavours (src/app/flavour.ts) by the catalogue their first screens load. */
export type FirstScreenFlavour = keyof typeof firstCatalogues;

/** The flavour whose first screen the first catalogue read is for; undefined once read. */
let firstScreenOf: FirstScreenFlavour | undefined;
/** Languages whose loaded catalogue holds only the first screen's sections. */
const partial = new Set<AppLanguage>();
const completing = new Map<AppLanguage, Promise<void>>();

/**
 * Resolves once the interface language's whole catalogue is loaded (at once when it is): what any
 * page but a first screen's waits for. Its arrival re-renders nothing (a whole-app render on a phone
 * is a long task): what is on screen already has its words in the first-screen sections.
 */
export const completeCatalogue = async (chosen?: AppLanguage): Promise<void> => {
  // A route's loader can run before i18next has resolved the interface language (a flavour's router
  // starts loading the page as its module is evaluated, beside initI18n): read the language once it
  // has, else a Japanese first load of a page that is not a first screen completed the English one.
  if (chosen === undefined) await initialised?.catch(() => undefined);
  const language = chosen ?? currentLanguage();
  if (!partial.has(language)) return;
  let done = completing.get(language);
  if (done === undefined) {
    done = catalogues[language]().then(
      (catalogue) => {
        i18next.addResourceBundle(language, 'translation', catalogue.default, true, true);
        partial.delete(language);
      },
      (error: unknown) => {
        completing.delete(language);
        throw error;
      },
    );
    completing.set(language, done);
  }
  return done;
};

const catalogueBackend: BackendModule = {
  type: 'backend',
  init: () => {},
  read: (language, _namespace, callback) => {
    if (!isAppLanguage(language)) {
      callback(null, {});
      return;
    }
    const flavour = firstScreenOf;
    firstScreenOf = undefined;
    if (flavour !== undefined) partial.add(language);
    (flavour === undefined ? catalogues[language] : firstCatalogues[flavour][language])().then(
      (catalogue) => callback(null, catalogue.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

let initialised: Promise<I18n> | undefined;

/**
 * Initialises i18next once and resolves when the interface language's catalogue is loaded. `lng`
 * forces a language (tests); otherwise the remembered choice, then the browser's languages decide.
 * With `flavour`, what loads first is that flavour's first-screen catalogue; the whole one loads
 * with the first page that needs it (completeCatalogue).
 */
export const initI18n = (lng?: AppLanguage, flavour?: FirstScreenFlavour): Promise<I18n> => {
  if (initialised !== undefined) return initialised;
  firstScreenOf = flavour;
  const syncLanguage = (language: string) => {
    document.documentElement.setAttribute('lang', language);
    // Remembered like any choice; signing in then applies the user's saved language.
    if (isAppLanguage(language)) local.set(storageKeys.language, language);
  };
  i18next.on('languageChanged', syncLanguage);
  initialised = i18next
    .use(catalogueBackend)
    .use(initReactI18next)
    .init({
      lng: lng ?? detectLanguage(),
      supportedLngs: [...SUPPORTED_LANGUAGES],
      // Both catalogues have exactly the same keys (locales.test.ts), so no fallback catalogue is
      // needed: a Japanese visitor never downloads the English one.
      fallbackLng: false,
      load: 'languageOnly',
      interpolation: { escapeValue: false },
      initAsync: false,
    })
    .then(() => {
      // i18next reports a failed catalogue load without rejecting: without words, nothing renders.
      if (!i18next.hasLoadedNamespace('translation')) {
        throw new LazyLoadError(new Error(`No catalogue for ${i18next.language}`));
      }
      return i18next;
    });
  return initialised;
};

/** Switches the interface language, loading its catalogue first (remembered in local storage). */
export const applyLanguage = async (language: AppLanguage): Promise<void> => {
  if (i18next.resolvedLanguage !== language) await i18next.changeLanguage(language);
  await completeCatalogue(language);
};

export { i18next as i18n };
