import { Group, Paper, Progress, Text } from '@mantine/core';
import type { Job } from '@murmur/core/api';
import { formatPercent } from '@murmur/core/format';
import { useTranslation } from 'react-i18next';

// Stages the server names today (apps/server/src/jobs); any other stage shows as the server says it.
const STAGE_KEYS = {
  queued: 'insights.stages.queued',
  starting: 'insights.stages.starting',
  done: 'insights.stages.done',
} as const;

/** The report's progress: a bar with the percentage and the current stage, polled every 500 ms. */
export function JobProgress({ job }: { job: Job | undefined }) {
  const { t } = useTranslation();
  const progress = job?.progress ?? 0;
  const raw = job?.stage ?? 'Queued';
  const key = raw.toLowerCase();
  const stage = Object.hasOwn(STAGE_KEYS, key) ? t(STAGE_KEYS[key as keyof typeof STAGE_KEYS]) : raw;
  return (
    <Paper withBorder radius="md" p="md" aria-live="polite">
      <Group justify="space-between" mb={6}>
        <Text size="sm" fw={600}>
          {t('insights.computing')}
        </Text>
        <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
          {formatPercent(progress)} · {stage}
        </Text>
      </Group>
      <Progress value={progress} aria-label={t('insights.progressLabel')} animated striped size="lg" />
    </Paper>
  );
}
