import { Alert, Badge, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { AdAccount, Team } from '@murmur/core/api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/error-text';
import { useAdAccounts, useValidateAdAccount } from '../api/ad-accounts';
import { AdGroupsList } from './ad-groups-list';
import { MeasurementPanel } from './measurement-panel';

type Access = 'unknown' | 'checking' | 'yes' | 'no';
type Part = 'groups' | 'measurement';

export interface AdAccountsSettingsProps {
  /** The team whose grant reads an ad account's measurement. */
  team: Team;
}

/**
 * Profile settings: the ad accounts of the connected X account, each with its SPEC §4 access
 * (unknown until checked, then true or false) and, when opened, its ad groups and ads (SPEC §2)
 * and its measurement: pixel, web events, app events and apps (SPEC §7).
 */
export function AdAccountsSettings({ team }: AdAccountsSettingsProps) {
  const { t } = useTranslation();
  const accounts = useAdAccounts();
  const validate = useValidateAdAccount();
  const [access, setAccess] = useState<Record<string, Access>>({});
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState<Record<string, Partial<Record<Part, boolean>>>>({});
  const toggle = (id: string, part: Part) =>
    setOpen((o) => ({ ...o, [id]: { ...o[id], [part]: o[id]?.[part] !== true } }));

  const check = async (account: AdAccount) => {
    setError(null);
    setAccess((a) => ({ ...a, [account.id]: 'checking' }));
    try {
      const result = await validate.mutateAsync(account.id);
      setAccess((a) => ({ ...a, [account.id]: result.access ? 'yes' : 'no' }));
    } catch (failure) {
      setAccess((a) => ({ ...a, [account.id]: 'unknown' }));
      setError(errorText(failure, t));
    }
  };

  const badge = (state: Access) =>
    state === 'yes' ? (
      <Badge color="teal">{t('xAds.access.yes')}</Badge>
    ) : state === 'no' ? (
      <Badge color="red">{t('xAds.access.no')}</Badge>
    ) : (
      <Badge color="gray">{t('xAds.access.unknown')}</Badge>
    );

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="ad-accounts-title">
      <Title order={2} size="h4" mb="xs" id="ad-accounts-title">
        {t('xAds.adAccounts.title')}
      </Title>
      <Text c="dimmed" size="sm" mb="md">
        {t('xAds.adAccounts.intro')}
      </Text>
      {accounts.isPending && <Loader size="sm" aria-label={t('common.loading')} />}
      {accounts.isError && <Alert color="red">{errorText(accounts.error, t)}</Alert>}
      {accounts.data?.length === 0 && <Text c="dimmed">{t('xAds.adAccounts.empty')}</Text>}
      {accounts.data !== undefined && accounts.data.length > 0 && (
        <Stack
          gap="xs"
          component="ul"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
          data-testid="ad-accounts"
        >
          {accounts.data.map((account) => {
            const state = access[account.id] ?? 'unknown';
            const opened = open[account.id]?.groups === true;
            const measuring = open[account.id]?.measurement === true;
            const groupsId = `ad-groups-${account.id}`;
            const measurementId = `measurement-${account.id}`;
            return (
              <Stack component="li" key={account.id} gap="xs">
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Stack gap={0}>
                    <Text fw={500}>{account.name}</Text>
                    <Text size="xs" c="dimmed">
                      {account.id}
                    </Text>
                  </Stack>
                  <Group gap="sm" wrap="wrap">
                    {badge(state)}
                    <Button
                      size="xs"
                      variant="default"
                      loading={state === 'checking'}
                      onClick={() => void check(account)}
                      aria-label={`${t('xAds.access.check')} ${account.name}`}
                    >
                      {t('xAds.access.check')}
                    </Button>
                    <Button
                      size="xs"
                      variant="subtle"
                      aria-expanded={opened}
                      aria-controls={groupsId}
                      aria-label={t(opened ? 'xAds.adGroups.hideFor' : 'xAds.adGroups.showFor', {
                        account: account.name,
                      })}
                      onClick={() => toggle(account.id, 'groups')}
                    >
                      {t(opened ? 'xAds.adGroups.hide' : 'xAds.adGroups.show')}
                    </Button>
                    <Button
                      size="xs"
                      variant="subtle"
                      aria-expanded={measuring}
                      aria-controls={measurementId}
                      aria-label={t(measuring ? 'xAds.measurement.hideFor' : 'xAds.measurement.showFor', {
                        account: account.name,
                      })}
                      onClick={() => toggle(account.id, 'measurement')}
                    >
                      {t(measuring ? 'xAds.measurement.hide' : 'xAds.measurement.show')}
                    </Button>
                  </Group>
                </Group>
                {opened && (
                  <div id={groupsId}>
                    <AdGroupsList accountId={account.id} accountName={account.name} />
                  </div>
                )}
                {measuring && (
                  <div id={measurementId}>
                    <MeasurementPanel team={team} accountId={account.id} accountName={account.name} />
                  </div>
                )}
              </Stack>
            );
          })}
        </Stack>
      )}
      {error !== null && (
        <Alert color="red" role="alert" mt="sm">
          {error}
        </Alert>
      )}
    </Paper>
  );
}
