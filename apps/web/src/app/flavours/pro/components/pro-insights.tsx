import { Alert, Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { InsightsReport } from '@murmur/core/api';
import { formatPercent } from '@murmur/core/format';
import type { TargetingPackage } from '@murmur/core/targeting';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { FigureView } from '@/components/figure';
import { ExportPdfButton } from '@/features/insights/components/export-pdf-button';
import { InsightsView } from '@/features/insights/components/insights-view';
import { JobProgress } from '@/features/insights/components/job-progress';
import type { InsightsTab } from '@/features/insights/components/tabs/insights-tab-list';
import { useGenerateInsights } from '@/features/pro-builder/api/generate-insights';
import { useJob } from '@/lib/api/get-job';
import { useCatalogueNames } from '@/lib/catalogue-names';
import { errorText } from '@/lib/error-text';
import { personalStore } from '@/lib/personal-store';

export interface ProInsightsProps {
  pkg: TargetingPackage;
}

/**
 * The builder's insights: generate-insights (a job, public), first the "pro targeting" figures, then
 * the insights tabs; signed-out visitors see the public tabs and 'Sign in to access more data' (SPEC §6).
 */
export function ProInsights({ pkg }: ProInsightsProps) {
  const { t } = useTranslation();
  const names = useCatalogueNames();
  const personal = useSyncExternalStore(personalStore.subscribe, personalStore.get, personalStore.get);
  const start = useGenerateInsights();
  const { mutate } = start;
  const job = useJob<InsightsReport>(start.data);
  const [tab, setTab] = useState<InsightsTab>('summary');
  useEffect(() => mutate(pkg), [mutate, pkg]);

  const current = job.data ?? start.data;
  if (start.isError) {
    return (
      <Alert color="red" role="alert">
        {errorText(start.error, t)}
      </Alert>
    );
  }
  if (current === undefined || current.state !== 'done' || current.result === null) {
    if (current?.state === 'failed') {
      return (
        <Alert color="red" role="alert">
          {current.error ?? t('proSite.insights.failed')}
        </Alert>
      );
    }
    return (
      <Paper withBorder p="md">
        <JobProgress job={current} />
      </Paper>
    );
  }
  const report = current.result;
  const interests = report.interests?.distinctive.slice(0, 8) ?? [];
  const accounts = report.influentialAccounts?.accounts.slice(0, 6) ?? [];
  return (
    <Stack gap="md">
      <Paper withBorder p="md" aria-labelledby="pro-targeting-title">
        <Stack gap="sm">
          <Group justify="space-between" align="center" gap="xs">
            <Title order={2} size="h4" id="pro-targeting-title">
              {t('proSite.insights.proTargeting')}
            </Title>
            <ExportPdfButton size="xs" source={{ job_id: current.id }} name={t('insights.unsavedAudience')} />
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <FigureView figure={report.estimate.figure} withLabel size="lg" />
            <Figure
              label={t('proSite.insights.reach')}
              value={formatPercent(report.summary?.reach ?? 0, { fromFraction: true })}
            />
            <Figure label={t('proSite.insights.bucket')} value={report.estimate.size_bucket} />
          </SimpleGrid>
          {interests.length > 0 && (
            <Stack gap={4}>
              <Text size="sm" fw={600}>
                {t('proSite.insights.distinctive')}
              </Text>
              <Group gap={6}>
                {interests.map((s) => (
                  <Badge key={s.key} variant="light" tt="none">
                    {names.name('interests', s.label)} ×{(s.affinity ?? 0).toFixed(1)}
                  </Badge>
                ))}
              </Group>
            </Stack>
          )}
          {accounts.length > 0 && (
            <Stack gap={4}>
              <Text size="sm" fw={600}>
                {t('proSite.insights.influential')}
              </Text>
              <Group gap={6}>
                {accounts.map((a) => (
                  <Badge key={a.handle} variant="outline" tt="none">
                    @{a.handle}
                  </Badge>
                ))}
              </Group>
            </Stack>
          )}
        </Stack>
      </Paper>
      <InsightsView report={report} tab={tab} onTabChange={setTab} signedIn={personal.token !== null} />
    </Stack>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fz={24} fw={700}>
        {value}
      </Text>
    </Stack>
  );
}
