import { Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { TargetingPackage } from '@murmur/core/targeting';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/error-text';
import { useAutocomplete } from '../api/autocomplete';
import { addItem, cleanHashtag } from '../utils/package-ops';
import { ItemList } from './item-list';
import { SearchPicker } from './search-picker';

export interface TermFieldProps {
  field: 'keywords' | 'hashtags';
  label: string;
  description: string;
  pkg: TargetingPackage;
  onChange: (pkg: TargetingPackage) => void;
}

/** Keywords or hashtags: free text, with the network's own terms suggested by prefix. */
export function TermField({ field, label, description, pkg, onChange }: TermFieldProps) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const clean = (text: string) => (field === 'hashtags' ? cleanHashtag(text) : text.trim());
  const [debounced] = useDebouncedValue(clean(query), 200);
  const suggestions = useAutocomplete(field, debounced);
  const add = (text: string) => {
    const value = clean(text);
    if (value !== '') onChange(addItem(pkg, field, { label: value }));
  };
  return (
    <Stack gap="xs">
      <SearchPicker
        label={label}
        description={description}
        placeholder={t(`creator.fields.${field}.placeholder`)}
        query={query}
        onQueryChange={setQuery}
        loading={suggestions.isFetching}
        error={suggestions.isError ? errorText(suggestions.error, t) : null}
        options={
          debounced === ''
            ? []
            : (suggestions.data ?? []).map((item) => ({
                value: item.value,
                label: field === 'hashtags' ? `#${cleanHashtag(item.label)}` : item.label,
                detail: item.detail,
                size: item.size,
              }))
        }
        onPick={(option) => add(option.label)}
        onFreeText={add}
      />
      <ItemList field={field} pkg={pkg} onChange={onChange} />
    </Stack>
  );
}
