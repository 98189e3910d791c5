import {
  Alert,
  Autocomplete,
  Button,
  Group,
  Skeleton,
  Stack,
  TextInput,
  type ComboboxItem,
} from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExploreResult as Result } from '@murmur/core/api';
import { errorText } from '@/lib/error-text';
import { ExploreResult } from './explore-result';

export interface ExploreFormProps<B> {
  label: string;
  placeholder: string;
  description: string;
  toBody: (text: string) => B;
  mutation: UseMutationResult<Result, Error, B>;
  teamSlug: string;
  /** Suggestions for the input (e.g. interests), as the reader reads them. */
  suggestions?: string[];
  /** Whether a suggestion matches what is typed (by default: it contains it, ignoring case). */
  suggestionMatches?: (suggestion: string, search: string) => boolean;
}

const contains = (suggestion: string, search: string) =>
  suggestion.toLowerCase().includes(search.trim().toLowerCase());

/** One way to explore: a question in one field, the audience it finds below. */
export function ExploreForm<B>({
  label,
  placeholder,
  description,
  toBody,
  mutation,
  teamSlug,
  suggestions,
  suggestionMatches = contains,
}: ExploreFormProps<B>) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() !== '') mutation.mutate(toBody(text.trim()));
  };
  return (
    <Stack gap="md">
      <form onSubmit={submit}>
        <Group align="flex-end" gap="sm">
          {suggestions === undefined ? (
            <TextInput
              label={label}
              description={description}
              placeholder={placeholder}
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
              style={{ flex: 1, maxWidth: 480 }}
            />
          ) : (
            <Autocomplete
              label={label}
              description={description}
              placeholder={placeholder}
              value={text}
              onChange={setText}
              data={suggestions}
              filter={({ options, search, limit }) =>
                options
                  .filter((o): o is ComboboxItem => 'value' in o && suggestionMatches(o.value, search))
                  .slice(0, limit)
              }
              limit={20}
              style={{ flex: 1, maxWidth: 480 }}
            />
          )}
          <Button type="submit" loading={mutation.isPending} disabled={text.trim() === ''}>
            {t('explore.explore')}
          </Button>
        </Group>
      </form>
      {mutation.isError && (
        <Alert color="red" role="alert">
          {errorText(mutation.error, t)}
        </Alert>
      )}
      {mutation.isPending && mutation.data === undefined && (
        <Skeleton role="status" h={160} radius="md" aria-label={t('common.loading')} />
      )}
      {mutation.data !== undefined && <ExploreResult result={mutation.data} teamSlug={teamSlug} />}
    </Stack>
  );
}
