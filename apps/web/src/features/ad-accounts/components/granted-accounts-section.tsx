import { Alert, Anchor, Button, Group, Loader, Paper, Select, Stack, Text, Title } from '@mantine/core';
import type { Team, User } from '@murmur/core/api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorText } from '@/lib/error-text';
import { notify } from '@/lib/notifications';
import { useAdAccounts, useGrantAccount, useGrantedAccounts, useRevokeGrant } from '../api/ad-accounts';

export interface GrantedAccountsSectionProps {
  team: Team;
  user: User;
}

/**
 * Team settings, "teams granted access" (SPEC §6): the ad accounts members granted to this team for
 * audience uploads; an admin grants one of their own ad accounts, and withdraws their grants.
 */
export function GrantedAccountsSection({ team, user }: GrantedAccountsSectionProps) {
  const { t } = useTranslation();
  const membership = user.memberships.find((m) => m.team.id === team.id);
  const admin = membership?.level === 'admin';
  const accounts = useAdAccounts();
  const grants = useGrantedAccounts();
  const grant = useGrantAccount();
  const revoke = useRevokeGrant();
  const [choice, setChoice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const mine = (grants.data ?? []).filter((g) => g.member === membership?.id);
  const nameOf = (id: string) => accounts.data?.find((a) => a.id === id)?.name ?? id;
  const options = (accounts.data ?? [])
    .filter((a) => !mine.some((g) => g.account.account_id === a.id))
    .map((a) => ({ value: a.id, label: `${a.name} (${a.id})` }));

  const submit = async () => {
    if (!membership || choice === null) return;
    setError(null);
    const sent = choice;
    try {
      await grant.mutateAsync({ member: membership.id, account: { account_id: sent, network: 'twitter' } });
      setChoice((now) => (now === sent ? null : now));
      notify.success(t('xAds.granted.done'));
    } catch (failure) {
      setError(errorText(failure, t));
    }
  };

  const withdraw = async (id: number) => {
    setError(null);
    try {
      await revoke.mutateAsync(id);
    } catch (failure) {
      setError(errorText(failure, t));
    }
  };

  return (
    <Paper
      withBorder
      p="lg"
      radius="md"
      component="section"
      aria-labelledby="granted-title"
      id="granted-access"
    >
      <Title order={2} size="h4" mb="xs" id="granted-title">
        {t('xAds.granted.title')}
      </Title>
      <Text c="dimmed" size="sm" mb="md">
        {t('xAds.granted.intro')}
      </Text>
      <Stack gap="md">
        {(grants.isPending || accounts.isPending) && (
          <Loader role="status" size="sm" aria-label={t('common.loading')} />
        )}
        {grants.isError && <Alert color="red">{errorText(grants.error, t)}</Alert>}
        {grants.data !== undefined && mine.length === 0 && <Text c="dimmed">{t('xAds.granted.empty')}</Text>}
        {mine.length > 0 && (
          <Stack
            gap="xs"
            component="ul"
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
            data-testid="granted-accounts"
          >
            {mine.map((g) => (
              <Group component="li" key={g.id} justify="space-between">
                <Text>
                  {nameOf(g.account.account_id)}{' '}
                  <Text span size="xs" c="dimmed">
                    {g.account.account_id}
                  </Text>
                </Text>
                {admin && (
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    loading={revoke.isPending && revoke.variables === g.id}
                    onClick={() => void withdraw(g.id)}
                  >
                    {t('xAds.granted.withdraw')}
                  </Button>
                )}
              </Group>
            ))}
          </Stack>
        )}
        {admin &&
          accounts.data !== undefined &&
          (accounts.data.length === 0 ? (
            <NothingToGrant team={team} user={user} />
          ) : (
            <Group align="flex-end">
              <Select
                label={t('xAds.granted.choose')}
                data={options}
                value={choice}
                onChange={setChoice}
                w={320}
                disabled={options.length === 0}
              />
              <Button onClick={() => void submit()} loading={grant.isPending} disabled={choice === null}>
                {t('xAds.granted.grant')}
              </Button>
            </Group>
          ))}
        {error !== null && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * No ad account of the admin's to grant: without a connected X account, connect it first; with one,
 * the X account has no ad accounts yet, and Profile settings is where one is created or added.
 */
function NothingToGrant({ team, user }: GrantedAccountsSectionProps) {
  const { t } = useTranslation();
  const connected = user.social_accounts.some((a) => a.provider.startsWith('twitter'));
  return (
    <Text size="sm" data-testid="nothing-to-grant">
      {t(connected ? 'xAds.granted.noAdAccounts' : 'xAds.granted.connectFirst')}{' '}
      <Anchor component={Link} to={`/${encodeURIComponent(team.slug)}/account`} size="sm">
        {t('xAds.granted.toProfile')}
      </Anchor>
    </Text>
  );
}
