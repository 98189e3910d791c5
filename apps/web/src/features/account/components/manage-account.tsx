import {
  Button,
  Group,
  Input,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { User } from '@murmur/core/api';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '@/components/page-title';
import { useLanguage } from '@/hooks/use-language';
import { errorText, fieldError } from '@/lib/error-text';
import { isAppLanguage, type AppLanguage } from '@/lib/i18n';
import { notify } from '@/lib/notifications';
import { useUpdateMe } from '../api/update-me';
import { useSaveLanguage } from '../hooks/use-save-language';
import { ConnectedAccounts } from './connected-accounts';
import { CredentialsSection } from './credentials-section';
import { YourDataSection } from './your-data-section';

export interface ManageAccountProps {
  user: User;
}

/** Language names are shown in their own language, so anyone can find theirs. */
export const LANGUAGE_OPTIONS: { value: AppLanguage; label: string }[] = [
  { value: 'en', label: 'English' },
  { value: 'ja', label: '日本語' },
];

/** /:teamId/account — the user's names and interface language. */
export function ManageAccount({ user }: ManageAccountProps) {
  const { t, i18n } = useTranslation();
  const current = useLanguage();
  const update = useUpdateMe();
  const { save: saveLanguage, isPending: savingLanguage } = useSaveLanguage();
  const [firstName, setFirstName] = useState(user.first_name);
  const [lastName, setLastName] = useState(user.last_name);
  const [language, setLanguage] = useState<AppLanguage>(user.language);
  const [errors, setErrors] = useState<{ first_name?: string; last_name?: string; form?: string }>({});
  const languageId = useId();
  usePageTitle(t('account.title'));

  const saveProfile = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    try {
      await update.mutateAsync({ first_name: firstName.trim(), last_name: lastName.trim() });
      notify.success(t('account.profileSaved'));
    } catch (failure) {
      setErrors({
        first_name: fieldError(failure, 'first_name') ?? undefined,
        last_name: fieldError(failure, 'last_name') ?? undefined,
        form: errorText(failure, t),
      });
    }
  };

  const submitLanguage = async (event: FormEvent) => {
    event.preventDefault();
    await saveLanguage(language, { signedIn: true });
    // In the language just chosen: `t` still speaks the one this render had.
    notify.success(i18n.getFixedT(language)('account.languageSaved'));
  };

  return (
    <Stack gap="lg" maw={720}>
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('account.title')}
        </Title>
        <Text c="dimmed">{user.email}</Text>
      </Stack>

      <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="profile-title">
        <Title order={2} size="h4" mb="md" id="profile-title">
          {t('account.profile')}
        </Title>
        <form onSubmit={(event) => void saveProfile(event)} noValidate>
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label={t('account.firstName')}
                autoComplete="given-name"
                maxLength={150}
                value={firstName}
                onChange={(event) => setFirstName(event.currentTarget.value)}
                error={errors.first_name}
              />
              <TextInput
                label={t('account.lastName')}
                autoComplete="family-name"
                maxLength={150}
                value={lastName}
                onChange={(event) => setLastName(event.currentTarget.value)}
                error={errors.last_name}
              />
            </SimpleGrid>
            {errors.form !== undefined && (
              <Text c="red" size="sm" role="alert">
                {errors.form}
              </Text>
            )}
            <Group>
              <Button type="submit" loading={update.isPending}>
                {t('account.saveProfile')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>

      <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="language-title">
        <Title order={2} size="h4" mb="md" id="language-title">
          {t('account.languageSection')}
        </Title>
        <form onSubmit={(event) => void submitLanguage(event)}>
          <Group align="flex-end">
            {/* A separate label: Mantine would also label its (always mounted) option list with it,
                which makes "the Language field" ambiguous for assistive tech and browser tests. */}
            <Stack gap={4}>
              <Input.Label htmlFor={languageId}>{t('account.language')}</Input.Label>
              <Select
                id={languageId}
                data={LANGUAGE_OPTIONS}
                value={language}
                onChange={(value) => {
                  if (isAppLanguage(value)) setLanguage(value);
                }}
                allowDeselect={false}
                w={220}
              />
            </Stack>
            <Button
              type="submit"
              loading={savingLanguage}
              disabled={language === current && language === user.language}
            >
              {t('account.saveLanguage')}
            </Button>
          </Group>
        </form>
      </Paper>
      <ConnectedAccounts />
      <CredentialsSection />
      <YourDataSection email={user.email} />
    </Stack>
  );
}
