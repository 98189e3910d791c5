import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

export interface SsoSignInProps {
  /** The reason a sign-in came back refused (`?sso_error=`), if it did. */
  error?: string | null | undefined;
  /** Where the browser goes (tests replace it). */
  navigate?: (url: string) => void;
}

const REASONS = [
  'not_configured',
  'ambiguous',
  'state',
  'provider',
  'email_unverified',
  'domain',
  'existing_account',
  'seats',
] as const;

/** Login screen: "Sign in with your company (SSO)": the team or e-mail domain, then its provider. */
export function SsoSignIn({ error, navigate = (url) => window.location.assign(url) }: SsoSignInProps) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  const reason = REASONS.find((r) => r === error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = value.trim();
    if (typed) navigate(`/api/auth/sso/${encodeURIComponent(typed)}/start`);
  };
  return (
    <form onSubmit={submit} aria-label={t('sso.login.title')}>
      <Stack gap="xs">
        {error && (
          <Alert color="red" role="alert">
            {t(`sso.errors.${reason ?? 'provider'}`)}
          </Alert>
        )}
        <TextInput
          label={t('sso.login.title')}
          description={t('sso.login.hint')}
          placeholder="example.com"
          value={value}
          onChange={(e) => setValue(e.currentTarget.value)}
          autoComplete="organization"
        />
        <Group>
          <Button type="submit" variant="default" disabled={!value.trim()}>
            {t('sso.login.continue')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
