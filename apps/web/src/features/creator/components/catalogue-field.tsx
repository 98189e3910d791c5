import { Stack } from '@mantine/core';
import { useDebounced } from '@/lib/debounce';
import { COUNTRIES } from '@murmur/core/countries';
import type { TargetingPackage } from '@murmur/core/targeting';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CatalogueEntry } from '@murmur/core/api';
import { useLanguage } from '@/hooks/use-language';
import { useCatalogueNames } from '@/lib/catalogue-names';
import { errorText } from '@/lib/error-text';
import { languageName } from '@/lib/locale-names';
import { useCatalogue, type Catalogue } from '../api/get-catalogue';
import { useSearchCatalogue, type SearchableCatalogue } from '../api/search-catalogue';
import { addItem } from '../utils/package-ops';
import { ItemList } from './item-list';
import { SearchPicker, type PickerOption } from './search-picker';

export interface CatalogueFieldProps {
  catalogue: Catalogue;
  label: string;
  description: string;
  pkg: TargetingPackage;
  onChange: (pkg: TargetingPackage) => void;
}

const SUGGESTED = 20;

const toOption = (item: CatalogueEntry): PickerOption => ({
  value: item.value,
  label: item.label,
  detail: item.category,
  figure: item.size_figure,
});

/**
 * Interests, conversation topics, movies/TV, network operators and languages: the most common items
 * first, then the catalogue's search as the user types (languages are few and filtered here).
 */
export function CatalogueField({ catalogue, label, description, pkg, onChange }: CatalogueFieldProps) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [debounced] = useDebounced(query.trim());
  const list = useCatalogue(catalogue);
  const searchable: SearchableCatalogue | null = catalogue === 'languages' ? null : catalogue;
  const search = useSearchCatalogue(searchable ?? 'interests', searchable === null ? '' : debounced);
  const language = useLanguage();
  const names = useCatalogueNames();

  const options = useMemo((): PickerOption[] => {
    // Items are listed by name in the interface language (日本語, スポーツ/サッカー), picked with the
    // catalogue's own (English) label.
    const shown = (item: CatalogueEntry) =>
      catalogue === 'languages'
        ? languageName(item.value, item.label, language)
        : names.packageItem(catalogue, item.label);
    // The category under each item: an interest's category, a topic's type or a title's genre by
    // name (X gives codes: SPORTS_LEAGUES, DRAMA), an operator's country.
    const detail = (category: string | null | undefined): string | null => {
      if (!category) return null;
      switch (catalogue) {
        case 'interests':
          return names.name('interests', category);
        case 'conversation_topics':
          return names.code('conversation_types', category);
        case 'movies_tv_shows':
          return names.code('movie_genres', category);
        case 'network_operators': {
          const country = COUNTRIES.find((c) => c.code === category);
          return country === undefined ? category : language === 'ja' ? country.nameJa : country.name;
        }
        case 'languages':
          return category;
      }
    };
    const option = (item: CatalogueEntry) => ({
      ...toOption(item),
      label: shown(item),
      detail: detail(item.category),
    });
    const all = list.data ?? [];
    if (debounced === '')
      return [...all]
        .sort((a, b) => b.size - a.size)
        .slice(0, SUGGESTED)
        .map(option);
    if (searchable === null) {
      const needle = debounced.toLowerCase();
      return all
        .filter(
          (item) =>
            item.label.toLowerCase().includes(needle) ||
            shown(item).toLowerCase().includes(needle) ||
            item.value.toLowerCase() === needle,
        )
        .map(option);
    }
    // The catalogue's search reads its own (English) names; names typed in the interface language are
    // found in the list as shown.
    const needle = debounced.toLowerCase();
    const found = search.data ?? [];
    const shownMatches =
      language === 'en'
        ? []
        : all.filter(
            (item) =>
              shown(item).toLowerCase().includes(needle) && !found.some((f) => f.value === item.value),
          );
    return [...found, ...shownMatches].map(option);
  }, [list.data, search.data, debounced, searchable, catalogue, language, names]);
  /** The catalogue's own (English) label of a picked option: the package keeps it. */
  const storedLabel = (value: string, fallback: string) =>
    [...(list.data ?? []), ...(search.data ?? [])].find((item) => item.value === value)?.label ?? fallback;

  const failure = list.isError ? list.error : search.isError ? search.error : null;
  return (
    <Stack gap="xs">
      <SearchPicker
        label={label}
        description={description}
        placeholder={t('creator.picker.search')}
        query={query}
        onQueryChange={setQuery}
        options={options}
        loading={list.isPending || search.isFetching}
        // The list for an older text (still debouncing, or kept while the new search runs) is not offered.
        stale={
          query.trim() !== debounced || (searchable !== null && debounced !== '' && search.isPlaceholderData)
        }
        error={failure === null ? null : errorText(failure, t)}
        onPick={(option) =>
          onChange(
            addItem(pkg, catalogue, { label: storedLabel(option.value, option.label), id: option.value }),
          )
        }
      />
      <ItemList field={catalogue} pkg={pkg} onChange={onChange} />
    </Stack>
  );
}
