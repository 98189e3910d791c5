import { SegmentedControl, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDtConnections } from '../api/get-connections';
import { type UsersQuery } from '../api/get-followers';
import { DtPagination, DtTableHeader, useDtSearch } from './table-header';
import { DtScreen } from './dt-frame';
import { BulkAction } from './bulk-action';
import { UsersTable } from './users-table';

const PAGE_SIZE = 100;

function ConnectionsScreen({ direction }: { direction: 'followers' | 'following' }) {
  const { t } = useTranslation();
  const search = useDtSearch();
  const [spam, setSpam] = useState<'all' | 'only' | 'exclude'>('all');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const query: UsersQuery = {
    page: search.page,
    page_size: PAGE_SIZE,
    ...(search.query && { search: search.query }),
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
          <DtTableHeader search={search} count={data.count}>
            <SegmentedControl
              value={spam}
              onChange={(v) => {
                setSpam(v as typeof spam);
                search.setPage(1);
              }}
              data={[
                { value: 'all', label: t('deepThought.filter.all') },
                { value: 'only', label: t('deepThought.filter.spam') },
                { value: 'exclude', label: t('deepThought.filter.noSpam') },
              ]}
            />
          </DtTableHeader>
          <BulkAction
            ids={[...selected]}
            action={direction === 'following' ? 'unfollow' : 'follow'}
            onDone={() => setSelected(new Set())}
          />
          <UsersTable users={data.results} selectable selected={selected} onSelect={setSelected} />
          <DtPagination search={search} count={data.count} pageSize={PAGE_SIZE} />
        </Stack>
      )}
    </DtScreen>
  );
}

export const FollowersScreen = () => <ConnectionsScreen direction="followers" />;
export const FollowingScreen = () => <ConnectionsScreen direction="following" />;
