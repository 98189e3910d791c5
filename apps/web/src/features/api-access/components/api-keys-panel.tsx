import {
  Alert,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Stack,
  Table,
  Text,
  TextInput,
  Badge,
} from '@mantine/core';
import {
  API_KEY_RATE_LIMIT,
  API_KEY_SCOPES,
  type ApiKey,
  type ApiKeyScope,
  type CreatedApiKey,
} from '@murmur/core/api';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
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
    create.mutate(
      { name, scopes, rate_limit_per_minute: rate },
      {
        onSuccess: (key) => {
          setName('');
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

function KeyRow({ slug, apiKey }: { slug: string; apiKey: ApiKey }) {
  const { t, i18n } = useTranslation();
  const revoke = useRevokeApiKey(slug);
  const count = new Intl.NumberFormat(i18n.language).format(apiKey.usage_count);
  return (
    <Table.Tr>
      <Table.Td>
        <Text fw={500}>{apiKey.name}</Text>
        <Text size="xs" c="dimmed" ff="monospace">
          {apiKey.prefix}…
        </Text>
      </Table.Td>
      <Table.Td>
        <Group gap={4}>
          {apiKey.scopes.map((scope) => (
            <Badge key={scope} variant="light" size="sm">
              {t(SCOPE_TEXT[scope])}
            </Badge>
          ))}
        </Group>
      </Table.Td>
      <Table.Td>
        {apiKey.last_used_at
          ? new Date(apiKey.last_used_at).toLocaleString(i18n.language)
          : t('apiAccess.keys.never')}
      </Table.Td>
      <Table.Td ta="right">{count}</Table.Td>
      <Table.Td>
        {apiKey.revoked_at ? (
          <Badge color="gray">{t('apiAccess.keys.revoked')}</Badge>
        ) : (
          <ConfirmButton
            label={t('apiAccess.keys.revoke')}
            ariaLabel={`${t('apiAccess.keys.revoke')}: ${apiKey.name}`}
            title={t('apiAccess.keys.revokeTitle', { name: apiKey.name })}
            body={t('apiAccess.keys.revokeBody')}
            loading={revoke.isPending}
            onConfirm={() => revoke.mutate(apiKey.id)}
          />
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/** A team's API keys: create (the key shown once), list with use, revoke after confirming. */
export function ApiKeysPanel({ slug }: ApiKeysPanelProps) {
  const { t } = useTranslation();
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
          <Table.ScrollContainer minWidth={560}>
            <Table aria-label={t('apiAccess.keys.tableLabel')} verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('apiAccess.keys.prefix')}</Table.Th>
                  <Table.Th>{t('apiAccess.keys.scopes')}</Table.Th>
                  <Table.Th>{t('apiAccess.keys.lastUsed')}</Table.Th>
                  <Table.Th ta="right">{t('apiAccess.keys.usage')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((key) => (
                  <KeyRow key={key.id} slug={slug} apiKey={key} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </LoadState>
    </Stack>
  );
}
