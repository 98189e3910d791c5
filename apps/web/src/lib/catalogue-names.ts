import type { StoreAudience } from '@murmur/core/api';
import {
  catalogueCodeName,
  catalogueName,
  communityDisplayName,
  type CatalogueCode,
  jobTitleName,
  type NamedCatalogue,
} from '@murmur/core/targeting';
import { useMemo } from 'react';
import { useLanguage } from '../hooks/use-language';
import type { AppLanguage } from './i18n';

// The catalogues (interests, conversation topics, movies and TV, job titles and categories), the store
// and the engine's communities name things in English; screens show them in the interface language
// through core's Japanese names (@murmur/core/targeting catalogue-names). Stored packages, what the
// API receives and what goes to X keep the catalogue's own names: these are display names only.

/** The catalogue behind a targeting package's field whose items are named in the interface language. */
export const PACKAGE_FIELD_CATALOGUE: Readonly<Record<string, NamedCatalogue>> = {
  interests: 'interests',
  conversation_topics: 'conversations',
  movies_tv_shows: 'movies_and_tv_shows',
};

const fieldCatalogue = (field: string): NamedCatalogue | undefined =>
  Object.hasOwn(PACKAGE_FIELD_CATALOGUE, field) ? PACKAGE_FIELD_CATALOGUE[field] : undefined;

export interface CatalogueNames {
  /** A catalogue entry by the name the catalogue gives it ("Sports/Soccer", "Formula 1"). */
  name: (catalogue: NamedCatalogue, name: string) => string;
  /** A topic type ("SPORTS_LEAGUES") or movie/TV genre ("DRAMA") by its code. */
  code: (kind: CatalogueCode, code: string) => string;
  /** A targeting package item's label by its field ("interests", "conversation_topics", …). */
  packageItem: (field: string, label: string) => string;
  /** A job title by its key ("software-engineer") and the label the data gives it. */
  jobTitle: (key: string, label: string) => string;
  /** A community named by the engine from its interests and bio words. */
  community: (community: { name: string; interests: readonly string[]; words: readonly string[] }) => string;
  /** A store audience's name and description. */
  storeAudience: (audience: Pick<StoreAudience, 'name' | 'description' | 'name_ja' | 'description_ja'>) => {
    name: string;
    description: string;
  };
}

export const catalogueNames = (language: AppLanguage): CatalogueNames => ({
  name: (catalogue, name) => catalogueName(catalogue, name, language),
  code: (kind, code) => catalogueCodeName(kind, code, language),
  packageItem: (field, label) => {
    const catalogue = fieldCatalogue(field);
    return catalogue === undefined ? label : catalogueName(catalogue, label, language);
  },
  jobTitle: (key, label) => jobTitleName(key, label, language),
  community: (community) => communityDisplayName(community, language),
  storeAudience: (audience) =>
    language === 'ja'
      ? { name: audience.name_ja, description: audience.description_ja }
      : { name: audience.name, description: audience.description },
});

/** Catalogue names in the interface language; re-renders when it changes. */
export const useCatalogueNames = (): CatalogueNames => {
  const language = useLanguage();
  return useMemo(() => catalogueNames(language), [language]);
};
