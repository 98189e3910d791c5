import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useEngineStatus } from '@/lib/api/engine-status';
import { errorText } from '@/lib/error-text';
import { useFollowerFetch, useStartFollowerFetch } from '../api/follower-fetch';

/**
 * Under a handle the index has not seen, on a live deployment (the engine status is not static): the
 * read of its followers from X (docs/LIVE.md, production bootstrap) — a button to start it, then its
 * progress until done. Nothing on a static index, where X is not read.
 */
export function FollowerFetchLine({ teamSlug, handle }: { teamSlug: string; handle: string }) {
  const { t } = useTranslation();
  const status = useEngineStatus();
  const live = status.data !== undefined && status.data.freshness.state !== 'static';
  const fetch = useFollowerFetch(teamSlug, handle);
  const start = useStartFollowerFetch(teamSlug, handle);
  if (!live || fetch.isPending) return null;
  const current = fetch.data ?? null;
  if (current?.state === 'running')
    return (
      <Text size="xs" c="dimmed" role="status" data-testid="follower-fetch">
        {t('creator.handles.fetching', { progress: current.progress })}
      </Text>
    );
  if (current?.state === 'done')
    return (
      <Text size="xs" c="dimmed" role="status" data-testid="follower-fetch">
        {t('creator.handles.fetched')}
      </Text>
    );
  return (
    <Group gap="xs" data-testid="follower-fetch">
      {current?.state === 'failed' && (
        <Text size="xs" c="orange.9">
          {t('creator.handles.fetchFailed')}
        </Text>
      )}
      <Button size="compact-xs" variant="light" loading={start.isPending} onClick={() => start.mutate()}>
        {t('creator.handles.fetch', { handle })}
      </Button>
      {start.isError && (
        <Text size="xs" c="red.7" role="alert">
          {errorText(start.error, t)}
        </Text>
      )}
    </Group>
  );
}
