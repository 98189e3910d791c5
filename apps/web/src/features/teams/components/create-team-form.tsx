import { Button, Code, Stack, Text, TextInput } from '@mantine/core';
import type { Team } from '@murmur/core/api';
import type { FormRules } from '@murmur/core/validation';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormValidator } from '@/hooks/use-form-validator';
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
  const slug = slugify(name);
  // SPEC §5's shared validator ("must be less than N characters": MAX_NAME itself is still accepted);
  // once an error shows, every change re-checks it.
  const rules = useMemo(
    (): FormRules<{ name: string }> => ({
      name: { required: true, min: MIN_NAME, max: MAX_NAME + 1, label: t('teams.create.nameLabel') },
    }),
    [t],
  );
  const validator = useFormValidator(rules);
  const error = validator.errors.name;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!(await validator.validate({ name: name.trim() })) || create.isPending) return;
    try {
      const team = await create.mutateAsync({ name: name.trim(), ...(slug !== '' ? { slug } : {}) });
      await onCreated(team);
    } catch (failure) {
      validator.setErrors({
        name: fieldError(failure, 'slug') ?? fieldError(failure, 'name') ?? errorText(failure, t),
      });
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
            const next = event.currentTarget.value;
            setName(next);
            validator.changed({ name: next.trim() });
          }}
          error={error}
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
