import { Select, Skeleton, Stack, Text } from '@mantine/core';
import { ACTIVITY_KINDS, type ActivityEntry, type ActivityKind } from '@murmur/core/api';
import { formatDate, formatRelativeTime } from '@murmur/core/format';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { PageHeader, usePageTitle } from '@/components/page-title';
import { QueryError } from '@/components/route-error';
import { useLanguage } from '@/hooks/use-language';
import { useTeamEvents } from '../api/get-team-events';

export interface ActivityFeedProps {
  teamSlug: string;
}

const isKind = (value: string | null): value is ActivityKind =>
  value !== null && (ACTIVITY_KINDS as readonly string[]).includes(value);

const nameOf = (user: NonNullable<ActivityEntry['user']>) =>
  [user.first_name, user.last_name].filter(Boolean).join(' ') || user.email;

/** SPEC §2 Activity feed: the team's audit log as the server recorded it, newest first. */
export function ActivityFeed({ teamSlug }: ActivityFeedProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  usePageTitle(t('activity.title'));
  const [kind, setKind] = useState<ActivityKind | null>(null);
  const events = useTeamEvents(teamSlug, kind);
  const rows = events.data?.pages.flatMap((page) => page.results) ?? [];

  const columns: DataTableColumn<ActivityEntry>[] = [
    {
      key: 'created',
      header: t('activity.columns.when'),
      render: (entry) => (
        <Text size="sm" title={formatDate(entry.created, language)} component="span">
          {formatRelativeTime(entry.created, { locale: language })}
        </Text>
      ),
    },
    {
      key: 'user',
      header: t('activity.columns.who'),
      render: (entry) => (entry.user ? nameOf(entry.user) : t('activity.formerMember')),
    },
    {
      key: 'kind',
      header: t('activity.columns.what'),
      render: (entry) => (
        <Stack gap={0}>
          <Text size="sm" fw={500}>
            {t(`activity.kinds.${entry.kind}`)}
          </Text>
          {entry.subject && (
            <Text size="xs" c="dimmed">
              {entry.subject}
            </Text>
          )}
        </Stack>
      ),
    },
  ];

  return (
    <Stack gap="lg" maw={960}>
      <PageHeader title={t('activity.title')} intro={t('activity.intro')} />
      <Select
        label={t('activity.filter')}
        value={kind ?? 'all'}
        onChange={(value) => setKind(isKind(value) ? value : null)}
        data={[
          { value: 'all', label: t('activity.allKinds') },
          ...ACTIVITY_KINDS.map((value) => ({ value, label: t(`activity.kinds.${value}`) })),
        ]}
        allowDeselect={false}
        maw={320}
      />
      {events.isPending && <Skeleton role="status" h={240} aria-label={t('common.loading')} />}
      {events.isError && <QueryError query={events} />}
      {events.isSuccess && (
        <DataTable
          caption={t('activity.title')}
          columns={columns}
          rows={rows}
          rowKey={(entry) => entry.id}
          manualSorting
          emptyText={t('activity.empty')}
          {...(events.hasNextPage && { onShowMore: () => events.fetchNextPage() })}
          loadingMore={events.isFetchingNextPage}
        />
      )}
    </Stack>
  );
}
