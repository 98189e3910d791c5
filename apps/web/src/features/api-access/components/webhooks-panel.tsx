import { Alert, Badge, Button, Checkbox, Group, Paper, Stack, Table, Text, TextInput } from '@mantine/core';
import {
  WEBHOOK_EVENT_TYPES,
  type CreatedWebhook,
  type WebhookEndpoint,
  type WebhookEventType,
} from '@murmur/core/api';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/error-text';
import {
  useCreateWebhook,
  useDeleteWebhook,
  useDeliveries,
  useSendTestEvent,
  useWebhooks,
} from '../api/webhooks';
import { ConfirmButton } from './confirm-button';
import { LoadState } from './load-state';
import { SecretOnce } from './secret-once';

export interface WebhooksPanelProps {
  slug: string;
}

const STATE_COLOR = { pending: 'yellow', sent: 'green', failed: 'red' } as const;

function CreateWebhookForm({ slug, onCreated }: { slug: string; onCreated: (hook: CreatedWebhook) => void }) {
  const { t } = useTranslation();
  const create = useCreateWebhook(slug);
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>(['audience.saved']);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const sent = url;
    create.mutate(
      { url, events },
      {
        onSuccess: (hook) => {
          setUrl((now) => (now === sent ? '' : now));
          onCreated(hook);
        },
      },
    );
  };
  return (
    <form onSubmit={submit}>
      <Stack gap="sm">
        <TextInput
          label={t('apiAccess.webhooks.url')}
          type="url"
          placeholder="https://"
          value={url}
          onChange={(e) => setUrl(e.currentTarget.value)}
          required
        />
        <Checkbox.Group
          label={t('apiAccess.webhooks.events')}
          value={events}
          onChange={(v) => setEvents(v as WebhookEventType[])}
        >
          <Stack gap={4} mt={4}>
            {WEBHOOK_EVENT_TYPES.map((type) => (
              <Checkbox key={type} value={type} label={t(`apiAccess.events.${type}`)} />
            ))}
          </Stack>
        </Checkbox.Group>
        {create.error && (
          <Alert color="red" role="alert">
            {errorText(create.error, t)}
          </Alert>
        )}
        <Group>
          <Button
            type="submit"
            loading={create.isPending}
            disabled={url.trim() === '' || events.length === 0}
          >
            {t('apiAccess.webhooks.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function DeliveryLog({ slug, endpoint }: { slug: string; endpoint: WebhookEndpoint }) {
  const { t, i18n } = useTranslation();
  const deliveries = useDeliveries(slug, endpoint.id, true);
  const count = (n: number) => new Intl.NumberFormat(i18n.language).format(n);
  return (
    <LoadState query={deliveries} empty={t('apiAccess.webhooks.logEmpty')}>
      {(list) => (
        <Table.ScrollContainer minWidth={480}>
          <Table aria-label={t('apiAccess.webhooks.logLabel', { url: endpoint.url })} verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('apiAccess.webhooks.event')}</Table.Th>
                <Table.Th>{t('apiAccess.webhooks.state')}</Table.Th>
                <Table.Th ta="right">{t('apiAccess.webhooks.attempts')}</Table.Th>
                <Table.Th>{t('apiAccess.webhooks.status')}</Table.Th>
                <Table.Th>{t('apiAccess.webhooks.when')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((d) => (
                <Table.Tr key={d.id}>
                  <Table.Td>{t(`apiAccess.events.${d.event_type}`, { defaultValue: d.event_type })}</Table.Td>
                  <Table.Td>
                    <Badge color={STATE_COLOR[d.state]} variant="light" title={d.last_error ?? undefined}>
                      {t(`apiAccess.webhooks.states.${d.state}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td ta="right">{count(d.attempts)}</Table.Td>
                  <Table.Td>{d.response_status ?? '—'}</Table.Td>
                  <Table.Td>{new Date(d.created).toLocaleString(i18n.language)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </LoadState>
  );
}

function EndpointCard({ slug, endpoint }: { slug: string; endpoint: WebhookEndpoint }) {
  const { t } = useTranslation();
  const [showLog, setShowLog] = useState(false);
  const sendTest = useSendTestEvent(slug);
  const remove = useDeleteWebhook(slug);
  return (
    <Paper withBorder p="sm" radius="md">
      <Stack gap="xs">
        <Text fw={500} style={{ wordBreak: 'break-all' }}>
          {endpoint.url}
        </Text>
        <Group gap={4}>
          {endpoint.events.map((type) => (
            <Badge key={type} variant="light" size="sm">
              {t(`apiAccess.events.${type}`)}
            </Badge>
          ))}
        </Group>
        <Group gap="xs">
          <Button
            size="xs"
            variant="light"
            loading={sendTest.isPending}
            onClick={() => sendTest.mutate(endpoint.id, { onSuccess: () => setShowLog(true) })}
          >
            {t('apiAccess.webhooks.sendTest')}
          </Button>
          <Button size="xs" variant="subtle" aria-expanded={showLog} onClick={() => setShowLog((v) => !v)}>
            {showLog ? t('apiAccess.webhooks.hideLog') : t('apiAccess.webhooks.showLog')}
          </Button>
          <ConfirmButton
            label={t('apiAccess.webhooks.delete')}
            ariaLabel={`${t('apiAccess.webhooks.delete')}: ${endpoint.url}`}
            title={t('apiAccess.webhooks.deleteTitle')}
            body={t('apiAccess.webhooks.deleteBody')}
            loading={remove.isPending}
            onConfirm={() => remove.mutate(endpoint.id)}
          />
        </Group>
        {(sendTest.error ?? remove.error) && (
          <Alert color="red" role="alert">
            {errorText(sendTest.error ?? remove.error, t)}
          </Alert>
        )}
        {showLog && <DeliveryLog slug={slug} endpoint={endpoint} />}
      </Stack>
    </Paper>
  );
}

/** A team's webhook endpoints: add (the signing secret shown once), send a test, the delivery log, delete. */
export function WebhooksPanel({ slug }: WebhooksPanelProps) {
  const { t } = useTranslation();
  const hooks = useWebhooks(slug);
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  return (
    <Stack gap="md">
      {created ? (
        <SecretOnce
          title={t('apiAccess.webhooks.createdTitle')}
          body={t('apiAccess.webhooks.createdBody')}
          secret={created.secret}
          onDone={() => setCreated(null)}
        />
      ) : (
        <CreateWebhookForm slug={slug} onCreated={setCreated} />
      )}
      <LoadState query={hooks} empty={t('apiAccess.webhooks.empty')}>
        {(list) => (
          <Stack gap="sm">
            {list.map((endpoint) => (
              <EndpointCard key={endpoint.id} slug={slug} endpoint={endpoint} />
            ))}
          </Stack>
        )}
      </LoadState>
    </Stack>
  );
}
