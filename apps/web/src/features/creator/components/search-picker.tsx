import { Combobox, Group, Loader, Stack, Text, TextInput, useCombobox } from '@mantine/core';
import { formatLargeNumber } from '../../../lib/large-number';
import type { EstimateFigure } from '@murmur/core/sampling';
import { useEffect, useEffectEvent, useId, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

export interface PickerOption {
  value: string;
  label: string;
  detail?: string | null;
  /** What the item alone reaches: Murmur's estimate, shown with its 95 % interval. */
  figure?: EstimateFigure;
  /** Shown but not selectable (SPEC §4: DPRK), with the reason. */
  disabled?: boolean;
  info?: string;
}

export interface SearchPickerProps {
  label: string;
  description?: string;
  placeholder?: string;
  query: string;
  onQueryChange: (query: string) => void;
  options: readonly PickerOption[];
  loading?: boolean;
  /** A failed search, already translated. */
  error?: string | null;
  onPick: (option: PickerOption) => void;
  /** Enter with no highlighted option adds the typed text itself (keywords, handles, hashtags). */
  onFreeText?: (text: string) => void;
  disabled?: boolean;
  /**
   * The options answer an older text than the one typed (the debounce or the search is still under
   * way): none is shown or pickable, so that a fast typist never picks from the last query's list.
   */
  stale?: boolean;
}

/** A search box with autocomplete: type, pick with the arrows and Enter or the mouse. */
export function SearchPicker({
  label,
  description,
  placeholder,
  query,
  onQueryChange,
  options,
  loading = false,
  error,
  onPick,
  onFreeText,
  disabled,
  stale = false,
}: SearchPickerProps) {
  const { t } = useTranslation();
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const id = useId();
  const current = stale ? [] : options;
  const searching = loading || stale;
  // Enter pressed while the options for the typed text were still on their way: the first of them
  // is picked when they come, unless the text changed meanwhile (as if Enter were pressed then).
  const enterPending = useRef<string | null>(null);

  const pick = (value: string) => {
    const option = current.find((candidate) => candidate.value === value);
    if (option === undefined || option.disabled === true) return;
    onPick(option);
    onQueryChange('');
    combobox.closeDropdown();
  };
  const pickFirst = () => {
    const first = current.find((option) => option.disabled !== true);
    if (first !== undefined) pick(first.value);
  };

  const settled = useEffectEvent(() => {
    const pending = enterPending.current;
    enterPending.current = null;
    if (pending !== null && pending === query.trim()) pickFirst();
  });
  useEffect(() => {
    if (!searching) settled();
  }, [searching]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || combobox.getSelectedOptionIndex() !== -1) return;
    event.preventDefault();
    const text = query.trim();
    if (text === '') return;
    if (onFreeText !== undefined) {
      onFreeText(text);
      onQueryChange('');
      combobox.closeDropdown();
      return;
    }
    if (searching) enterPending.current = text;
    else pickFirst();
  };

  const showDropdown = query.trim() !== '' || current.length > 0;

  return (
    <Combobox store={combobox} onOptionSubmit={pick}>
      <Combobox.Target>
        <TextInput
          id={id}
          label={label}
          description={description}
          placeholder={placeholder}
          value={query}
          disabled={disabled}
          error={error ?? undefined}
          rightSection={
            searching ? <Loader role="status" size="xs" aria-label={t('common.loading')} /> : null
          }
          onChange={(event) => {
            enterPending.current = null;
            onQueryChange(event.currentTarget.value);
            combobox.openDropdown();
            combobox.resetSelectedOption();
          }}
          onFocus={() => combobox.openDropdown()}
          onClick={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          onKeyDown={onKeyDown}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!showDropdown}>
        <Combobox.Options mah={280} style={{ overflowY: 'auto' }}>
          {current.length === 0 ? (
            <Combobox.Empty>
              {searching
                ? t('common.loading')
                : onFreeText !== undefined && query.trim() !== ''
                  ? t('creator.picker.pressEnter', { text: query.trim() })
                  : t('creator.picker.noMatches')}
            </Combobox.Empty>
          ) : (
            current.map((option) => (
              <Combobox.Option
                key={option.value}
                value={option.value}
                disabled={option.disabled}
                aria-disabled={option.disabled === true ? true : undefined}
                aria-label={option.label}
              >
                <Stack gap={0}>
                  <Group justify="space-between" wrap="nowrap" gap="sm">
                    <Text size="sm" c={option.disabled === true ? 'dimmed' : undefined}>
                      {option.label}
                    </Text>
                    {option.figure !== undefined && (
                      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }} data-figure-kind="estimate">
                        {t('figures.estimateWithRange', {
                          value: formatLargeNumber(option.figure.value),
                          low: formatLargeNumber(option.figure.low),
                          high: formatLargeNumber(option.figure.high),
                        })}
                      </Text>
                    )}
                  </Group>
                  {(option.info ?? option.detail) && (
                    <Text size="xs" c={option.disabled === true ? 'red.7' : 'dimmed'}>
                      {option.info ?? option.detail}
                    </Text>
                  )}
                </Stack>
              </Combobox.Option>
            ))
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
