import { Stack } from '@mantine/core';
import type { TargetingCountry } from '@murmur/core/api';
import { countryKey, normaliseCountry } from '@murmur/core/countries';
import type { TargetingPackage } from '@murmur/core/targeting';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/hooks/use-language';
import { errorText } from '@/lib/error-text';
import { useTargetingCountries } from '../api/get-targeting-countries';
import { addItem } from '../utils/package-ops';
import { ItemList } from './item-list';
import { SearchPicker, type PickerOption } from './search-picker';

export interface CountriesFieldProps {
  pkg: TargetingPackage;
  onChange: (pkg: TargetingPackage) => void;
}

/**
 * The countries a query means: the one its alias or code names first (SPEC §5: "usa", "uk",
 * "viet nam" …), then every country whose English or Japanese name contains it.
 */
export const matchCountries = (countries: readonly TargetingCountry[], query: string): TargetingCountry[] => {
  const key = countryKey(query);
  if (key === '') return [...countries];
  const exact = normaliseCountry(query);
  const matches = countries.filter(
    (country) =>
      country.code !== exact?.code &&
      (countryKey(country.name).includes(key) || countryKey(country.name_ja).includes(key)),
  );
  const first = exact === undefined ? undefined : countries.find((country) => country.code === exact.code);
  return first === undefined ? matches : [first, ...matches];
};

/** Countries (SPEC §4: DPRK is listed but cannot be selected, and says why). */
export function CountriesField({ pkg, onChange }: CountriesFieldProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [query, setQuery] = useState('');
  const countries = useTargetingCountries();
  const list = countries.data;
  const options = useMemo(
    (): PickerOption[] =>
      matchCountries(list ?? [], query).map((country) => ({
        value: country.code,
        label: language === 'ja' ? country.name_ja : country.name,
        detail: language === 'ja' ? country.name : null,
        disabled: !country.selectable,
        info: country.selectable ? undefined : t('creator.countries.notAvailable'),
      })),
    [list, query, language, t],
  );
  return (
    <Stack gap="xs">
      <SearchPicker
        label={t('creator.fields.countries.label')}
        description={t('creator.fields.countries.description')}
        placeholder={t('creator.fields.countries.placeholder')}
        query={query}
        onQueryChange={setQuery}
        options={options}
        loading={countries.isPending}
        error={countries.isError ? errorText(countries.error, t) : null}
        onPick={(option) => {
          const country = list?.find((candidate) => candidate.code === option.value);
          // The package keeps the English name (what the engine and X read) and the ISO code.
          if (country?.selectable === true)
            onChange(addItem(pkg, 'countries', { label: country.name, id: country.code }));
        }}
      />
      <ItemList field="countries" pkg={pkg} onChange={onChange} />
    </Stack>
  );
}
