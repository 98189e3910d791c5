import { Alert, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/error-text';
import { notify } from '@/lib/notifications';
import { useCredentials } from '../api/get-credentials';
import { useRevokeAllCredentials } from '../api/revoke-all-credentials';
import { useRevokeCredential, type CredentialRef } from '../api/revoke-credential';
import { useRevokeOtherCredentials } from '../api/revoke-other-credentials';
import { CredentialItem } from './credential-item';

const LIST_STYLE = { listStyle: 'none', padding: 0, margin: 0 } as const;

/** Manage account: my browser sessions and personal tokens, with Revoke and "Sign out everywhere (else)". */
export function CredentialsSection() {
  const { t } = useTranslation();
  const credentials = useCredentials();
  const revoke = useRevokeCredential();
  const revokeOthers = useRevokeOtherCredentials();
  const revokeAll = useRevokeAllCredentials();
  const [error, setError] = useState<string | null>(null);

  const run = async (work: () => Promise<unknown>, done?: string) => {
    setError(null);
    try {
      await work();
      if (done) notify.success(done);
    } catch (failure) {
      setError(errorText(failure, t));
    }
  };
  const onRevoke = (ref: CredentialRef) => void run(() => revoke.mutateAsync(ref), t('credentials.revoked'));
  const revoking = (kind: CredentialRef[0], id: number) =>
    revoke.isPending && revoke.variables[0] === kind && revoke.variables[1] === id;

  const data = credentials.data;
  const empty = data !== undefined && data.sessions.length === 0 && data.tokens.length === 0;
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="credentials-title">
      <Title order={2} size="h4" mb="xs" id="credentials-title">
        {t('credentials.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('credentials.intro')}
      </Text>
      <Stack gap="md">
        {credentials.isPending && <Loader role="status" size="sm" aria-label={t('common.loading')} />}
        {credentials.isError && (
          <Alert color="red" role="alert">
            <Group justify="space-between">
              <Text size="sm">{errorText(credentials.error, t)}</Text>
              <Button size="xs" variant="default" onClick={() => void credentials.refetch()}>
                {t('common.retry')}
              </Button>
            </Group>
          </Alert>
        )}
        {empty && <Text c="dimmed">{t('credentials.empty')}</Text>}
        {data !== undefined && !empty && (
          <Stack gap={0} component="ul" style={LIST_STYLE} aria-label={t('credentials.title')}>
            {data.sessions.map((c) => (
              <CredentialItem
                key={`s${c.id}`}
                kind="session"
                credential={c}
                revoking={revoking('session', c.id)}
                onRevoke={onRevoke}
              />
            ))}
            {data.tokens.map((c) => (
              <CredentialItem
                key={`t${c.id}`}
                kind="token"
                credential={c}
                revoking={revoking('token', c.id)}
                onRevoke={onRevoke}
              />
            ))}
          </Stack>
        )}
        {error !== null && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group>
          <Button
            variant="default"
            loading={revokeOthers.isPending}
            disabled={data === undefined}
            onClick={() => void run(() => revokeOthers.mutateAsync(), t('credentials.othersRevoked'))}
          >
            {t('credentials.revokeOthers')}
          </Button>
          <Button
            variant="subtle"
            color="red"
            c="red.9"
            loading={revokeAll.isPending}
            onClick={() => void run(() => revokeAll.mutateAsync())}
          >
            {t('credentials.revokeAll')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
