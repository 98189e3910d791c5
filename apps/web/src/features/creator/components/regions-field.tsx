import { Stack } from '@mantine/core';
import { useDebounced } from '@/lib/debounce';
import type { TargetingPackage } from '@murmur/core/targeting';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/hooks/use-language';
import { errorText } from '@/lib/error-text';
import { countryName, regionName } from '@/lib/locale-names';
import { useLocations } from '../api/get-locations';
import { addItem } from '../utils/package-ops';
import { ItemList } from './item-list';
import { SearchPicker } from './search-picker';

export interface RegionsFieldProps {
  pkg: TargetingPackage;
  onChange: (pkg: TargetingPackage) => void;
}

/** Regions inside countries (prefectures, states …), from the locations endpoint. */
export function RegionsField({ pkg, onChange }: RegionsFieldProps) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [debounced] = useDebounced(query.trim());
  const locations = useLocations(debounced, 'region');
  const language = useLanguage();
  return (
    <Stack gap="xs">
      <SearchPicker
        label={t('creator.fields.regions.label')}
        description={t('creator.fields.regions.description')}
        placeholder={t('creator.fields.regions.placeholder')}
        query={query}
        onQueryChange={setQuery}
        loading={locations.isFetching}
        error={locations.isError ? errorText(locations.error, t) : null}
        options={
          debounced === ''
            ? []
            : (locations.data ?? []).map((location) => ({
                value: location.value,
                label: regionName(location.label, language),
                detail:
                  language === 'ja' ? countryName(location.country_code, language) : location.country_code,
                figure: location.size_figure,
              }))
        }
        onPick={(option) => {
          // The package keeps the catalogue's own label.
          const label =
            locations.data?.find((location) => location.value === option.value)?.label ?? option.label;
          onChange(addItem(pkg, 'locations', { label, id: option.value }));
        }}
      />
      <ItemList field="locations" pkg={pkg} onChange={onChange} />
    </Stack>
  );
}
