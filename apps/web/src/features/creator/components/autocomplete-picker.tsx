import { useDebounced } from '@/lib/debounce';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AutocompleteField } from '@murmur/core/api';
import type { AutocompleteResult } from '../api/autocomplete';
import { errorText } from '@/lib/error-text';
import { useAutocomplete } from '../api/autocomplete';
import { SearchPicker } from './search-picker';

export interface AutocompletePickerProps {
  field: AutocompleteField;
  label: string;
  description: string;
  placeholder: string;
  /** Typed or picked text as it is looked up and added ('' when there is nothing). */
  clean: (text: string) => string;
  /** How a suggestion reads in the list. */
  optionLabel: (item: AutocompleteResult) => string;
  /** Which text of a picked suggestion is added: its value or its label. */
  pick: 'value' | 'label';
  /** Adds a cleaned, non-empty text. */
  onAdd: (text: string) => void;
}

/** Handles, keywords or hashtags: free text, with the network's own suggested by prefix. */
export function AutocompletePicker({
  field,
  label,
  description,
  placeholder,
  clean,
  optionLabel,
  pick,
  onAdd,
}: AutocompletePickerProps) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [debounced] = useDebounced(clean(query));
  const suggestions = useAutocomplete(field, debounced);
  const add = (text: string) => {
    const value = clean(text);
    if (value !== '') onAdd(value);
  };
  return (
    <SearchPicker
      label={label}
      description={description}
      placeholder={placeholder}
      query={query}
      onQueryChange={setQuery}
      loading={suggestions.isFetching}
      // Results of an older text (still debouncing, or kept while the new search runs) are not offered.
      stale={clean(query) !== debounced || suggestions.isPlaceholderData}
      error={suggestions.isError ? errorText(suggestions.error, t) : null}
      options={
        debounced === ''
          ? []
          : (suggestions.data ?? []).map((item) => ({
              value: item.value,
              label: optionLabel(item),
              detail: item.detail,
              figure: item.size_figure,
            }))
      }
      onPick={(option) => add(option[pick])}
      onFreeText={add}
    />
  );
}
