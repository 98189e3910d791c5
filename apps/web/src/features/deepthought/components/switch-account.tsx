import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader, usePageTitle } from '@/components/page-title';
import { QueryError } from '@/components/route-error';
import { errorText } from '@/lib/error-text';
import { useDisconnectAccount } from '../api/disconnect-account';
import { useDtAccounts } from '../api/get-accounts';
import { useSelectAccount } from '../api/select-account';
import { Freshness } from './dt-frame';
import { SignInWithXButton } from './sign-in';

/** /switch-account: the connected X accounts; pick the one the suite shows, add or remove one. */
export function SwitchAccountScreen() {
  const { t } = useTranslation();
  usePageTitle(t('premium.screens.switchAccount'));
  const accounts = useDtAccounts();
  const select = useSelectAccount();
  const disconnect = useDisconnectAccount();
  const navigate = useNavigate();
  return (
    <Stack gap="md" maw={720}>
      <PageHeader title={t('premium.screens.switchAccount')} intro={t('deepThought.intro.switchAccount')} />
      {accounts.isError && <QueryError query={accounts} />}
      {accounts.data?.length === 0 && <Text c="dimmed">{t('deepThought.noAccounts')}</Text>}
      {accounts.data?.map((account) => (
        <Paper key={account.id} withBorder p="md" radius="md">
          <Group justify="space-between">
            <Stack gap={2}>
              <Group gap="xs">
                <Text fw={600}>{account.name}</Text>
                <Text c="dimmed">@{account.username}</Text>
                {account.selected && (
                  <Badge color="violet" variant="light">
                    {t('deepThought.current')}
                  </Badge>
                )}
              </Group>
              <Freshness syncedAt={account.synced_at} />
            </Stack>
            <Group gap="xs">
              {!account.selected && (
                <Button
                  size="xs"
                  loading={select.isPending && select.variables === account.id}
                  onClick={() =>
                    select.mutate(account.id, { onSuccess: () => void navigate('/premium-suite') })
                  }
                >
                  {t('deepThought.switchTo', { username: account.username })}
                </Button>
              )}
              <Button
                size="xs"
                color="red"
                variant="subtle"
                onClick={() => {
                  if (window.confirm(t('deepThought.confirmDisconnect', { username: account.username })))
                    disconnect.mutate(account.id);
                }}
              >
                {t('deepThought.disconnect')}
              </Button>
            </Group>
          </Group>
        </Paper>
      ))}
      {(select.isError || disconnect.isError) && (
        <Text c="red" role="alert">
          {errorText(select.error ?? disconnect.error, t)}
        </Text>
      )}
      <Group>
        <SignInWithXButton adding />
      </Group>
    </Stack>
  );
}
