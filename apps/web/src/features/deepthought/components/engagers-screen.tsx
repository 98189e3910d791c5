import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDtEngagers } from '../api/get-engagers';
import { DtScreen } from './dt-frame';
import { UsersTable, engagementColumns } from './users-table';

export function EngagersScreen() {
  const { t } = useTranslation();
  const engagers = useDtEngagers();
  return (
    <DtScreen
      title={t('premium.screens.engagers')}
      intro={t('deepThought.intro.engagers')}
      query={engagers}
      syncedAt={(d) => d.synced_at}
    >
      {(data) => (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('deepThought.postsChecked', { n: data.posts_checked, mentions: data.mentions_checked })}
          </Text>
          <UsersTable users={data.results.map((e) => e.user)} extra={engagementColumns(data.results, t)} />
        </Stack>
      )}
    </DtScreen>
  );
}
