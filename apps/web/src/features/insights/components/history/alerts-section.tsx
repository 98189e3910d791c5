import { Alert, Badge, Button, Code, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { AudienceAlert } from '@murmur/core/api';
import { formatRelativeTime } from '@murmur/core/format';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/hooks/use-language';
import { errorText } from '@/lib/error-text';
import { notify } from '@/lib/notifications';
import {
  useAlertDeliveries,
  useAudienceAlerts,
  useDeleteAlert,
  useTestAlert,
} from '../../api/audience-alerts';
import { AlertForm } from './alert-form';
import { dayLabel } from './history-chart';

function DeliveryLog({ alertId }: { alertId: number }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const log = useAlertDeliveries(alertId, true);
  if (log.isPending) return <Loader role="status" size="xs" aria-label={t('common.loading')} />;
  if (log.error)
    return (
      <Text size="sm" c="red">
        {errorText(log.error, t)}
      </Text>
    );
  if (log.data.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('alerts.noDeliveries')}
      </Text>
    );
  return (
    // Four short columns fit a phone's width: no sideways scrolling; a long error breaks anywhere.
    <Table data-testid="alert-deliveries" fz="sm" verticalSpacing={4} horizontalSpacing={6}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('alerts.when')}</Table.Th>
          <Table.Th>{t('alerts.channel')}</Table.Th>
          <Table.Th>{t('alerts.event')}</Table.Th>
          <Table.Th>{t('alerts.state')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {log.data.map((d) => (
          <Table.Tr key={d.id}>
            <Table.Td>{formatRelativeTime(d.created, { locale: language })}</Table.Td>
            <Table.Td>{t(`alerts.channels.${d.channel}`)}</Table.Td>
            <Table.Td>{t(`alerts.events.${d.type === 'test' ? 'test' : 'changed'}`)}</Table.Td>
            <Table.Td>
              {t(`alerts.states.${d.state}`, { attempts: d.attempts })}
              {d.last_error && (
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {d.last_error}
                </Text>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function Rule({ rule, configId }: { rule: AudienceAlert; configId: number }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [showLog, setShowLog] = useState(false);
  const test = useTestAlert();
  const remove = useDeleteAlert(configId);
  const what = {
    size: t('alerts.ruleSize', { threshold: rule.threshold }),
    panel: t('alerts.rulePanel', { threshold: rule.threshold }),
    influential: t('alerts.ruleInfluential', { threshold: rule.threshold }),
    community: t('alerts.ruleCommunity', { threshold: rule.threshold }),
  }[rule.kind];
  return (
    <Paper withBorder p="sm" data-testid="alert-rule">
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text size="sm" fw={600}>
            {what}
          </Text>
          <Group gap={4}>
            {rule.email && <Badge variant="light">{t('alerts.channels.email')}</Badge>}
            {rule.webhook_url && <Badge variant="light">{t('alerts.channels.webhook')}</Badge>}
          </Group>
        </Group>
        {rule.webhook_url && (
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {rule.webhook_url} · {t('alerts.secret')} <Code>{rule.webhook_secret}</Code>
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {rule.last_fired_day
            ? t('alerts.lastFired', { day: dayLabel(rule.last_fired_day, language) })
            : t('alerts.neverFired')}
        </Text>
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            loading={test.isPending}
            onClick={() =>
              test.mutate(rule.id, {
                onSuccess: () => {
                  setShowLog(true);
                  notify.success(t('alerts.testSent'));
                },
                onError: (error) => notify.error(errorText(error, t)),
              })
            }
          >
            {t('alerts.sendTest')}
          </Button>
          <Button size="xs" variant="subtle" onClick={() => setShowLog((v) => !v)} aria-expanded={showLog}>
            {t('alerts.log')}
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            loading={remove.isPending}
            onClick={() => remove.mutate(rule.id, { onError: (error) => notify.error(errorText(error, t)) })}
          >
            {t('alerts.delete')}
          </Button>
        </Group>
        {showLog && <DeliveryLog alertId={rule.id} />}
      </Stack>
    </Paper>
  );
}

/** The caller's alert rules on an audience, their delivery logs, and a form to add one. */
export function AlertsSection({ configId }: { configId: number }) {
  const { t } = useTranslation();
  const alerts = useAudienceAlerts(configId);
  return (
    <Stack gap="sm">
      <Title order={3} size="h5">
        {t('alerts.title')}
      </Title>
      <Text size="xs" c="dimmed">
        {t('alerts.help')}
      </Text>
      {alerts.isPending ? (
        <Loader role="status" size="xs" aria-label={t('common.loading')} />
      ) : alerts.error ? (
        <Alert color="red" role="alert">
          {errorText(alerts.error, t)}
        </Alert>
      ) : alerts.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('alerts.none')}
        </Text>
      ) : (
        alerts.data.map((rule) => <Rule key={rule.id} rule={rule} configId={configId} />)
      )}
      <AlertForm configId={configId} />
    </Stack>
  );
}
