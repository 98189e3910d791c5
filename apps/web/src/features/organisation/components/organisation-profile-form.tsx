import { Button, Group, Image, Stack, Text, TextInput } from '@mantine/core';
import type { Team } from '@murmur/core/api';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '@/components/avatar';
import { errorText, fieldError } from '@/lib/error-text';

export interface OrganisationProfileFormProps {
  team: Team;
  canEdit: boolean;
  /** PATCH /api/teams/{slug}/ with the changed fields (the route passes the teams feature's mutation). */
  save: (changes: { name?: string; logo?: string | null }) => Promise<unknown>;
}

const LOGO_PATTERN = /^https?:\/\/\S+$/i;

/** The organisation's name and logo (an image address), with the logo previewed as it will show. */
export function OrganisationProfileForm({ team, canEdit, save }: OrganisationProfileFormProps) {
  const { t } = useTranslation();
  const [name, setName] = useState(team.name);
  const [logo, setLogo] = useState(team.logo ?? '');
  const [error, setError] = useState<unknown>(null);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const logoInvalid = logo.trim() !== '' && !LOGO_PATTERN.test(logo.trim());
  const nameMissing = name.trim() === '';
  const changed = name.trim() !== team.name || logo.trim() !== (team.logo ?? '');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (logoInvalid || nameMissing || !changed) return;
    setSaving(true);
    setError(null);
    setSaved(false);
    try {
      await save({
        ...(name.trim() !== team.name && { name: name.trim() }),
        ...(logo.trim() !== (team.logo ?? '') && { logo: logo.trim() || null }),
      });
      setSaved(true);
    } catch (failure) {
      setError(failure);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="sm" maw={520}>
        <Group gap="md">
          {logo.trim() && !logoInvalid ? (
            <Image
              src={logo.trim()}
              alt={t('organisation.logoPreview')}
              w={48}
              h={48}
              radius="sm"
              fit="contain"
            />
          ) : (
            <Avatar name={name || team.name} size="lg" />
          )}
          <Text size="sm" c="dimmed">
            {team.slug}
          </Text>
        </Group>
        <TextInput
          label={t('organisation.name')}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          readOnly={!canEdit}
          required
          maxLength={100}
          error={nameMissing ? t('organisation.nameRequired') : fieldError(error, 'name')}
        />
        <TextInput
          label={t('organisation.logo')}
          description={t('organisation.logoHint')}
          value={logo}
          onChange={(event) => setLogo(event.currentTarget.value)}
          readOnly={!canEdit}
          type="url"
          error={logoInvalid ? t('organisation.logoInvalid') : fieldError(error, 'logo')}
        />
        {error !== null && fieldError(error, 'name') === null && fieldError(error, 'logo') === null && (
          <Text size="sm" c="red" role="alert">
            {errorText(error, t)}
          </Text>
        )}
        {saved && (
          <Text size="sm" fw={500} role="status">
            {t('organisation.saved')}
          </Text>
        )}
        {canEdit && (
          <Button
            type="submit"
            w="fit-content"
            loading={saving}
            disabled={!changed || logoInvalid || nameMissing}
          >
            {t('organisation.save')}
          </Button>
        )}
      </Stack>
    </form>
  );
}
