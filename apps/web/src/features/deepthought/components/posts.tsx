import { Anchor, Group, Paper, Select, Stack, Text } from '@mantine/core';
import type { DtPost } from '@murmur/core/api';
import { formatLargeNumber } from '../../../lib/large-number';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useDtPost } from '../api/get-post';
import { useDtPosts } from '../api/get-posts';
import { DtPagination, DtTableHeader, useDtSearch } from './table-header';
import { DtScreen, shortDate } from './dt-frame';
import { DtTable } from './dt-table';
import { Stat } from './stat';
import { engagementColumns, UsersTable } from './users-table';

type PostSort = '-created_at' | 'created_at' | '-like_count' | '-impression_count';
const PAGE_SIZE = 25;
/** The posts table's figures: column message key and field. */
const METRICS = [
  ['likes', 'like_count'],
  ['reposts', 'retweet_count'],
  ['replies', 'reply_count'],
  ['impressions', 'impression_count'],
] as const;

export function PostsScreen() {
  const { t, i18n } = useTranslation();
  const search = useDtSearch();
  const [sort, setSort] = useState<PostSort>('-created_at');
  const posts = useDtPosts({
    page: search.page,
    page_size: PAGE_SIZE,
    sort,
    ...(search.query && { search: search.query }),
  });
  return (
    <DtScreen
      title={t('premium.screens.posts')}
      intro={t('deepThought.intro.posts')}
      query={posts}
      syncedAt={(d) => d.synced_at}
    >
      {(data) => (
        <Stack gap="sm">
          <DtTableHeader search={search} count={data.count}>
            <Select
              aria-label={t('deepThought.sortBy')}
              value={sort}
              allowDeselect={false}
              onChange={(v) => v && setSort(v as PostSort)}
              data={[
                { value: '-created_at', label: t('deepThought.sort.newest') },
                { value: 'created_at', label: t('deepThought.sort.oldest') },
                { value: '-like_count', label: t('deepThought.sort.likes') },
                { value: '-impression_count', label: t('deepThought.sort.impressions') },
              ]}
            />
          </DtTableHeader>
          <DtTable
            rows={data.results}
            rowKey={(p) => p.id}
            columns={[
              {
                key: 'post',
                header: t('deepThought.col.post'),
                maxWidth: 420,
                cell: (p) => (
                  <Anchor component={Link} to={`/post/${p.id}`} size="sm">
                    {p.text}
                  </Anchor>
                ),
              },
              {
                key: 'date',
                header: t('deepThought.col.date'),
                cell: (p) => shortDate(p.created_at, i18n.language),
              },
              ...METRICS.map(([key, field]) => ({
                key,
                header: t(`deepThought.col.${key}`),
                numeric: true,
                cell: (p: DtPost) => formatLargeNumber(p[field]),
              })),
            ]}
          />
          <DtPagination search={search} count={data.count} pageSize={PAGE_SIZE} />
        </Stack>
      )}
    </DtScreen>
  );
}

export function PostScreen() {
  const { t, i18n } = useTranslation();
  const { id = '' } = useParams();
  const post = useDtPost(/^\d{1,19}$/.test(id) ? id : '0');
  return (
    <DtScreen title={t('premium.screens.post')} intro={t('deepThought.intro.post')} query={post}>
      {(data) => {
        return (
          <Stack gap="md">
            <Paper withBorder p="md" radius="md">
              <Stack gap="xs">
                <Text>{data.post.text}</Text>
                <Text size="sm" c="dimmed">
                  {shortDate(data.post.created_at, i18n.language)}
                </Text>
                <Group gap="xl">
                  <Stat label={t('deepThought.col.likes')} value={data.post.like_count} />
                  <Stat label={t('deepThought.col.reposts')} value={data.post.retweet_count} />
                  <Stat label={t('deepThought.col.replies')} value={data.post.reply_count} />
                  <Stat label={t('deepThought.col.quotes')} value={data.post.quote_count} />
                  <Stat label={t('deepThought.col.impressions')} value={data.post.impression_count} />
                </Group>
              </Stack>
            </Paper>
            <Text fw={600} component="h2">
              {t('premium.screens.engagers')}
            </Text>
            <UsersTable
              users={data.engagers.map((e) => e.user)}
              extra={engagementColumns(data.engagers, t)}
            />
            <Anchor component={Link} to="/posts">
              {t('deepThought.backToPosts')}
            </Anchor>
          </Stack>
        );
      }}
    </DtScreen>
  );
}
