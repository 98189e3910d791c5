import { Alert, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FigureView } from '@/components/figure';
import { errorText } from '@/lib/error-text';
import { useRefreshAlertsOnNewPoint } from '../../api/audience-alerts';
import { useAudienceHistory } from '../../api/get-audience-history';
import { HistoryChart } from './history-chart';
import { AlertsSection } from './alerts-section';
import { WhatChanged } from './what-changed';

/**
 * A saved audience over time (docs/API-AUDIENCES.md "History"): its size each day with the interval,
 * today's figure, and what changed between two days. The history grows by one point a day.
 */
export function HistoryCard({ configId }: { configId: number }) {
  const { t } = useTranslation();
  const history = useAudienceHistory(configId);
  const points = history.data?.points ?? [];
  const latest = points.at(-1);
  useRefreshAlertsOnNewPoint(configId, latest?.day);
  return (
    <Card
      withBorder
      padding="md"
      component="section"
      aria-labelledby="history-title"
      data-testid="history-card"
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <div>
            <Title order={2} size="h4" id="history-title">
              {t('history.title')}
            </Title>
            <Text size="xs" c="dimmed">
              {t('history.subtitle', { days: history.data?.retention_days ?? '…' })}
            </Text>
          </div>
          {latest && <FigureView figure={latest.size} withLabel />}
        </Group>
        {history.isPending ? (
          <Skeleton role="status" height={140} aria-label={t('common.loading')} />
        ) : history.error ? (
          <Alert color="red" role="alert" title={t('history.errorTitle')}>
            {errorText(history.error, t)}{' '}
            <Button size="xs" variant="light" color="red" ml="sm" onClick={() => void history.refetch()}>
              {t('common.retry')}
            </Button>
          </Alert>
        ) : points.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('history.empty')}
          </Text>
        ) : (
          <>
            <HistoryChart points={points} />
            {points.length < 2 ? (
              <Text size="sm" c="dimmed">
                {t('history.onePoint')}
              </Text>
            ) : (
              <>
                <Title order={3} size="h5">
                  {t('history.whatChanged')}
                </Title>
                <WhatChanged configId={configId} points={points} />
              </>
            )}
          </>
        )}
        <AlertsSection configId={configId} />
      </Stack>
    </Card>
  );
}
