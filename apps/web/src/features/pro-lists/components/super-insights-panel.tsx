import { Alert, Badge, Button, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import type { AudienceConfig } from '@murmur/core/api';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { audienceConfigsKey } from '@/lib/api/get-audience-configs';
import { isJobFinished, useJob } from '@/lib/api/get-job';
import { errorText } from '@/lib/error-text';
import { useStartListInsights } from '@/lib/api/request-insights';

/**
 * SPEC §3 targeting_list has is_super_insights: a targeting list whose full insights report (every
 * panel and the pro targeting figures) is stored for its current package. Generating the report sets
 * it; changing the list's package clears it on the server.
 */
export function SuperInsightsPanel({ list }: { list: AudienceConfig }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const start = useStartListInsights();
  const job = useJob(start.data);
  const current = job.data ?? start.data;
  const finished = isJobFinished(current);
  useEffect(() => {
    if (current?.state === 'done') void queryClient.invalidateQueries({ queryKey: audienceConfigsKey });
  }, [current?.state, queryClient]);
  if (list.kind !== 'targeting_list') return null;
  const running = current !== undefined && !finished;
  return (
    <Paper withBorder p="md">
      <Stack gap="sm" align="flex-start">
        <Group gap="xs">
          <Title order={2} size="h4">
            {t('proSite.lists.superInsights')}
          </Title>
          {list.is_super_insights && (
            <Badge variant="light" color="teal">
              {t('proSite.lists.superInsightsOn')}
            </Badge>
          )}
        </Group>
        <Text size="sm">
          {list.is_super_insights
            ? t('proSite.lists.superInsightsReady')
            : t('proSite.lists.superInsightsIntro')}
        </Text>
        {running && (
          <Stack gap={4} w="100%" maw={420}>
            <Progress value={current.progress} aria-label={t('proSite.lists.superInsightsRunning')} />
            <Text size="xs" c="dimmed">
              {t('proSite.lists.superInsightsRunning')} · {current.progress}%
            </Text>
          </Stack>
        )}
        {start.isError && (
          <Alert color="red" role="alert" w="100%">
            {errorText(start.error, t)}
          </Alert>
        )}
        {current?.state === 'failed' && (
          <Alert color="red" role="alert" w="100%">
            {current.error ?? t('proSite.insights.failed')}
          </Alert>
        )}
        {!list.is_super_insights && (
          <Button loading={start.isPending || running} onClick={() => start.mutate(list.id)}>
            {t('proSite.lists.superInsightsGenerate')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
