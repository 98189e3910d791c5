import { Button, Group, Text, TextInput } from '@mantine/core';
import type { Team } from '@murmur/core/api';
import type { FormRules } from '@murmur/core/validation';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormValidator } from '@/hooks/use-form-validator';
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
  // SPEC §5's shared validator: required, at least 2 characters, at most 100 (the input's maxlength;
  // "less than 101"); once an error shows, every change re-checks it, so it goes when the name is fixed.
  const rules = useMemo(
    (): FormRules<{ name: string }> => ({
      name: { required: true, min: 2, max: 101, label: t('teams.settings.nameLabel') },
    }),
    [t],
  );
  const validator = useFormValidator(rules);
  const error = validator.errors.name;

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
    if (!(await validator.validate({ name: name.trim() }))) return;
    try {
      await update.mutateAsync({ name: name.trim() });
      notify.success(t('teams.settings.nameSaved'));
    } catch (failure) {
      validator.setErrors({ name: fieldError(failure, 'name') ?? errorText(failure, t) });
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Group align="flex-end" wrap="wrap">
        <TextInput
          label={t('teams.settings.nameLabel')}
          value={name}
          onChange={(event) => {
            const next = event.currentTarget.value;
            setName(next);
            validator.changed({ name: next.trim() });
          }}
          error={error}
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
