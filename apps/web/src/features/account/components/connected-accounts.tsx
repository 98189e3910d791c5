import { Alert, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SocialSignInButton } from '@/components/social-sign-in-button';
import { errorText } from '@/lib/error-text';
import { notify } from '@/lib/notifications';
import { useDisconnectSocialAccount } from '../api/disconnect-social-account';
import { useSocialAccounts } from '../api/get-social-accounts';

const PROVIDER_NAMES = ['twitter', 'google', 'facebook', 'linkedin'] as const;
type KnownProvider = (typeof PROVIDER_NAMES)[number];
const isKnown = (provider: string): provider is KnownProvider =>
  (PROVIDER_NAMES as readonly string[]).includes(provider);

/** Manage account: the linked social accounts, with Disconnect, and buttons to link X, Google, Facebook or LinkedIn. */
export function ConnectedAccounts() {
  const { t } = useTranslation();
  const accounts = useSocialAccounts();
  const disconnect = useDisconnectSocialAccount();
  const [error, setError] = useState<string | null>(null);
  const name = (provider: string) =>
    isKnown(provider) ? t(`social.providerNames.${provider}` as const) : provider;

  const remove = async (id: number) => {
    setError(null);
    try {
      await disconnect.mutateAsync(id);
      notify.success(t('social.disconnected'));
    } catch (failure) {
      setError(errorText(failure, t));
    }
  };

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="connected-accounts-title">
      <Title order={2} size="h4" mb="md" id="connected-accounts-title">
        {t('social.connectedAccounts')}
      </Title>
      <Stack gap="md">
        {accounts.isPending && <Loader role="status" size="sm" aria-label={t('common.loading')} />}
        {accounts.isError && <Alert color="red">{errorText(accounts.error, t)}</Alert>}
        {accounts.data?.length === 0 && <Text c="dimmed">{t('social.noConnectedAccounts')}</Text>}
        {accounts.data !== undefined && accounts.data.length > 0 && (
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {accounts.data.map((account) => (
              <Group component="li" key={account.id} justify="space-between">
                <Text>
                  {name(account.provider)}
                  {account.handle !== null && (
                    <Text span c="dimmed" ml="xs">
                      @{account.handle}
                    </Text>
                  )}
                </Text>
                <Button
                  variant="subtle"
                  color="red"
                  size="xs"
                  loading={disconnect.isPending && disconnect.variables === account.id}
                  onClick={() => void remove(account.id)}
                  aria-label={`${t('social.disconnect')} ${name(account.provider)}${account.handle !== null ? ` @${account.handle}` : ''}`}
                >
                  {t('social.disconnect')}
                </Button>
              </Group>
            ))}
          </Stack>
        )}
        {error !== null && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group>
          <SocialSignInButton provider="twitter" label={t('social.connectX')} connect />
          <SocialSignInButton provider="google" label={t('social.connectGoogle')} connect />
          <SocialSignInButton provider="facebook" label={t('social.connectFacebook')} connect />
          <SocialSignInButton provider="linkedin" label={t('social.connectLinkedIn')} connect />
        </Group>
      </Stack>
    </Paper>
  );
}
