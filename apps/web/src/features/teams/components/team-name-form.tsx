import { Button, Group, Text, TextInput } from '@mantine/core';
import type { Team } from '@murmur/core/api';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, fieldError } from '@/lib/error-text';
import { notify } from '@/lib/notifications';
import { useUpdateTeam } from '../api/update-team';

export interface TeamNameFormProps {
  team: Team;
  canEdit: boolean;
}

/** The team's name; admins can rename it. */
export function TeamNameForm({ team, canEdit }: TeamNameFormProps) {
  const { t } = useTranslation();
  const update = useUpdateTeam(team.slug);
  const [name, setName] = useState(team.name);
  const [error, setError] = useState<string | null>(null);

  if (!canEdit) {
    return (
      <Text>
        <Text span c="dimmed" size="sm">
          {t('teams.settings.nameLabel')}:
        </Text>{' '}
        {team.name}
      </Text>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (name.trim().length < 2) {
      setError(t('validation.min', { field: t('teams.settings.nameLabel'), count: 2 }));
      return;
    }
    setError(null);
    try {
      await update.mutateAsync({ name: name.trim() });
      notify.success(t('teams.settings.nameSaved'));
    } catch (failure) {
      setError(fieldError(failure, 'name') ?? errorText(failure, t));
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Group align="flex-end" wrap="wrap">
        <TextInput
          label={t('teams.settings.nameLabel')}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={error ?? undefined}
          maxLength={100}
          w={320}
          maw="100%"
        />
        <Button type="submit" loading={update.isPending} disabled={name.trim() === team.name}>
          {t('teams.settings.saveName')}
        </Button>
      </Group>
    </form>
  );
}
