import { Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { TargetingPackage } from '@murmur/core/targeting';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CatalogueItem } from '../../../lib/api/audience-types';
import { errorText } from '../../../lib/error-text';
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

const toOption = (item: CatalogueItem): PickerOption => ({
  value: item.value,
  label: item.label,
  detail: item.category,
  size: item.size,
});

/**
 * Interests, conversation topics, movies/TV, network operators and languages: the most common items
 * first, then the catalogue's search as the user types (languages are few and filtered here).
 */
export function CatalogueField({ catalogue, label, description, pkg, onChange }: CatalogueFieldProps) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query.trim(), 250);
  const list = useCatalogue(catalogue);
  const searchable: SearchableCatalogue | null = catalogue === 'languages' ? null : catalogue;
  const search = useSearchCatalogue(searchable ?? 'interests', searchable === null ? '' : debounced);

  const options = useMemo((): PickerOption[] => {
    const all = list.data ?? [];
    if (debounced === '')
      return [...all]
        .sort((a, b) => b.size - a.size)
        .slice(0, SUGGESTED)
        .map(toOption);
    if (searchable === null) {
      const needle = debounced.toLowerCase();
      return all
        .filter((item) => item.label.toLowerCase().includes(needle) || item.value.toLowerCase() === needle)
        .map(toOption);
    }
    return (search.data ?? []).map(toOption);
  }, [list.data, search.data, debounced, searchable]);

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
        error={failure === null ? null : errorText(failure, t)}
        onPick={(option) => onChange(addItem(pkg, catalogue, { label: option.label, id: option.value }))}
      />
      <ItemList field={catalogue} pkg={pkg} onChange={onChange} />
    </Stack>
  );
}
