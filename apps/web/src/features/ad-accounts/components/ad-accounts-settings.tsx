import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { AdAccount, Team } from '@murmur/core/api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '@/lib/api/get-me';
import { errorText } from '@/lib/error-text';
import { notify } from '@/lib/notifications';
import { useAdAccounts, useCreateAdAccount, useValidateAdAccount } from '../api/ad-accounts';
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
      {accounts.isPending && <Loader role="status" size="sm" aria-label={t('common.loading')} />}
      {accounts.isError && <Alert color="red">{errorText(accounts.error, t)}</Alert>}
      {accounts.data?.length === 0 && <NoAdAccounts />}
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

/** Where X's advertisers create ad accounts. */
const X_ADS_URL = 'https://ads.x.com/';

/**
 * No ad account to list: without a connected X account, where to connect it; with one, why the list
 * is empty and the two ways out — create one on X Ads, or add one the user reaches by its id (SPEC §7
 * create ad account; access becomes true).
 */
function NoAdAccounts() {
  const { t } = useTranslation();
  const me = useMe();
  const create = useCreateAdAccount();
  const [id, setId] = useState('');
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const connected = me.data?.social_accounts.some((a) => a.provider.startsWith('twitter')) === true;
  if (!connected) return <Text c="dimmed">{t('paying.adAccounts.notConnected')}</Text>;

  const add = async () => {
    setError(null);
    try {
      const created = await create.mutateAsync({ account_id: id.trim(), name: name.trim() });
      notify.success(t('paying.adAccounts.added', { name: created.name }));
      setId('');
      setName('');
    } catch (failure) {
      setError(errorText(failure, t));
    }
  };

  return (
    <Stack gap="sm" data-testid="no-ad-accounts">
      <Alert color="blue" title={t('paying.adAccounts.noneTitle')}>
        <Stack gap="xs">
          <Text size="sm">{t('paying.adAccounts.noneBody')}</Text>
          <Anchor href={X_ADS_URL} target="_blank" rel="noreferrer" size="sm">
            {t('paying.adAccounts.createOnX')}
          </Anchor>
        </Stack>
      </Alert>
      <Stack
        component="form"
        gap="xs"
        aria-label={t('paying.adAccounts.addTitle')}
        onSubmit={(event) => {
          event.preventDefault();
          void add();
        }}
      >
        <Title order={3} size="h5">
          {t('paying.adAccounts.addTitle')}
        </Title>
        <Group align="flex-start" wrap="wrap" gap="sm">
          <TextInput
            label={t('paying.adAccounts.id')}
            description={t('paying.adAccounts.idHint')}
            value={id}
            onChange={(event) => setId(event.currentTarget.value)}
            maxLength={64}
            required
            miw={200}
            style={{ flex: 1 }}
          />
          <TextInput
            label={t('paying.adAccounts.name')}
            description={t('paying.adAccounts.nameHint')}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            maxLength={255}
            required
            miw={200}
            style={{ flex: 1 }}
          />
        </Group>
        {error !== null && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={create.isPending} disabled={!id.trim() || !name.trim()}>
            {t('paying.adAccounts.add')}
          </Button>
        </Group>
      </Stack>
    </Stack>
  );
}
