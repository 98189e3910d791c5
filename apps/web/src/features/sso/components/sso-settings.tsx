import {
  Alert,
  Button,
  Code,
  Group,
  Loader,
  PasswordInput,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import type { SsoConfig } from '@murmur/core/api';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSsoConfig } from '../api/get-sso-config';
import { useSaveSsoConfig } from '../api/save-sso-config';

export interface SsoSettingsProps {
  teamSlug: string;
}

/** Team settings' "Single sign-on" section (admins): the team's OpenID Connect provider. */
export function SsoSettings({ teamSlug }: SsoSettingsProps) {
  const { t } = useTranslation();
  const config = useSsoConfig(teamSlug);
  if (config.isPending) return <Loader role="status" size="sm" aria-label={t('sso.loading')} />;
  if (config.isError) return <Alert color="red">{t('sso.loadError')}</Alert>;
  // Keyed by the saved time so a save elsewhere resets the form.
  return <SsoForm key={config.data.updated ?? 'new'} teamSlug={teamSlug} config={config.data} />;
}

function SsoForm({ teamSlug, config }: { teamSlug: string; config: SsoConfig }) {
  const { t } = useTranslation();
  const save = useSaveSsoConfig(teamSlug);
  const [enabled, setEnabled] = useState(config.enabled);
  const [issuer, setIssuer] = useState(config.issuer);
  const [clientId, setClientId] = useState(config.client_id);
  const [secret, setSecret] = useState('');
  const [domains, setDomains] = useState(config.domains.join(', '));
  const [level, setLevel] = useState<SsoConfig['level']>(config.level);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({
      enabled,
      issuer: issuer.trim(),
      client_id: clientId.trim(),
      ...(secret && { client_secret: secret }),
      domains: domains
        .split(/[\s,]+/)
        .map((d) => d.trim())
        .filter(Boolean),
      level,
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('sso.intro')}
        </Text>
        <div>
          <Text size="sm" fw={500}>
            {t('sso.callbackUrl')}
          </Text>
          <Code block style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
            {config.callback_url}
          </Code>
        </div>
        <Switch
          label={t('sso.enabled')}
          checked={enabled}
          onChange={(e) => setEnabled(e.currentTarget.checked)}
        />
        <TextInput
          label={t('sso.issuer')}
          description={t('sso.issuerHint')}
          placeholder="https://login.example.com"
          value={issuer}
          onChange={(e) => setIssuer(e.currentTarget.value)}
          required
        />
        <TextInput
          label={t('sso.clientId')}
          value={clientId}
          onChange={(e) => setClientId(e.currentTarget.value)}
          required
        />
        <PasswordInput
          label={t('sso.clientSecret')}
          description={config.has_client_secret ? t('sso.secretKept') : t('sso.secretRequired')}
          value={secret}
          onChange={(e) => setSecret(e.currentTarget.value)}
          autoComplete="new-password"
          required={!config.has_client_secret}
        />
        <TextInput
          label={t('sso.domains')}
          description={t('sso.domainsHint')}
          placeholder="example.com"
          value={domains}
          onChange={(e) => setDomains(e.currentTarget.value)}
          required
        />
        <div>
          <Text size="sm" fw={500} id="sso-level-label">
            {t('sso.level')}
          </Text>
          <SegmentedControl
            aria-labelledby="sso-level-label"
            value={level}
            onChange={(value) => setLevel(value === 'admin' ? 'admin' : 'member')}
            data={[
              { value: 'member', label: t('sso.levels.member') },
              { value: 'admin', label: t('sso.levels.admin') },
            ]}
          />
        </div>
        {save.isError && (
          <Alert color="red" role="alert">
            {save.error instanceof Error && save.error.message ? save.error.message : t('sso.saveError')}
          </Alert>
        )}
        {save.isSuccess && (
          <Text size="sm" c="green" role="status">
            {t('sso.saved')}
          </Text>
        )}
        <Group>
          <Button type="submit" loading={save.isPending}>
            {t('sso.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
