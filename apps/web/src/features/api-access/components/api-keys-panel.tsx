import { Alert, Button, Checkbox, Group, NumberInput, Stack, Text, TextInput, Badge } from '@mantine/core';
import {
  API_KEY_RATE_LIMIT,
  API_KEY_SCOPES,
  type ApiKey,
  type ApiKeyScope,
  type CreatedApiKey,
} from '@murmur/core/api';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { errorText } from '@/lib/error-text';
import { SCOPE_TEXT, useApiKeys, useCreateApiKey, useRevokeApiKey } from '../api/api-keys';
import { ConfirmButton } from './confirm-button';
import { LoadState } from './load-state';
import { SecretOnce } from './secret-once';

export interface ApiKeysPanelProps {
  slug: string;
}

function CreateKeyForm({ slug, onCreated }: { slug: string; onCreated: (key: CreatedApiKey) => void }) {
  const { t } = useTranslation();
  const create = useCreateApiKey(slug);
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>(['audiences:read']);
  const [rate, setRate] = useState<number>(API_KEY_RATE_LIMIT.default);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const sent = name;
    create.mutate(
      { name, scopes, rate_limit_per_minute: rate },
      {
        onSuccess: (key) => {
          setName((now) => (now === sent ? '' : now));
          onCreated(key);
        },
      },
    );
  };
  return (
    <form onSubmit={submit}>
      <Stack gap="sm">
        <TextInput
          label={t('apiAccess.keys.name')}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          required
          maxLength={100}
        />
        <Checkbox.Group
          label={t('apiAccess.keys.scopes')}
          value={scopes}
          onChange={(v) => setScopes(v as ApiKeyScope[])}
        >
          <Stack gap={4} mt={4}>
            {API_KEY_SCOPES.map((scope) => (
              <Checkbox key={scope} value={scope} label={t(SCOPE_TEXT[scope])} />
            ))}
          </Stack>
        </Checkbox.Group>
        <NumberInput
          label={t('apiAccess.keys.rateLimit')}
          value={rate}
          onChange={(v) => setRate(typeof v === 'number' ? v : API_KEY_RATE_LIMIT.default)}
          min={API_KEY_RATE_LIMIT.min}
          max={API_KEY_RATE_LIMIT.max}
          allowDecimal={false}
          maw={240}
        />
        {create.error && (
          <Alert color="red" role="alert">
            {errorText(create.error, t)}
          </Alert>
        )}
        <Group>
          <Button
            type="submit"
            loading={create.isPending}
            disabled={name.trim() === '' || scopes.length === 0}
          >
            {t('apiAccess.keys.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Revoke after confirming, or the key's revoked badge. */
function RevokeCell({ slug, apiKey }: { slug: string; apiKey: ApiKey }) {
  const { t } = useTranslation();
  const revoke = useRevokeApiKey(slug);
  if (apiKey.revoked_at) return <Badge color="gray">{t('apiAccess.keys.revoked')}</Badge>;
  return (
    <ConfirmButton
      label={t('apiAccess.keys.revoke')}
      ariaLabel={`${t('apiAccess.keys.revoke')}: ${apiKey.name}`}
      title={t('apiAccess.keys.revokeTitle', { name: apiKey.name })}
      body={t('apiAccess.keys.revokeBody')}
      loading={revoke.isPending}
      onConfirm={() => revoke.mutate(apiKey.id)}
    />
  );
}

/** The keys' columns, in the server's order (newest first); on a phone each key stacks. */
function keyColumns(slug: string, t: TFunction, locale: string): DataTableColumn<ApiKey>[] {
  return [
    {
      key: 'key',
      header: t('apiAccess.keys.prefix'),
      render: (apiKey) => (
        <div>
          <Text fw={500}>{apiKey.name}</Text>
          <Text size="xs" c="dimmed" ff="monospace">
            {apiKey.prefix}…
          </Text>
        </div>
      ),
    },
    {
      key: 'scopes',
      header: t('apiAccess.keys.scopes'),
      render: (apiKey) => (
        <Group gap={4}>
          {apiKey.scopes.map((scope) => (
            <Badge key={scope} variant="light" size="sm">
              {t(SCOPE_TEXT[scope])}
            </Badge>
          ))}
        </Group>
      ),
    },
    {
      key: 'lastUsed',
      header: t('apiAccess.keys.lastUsed'),
      render: (apiKey) =>
        apiKey.last_used_at
          ? new Date(apiKey.last_used_at).toLocaleString(locale)
          : t('apiAccess.keys.never'),
    },
    {
      key: 'usage',
      header: t('apiAccess.keys.usage'),
      align: 'right',
      render: (apiKey) => new Intl.NumberFormat(locale).format(apiKey.usage_count),
    },
    { key: 'revoke', header: '', render: (apiKey) => <RevokeCell slug={slug} apiKey={apiKey} /> },
  ];
}

/** A team's API keys: create (the key shown once), list with use, revoke after confirming. */
export function ApiKeysPanel({ slug }: ApiKeysPanelProps) {
  const { t, i18n } = useTranslation();
  const keys = useApiKeys(slug);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  return (
    <Stack gap="md">
      {created ? (
        <SecretOnce
          title={t('apiAccess.keys.createdTitle')}
          body={t('apiAccess.keys.createdBody')}
          secret={created.key}
          onDone={() => setCreated(null)}
        />
      ) : (
        <CreateKeyForm slug={slug} onCreated={setCreated} />
      )}
      <LoadState query={keys} empty={t('apiAccess.keys.empty')}>
        {(list) => (
          <DataTable
            caption={t('apiAccess.keys.tableLabel')}
            columns={keyColumns(slug, t, i18n.language)}
            rows={list}
            rowKey={(key) => key.id}
            manualSorting
          />
        )}
      </LoadState>
    </Stack>
  );
}
