import type { LabelItem, TermItem } from '@murmur/core/targeting';
import { catalogueNames } from '@/lib/catalogue-names';
import { countryName, languageName, regionName } from '@/lib/locale-names';
import type { AppLanguage } from '@/lib/i18n';
import { itemText, type ItemField } from './package-ops';

/**
 * What a person reads for an item, in the interface language: countries, languages and regions are
 * stored with English labels and codes ("Japan"/JP, "Japanese"/ja) and shown as 日本, 日本語 in Japanese;
 * interests, topics and movies/TV by the catalogue's Japanese names (スポーツ/サッカー).
 */
export const displayItemText = (
  field: ItemField,
  item: TermItem | LabelItem,
  language: AppLanguage,
): string => {
  const text = itemText(field, item);
  const id = 'id' in item && item.id !== undefined ? String(item.id) : undefined;
  if (field === 'countries') return language === 'en' ? text : countryName(id ?? text, language);
  if (field === 'languages') return languageName(id, text, language);
  if (field === 'locations') return regionName(text, language);
  return catalogueNames(language).packageItem(field, text);
};
