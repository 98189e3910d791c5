import { Button, Group, Stack, Text } from '@mantine/core';
import { X_FOLLOW_ACTIONS_PER_DAY, type DtJob } from '@murmur/core/api';
import { isApiError } from '@murmur/core/errors';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { errorText } from '@/lib/error-text';
import { useFollowUnfollow } from '../api/follow-unfollow';
import { useDtJob } from '../api/get-job';
import { JobProgress, resumesAt } from './dt-frame';

/**
 * The server's 429 at X's daily cap, in the interface language: its detail names the time it lifts
 * (ISO 8601), which is shown relative and in full.
 */
function dailyCapText(error: unknown, action: 'follow' | 'unfollow', t: TFunction, language: string) {
  if (!isApiError(error) || error.status !== 429) return undefined;
  const at = /\d{4}-\d{2}-\d{2}T[\d:.]+Z/.exec(error.message)?.[0];
  if (!at) return undefined;
  return t(`deepThought.dailyCapReached.${action}`, {
    cap: X_FOLLOW_ACTIONS_PER_DAY,
    ...resumesAt(at, language),
  });
}

/** Runs follow/unfollow for the selected accounts as one job and shows its progress. */
export function BulkAction({
  ids,
  action,
  onDone,
}: {
  ids: string[];
  action: 'follow' | 'unfollow';
  onDone?: () => void;
}) {
  const { t, i18n } = useTranslation();
  const run = useFollowUnfollow();
  const job = useDtJob(run.data?.id);
  const current: DtJob | undefined = job.data ?? run.data;
  return (
    <Stack gap="xs">
      <Group>
        <Button
          size="xs"
          color={action === 'unfollow' ? 'red' : 'blue'}
          disabled={ids.length === 0}
          loading={run.isPending}
          onClick={() => run.mutate({ action, user_ids: ids }, { onSuccess: () => onDone?.() })}
        >
          {t(`deepThought.bulk.${action}`, { n: ids.length })}
        </Button>
      </Group>
      {run.isError && (
        <Text size="sm" c="red" role="alert">
          {dailyCapText(run.error, action, t, i18n.language) ?? errorText(run.error, t)}
        </Text>
      )}
      {current && <JobProgress job={current} />}
    </Stack>
  );
}
