import { normaliseCountry } from '@murmur/core/countries';
import type { AudienceIndex } from '../postings/audience-index';
import type { CatalogueKind } from '@murmur/core/export';
import type { Field } from '../postings/fields';

const CATALOGUE_OF: Partial<Record<Field, CatalogueKind>> = {
  interest: 'interests',
  topic: 'conversations',
  movie: 'movies_and_tv_shows',
  language: 'languages',
  operator: 'network_operators',
};

const slug = (s: string): string => s.toLowerCase().replace(/[^a-z0-9]+/g, '-');
const sentence = (key: string): string => {
  const text = key.replace(/[-_]+/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
};

const deviceName = (index: AudienceIndex, value: string): string => {
  for (const [, item] of index.catalogue.entries('platforms'))
    if (slug(item.name).startsWith(value)) return item.name;
  return value;
};

const FORMAT: Partial<Record<Field, (index: AudienceIndex, value: string) => string>> = {
  country: (_, value) => normaliseCountry(value)?.name ?? value,
  hashtag: (_, value) => `#${value}`,
  device: deviceName,
  job: (_, value) => sentence(value),
};

/**
 * What users see for a term: the catalogue's name for targeting values ("Science/Physics",
 * "Japanese", "NTT Docomo"), core's country name for ISO codes, "#tag" for hashtags, the platform
 * name for devices, a readable form of job keys; words and places as indexed.
 */
export function termLabel(index: AudienceIndex, term: number): string {
  const field = index.terms.field(term);
  const value = index.terms.value(term);
  const kind = CATALOGUE_OF[field];
  if (kind) return index.catalogue.name(kind, value) ?? value;
  return FORMAT[field]?.(index, value) ?? value;
}
