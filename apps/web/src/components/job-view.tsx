import { Alert, Progress, Stack, Text } from '@mantine/core';
import type { JobOf } from '@murmur/core/api';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useJob } from '@/lib/api/get-job';
import { errorText } from '@/lib/error-text';

export interface JobViewProps<R> {
  job: JobOf<R>;
  /** The progress bar's accessible name. */
  progressLabel: string;
  /** The line under the bar while the job runs. */
  running: (progress: number, stage: string) => string;
  /** What the finished job shows. */
  children: (result: R) => ReactNode;
}

/** A job polled until it ends: its progress while it runs, its error in words, then its result. */
export function JobView<R>({ job, progressLabel, running, children }: JobViewProps<R>) {
  const { t } = useTranslation();
  const polled = useJob(job);
  const current = polled.data ?? job;
  if (polled.isError) {
    return (
      <Alert color="red" role="alert">
        {errorText(polled.error, t)}
      </Alert>
    );
  }
  if (current.state === 'failed') {
    return (
      <Alert color="red" role="alert">
        {current.error ?? t('errors.network')}
      </Alert>
    );
  }
  if (current.state === 'done' && current.result !== null) return children(current.result);
  return (
    <Stack gap={6}>
      <Progress value={current.progress} animated aria-label={progressLabel} />
      <Text size="sm" c="dimmed">
        {running(current.progress, current.stage || '…')}
      </Text>
    </Stack>
  );
}
