import { Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagePagination } from '@/components/page-pagination';
import { useDebouncedValue } from '@mantine/hooks';
import { useDtConnections } from '../api/get-connections';
import { type UsersQuery } from '../api/get-followers';
import { DtScreen } from './dt-frame';
import { BulkAction } from './bulk-action';
import { UsersTable } from './users-table';

const PAGE_SIZE = 100;

function ConnectionsScreen({ direction }: { direction: 'followers' | 'following' }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 500);
  const [spam, setSpam] = useState<'all' | 'only' | 'exclude'>('all');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const query: UsersQuery = {
    page,
    page_size: PAGE_SIZE,
    ...(debounced && { search: debounced }),
    ...(spam !== 'all' && { spam }),
    sort: spam === 'only' ? '-spam' : '-followers',
  };
  const result = useDtConnections(direction, query);
  return (
    <DtScreen
      title={t(`premium.screens.${direction}`)}
      intro={t(`deepThought.intro.${direction}`)}
      query={result}
      syncedAt={(d) => d.synced_at}
    >
      {(data) => (
        <Stack gap="sm">
          <Group>
            <TextInput
              aria-label={t('deepThought.search')}
              placeholder={t('deepThought.search')}
              value={search}
              onChange={(e) => {
                setSearch(e.currentTarget.value);
                setPage(1);
              }}
            />
            <SegmentedControl
              value={spam}
              onChange={(v) => {
                setSpam(v as typeof spam);
                setPage(1);
              }}
              data={[
                { value: 'all', label: t('deepThought.filter.all') },
                { value: 'only', label: t('deepThought.filter.spam') },
                { value: 'exclude', label: t('deepThought.filter.noSpam') },
              ]}
            />
            <Text size="sm" c="dimmed">
              {t('deepThought.count', { n: data.count })}
            </Text>
          </Group>
          <BulkAction
            ids={[...selected]}
            action={direction === 'following' ? 'unfollow' : 'follow'}
            onDone={() => setSelected(new Set())}
          />
          <UsersTable users={data.results} selectable selected={selected} onSelect={setSelected} />
          {data.count > PAGE_SIZE && (
            <PagePagination total={Math.ceil(data.count / PAGE_SIZE)} value={page} onChange={setPage} />
          )}
        </Stack>
      )}
    </DtScreen>
  );
}

export const FollowersScreen = () => <ConnectionsScreen direction="followers" />;
export const FollowingScreen = () => <ConnectionsScreen direction="following" />;
