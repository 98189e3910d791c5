import { Button, Code, Stack, Text, TextInput } from '@mantine/core';
import type { Team } from '@murmur/core/api';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, fieldError } from '@/lib/error-text';
import { useCreateTeam } from '../api/create-team';
import { slugify } from '../utils/slugify';

export interface CreateTeamFormProps {
  onCreated: (team: Team) => unknown;
}

const MIN_NAME = 2;
const MAX_NAME = 100;

/** Create team: a name, with a preview of the team's address (slug). */
export function CreateTeamForm({ onCreated }: CreateTeamFormProps) {
  const { t } = useTranslation();
  const create = useCreateTeam();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const slug = slugify(name);

  const validate = (value: string): string | null => {
    const trimmed = value.trim();
    if (trimmed === '') return t('validation.required', { field: t('teams.create.nameLabel') });
    if (trimmed.length < MIN_NAME)
      return t('validation.min', { field: t('teams.create.nameLabel'), count: MIN_NAME });
    if (trimmed.length > MAX_NAME)
      // SPEC §5 "must be less than N characters": MAX_NAME itself is still accepted.
      return t('validation.max', { field: t('teams.create.nameLabel'), count: MAX_NAME + 1 });
    return null;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = validate(name);
    setError(problem);
    if (problem !== null || create.isPending) return;
    try {
      const team = await create.mutateAsync({ name: name.trim(), ...(slug !== '' ? { slug } : {}) });
      await onCreated(team);
    } catch (failure) {
      setError(fieldError(failure, 'slug') ?? fieldError(failure, 'name') ?? errorText(failure, t));
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="sm">
        <TextInput
          label={t('teams.create.nameLabel')}
          placeholder={t('teams.create.namePlaceholder')}
          required
          maxLength={MAX_NAME}
          value={name}
          onChange={(event) => {
            setName(event.currentTarget.value);
            if (error !== null) setError(validate(event.currentTarget.value));
          }}
          error={error ?? undefined}
          data-autofocus
        />
        <Text size="sm" c="dimmed" aria-live="polite">
          {slug !== '' ? (
            <>
              {t('teams.create.slugPreview')} <Code>{`${window.location.host}/${slug}/`}</Code>
            </>
          ) : (
            t('teams.create.slugAutomatic')
          )}
        </Text>
        <Button type="submit" loading={create.isPending} style={{ alignSelf: 'flex-start' }}>
          {t('teams.create.submit')}
        </Button>
      </Stack>
    </form>
  );
}
