import { Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDtSpam } from '../api/get-spam-analysis';
import { DtScreen } from './dt-frame';
import { BulkAction } from './bulk-action';
import { UsersTable } from './users-table';
import { Stat } from './stat';

/** /premium-suite/accounts: the spam and fake-account analysis of followers and followings. */
export function AccountsScreen() {
  const { t } = useTranslation();
  const spam = useDtSpam();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  return (
    <DtScreen
      title={t('premium.screens.accounts')}
      intro={t('deepThought.intro.accounts')}
      query={spam}
      syncedAt={(d) => d.synced_at}
    >
      {(data) => (
        <Stack gap="md">
          <Group gap="xl">
            <Stat
              label={t('deepThought.spam.followers')}
              value={`${data.spam_followers} / ${data.followers_checked}`}
            />
            <Stat
              label={t('deepThought.spam.following')}
              value={`${data.spam_following} / ${data.following_checked}`}
            />
            <Stat label={t('deepThought.spam.threshold')} value={`${Math.round(data.threshold * 100)}`} />
          </Group>
          <Text fw={600} component="h2">
            {t('deepThought.spam.followingTitle')}
          </Text>
          <BulkAction ids={[...selected]} action="unfollow" onDone={() => setSelected(new Set())} />
          <UsersTable users={data.following} selectable selected={selected} onSelect={setSelected} />
          <Text fw={600} component="h2">
            {t('deepThought.spam.followersTitle')}
          </Text>
          <UsersTable users={data.followers} />
        </Stack>
      )}
    </DtScreen>
  );
}
