import { Anchor, Group, Pagination, Paper, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { formatLargeNumber } from '@murmur/core/format';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useDtPost, useDtPosts } from '../api/deepthought';
import { DtScreen, shortDate } from './dt-frame';
import { Stat, UsersTable } from './people';

type PostSort = '-created_at' | 'created_at' | '-like_count' | '-impression_count';
const PAGE_SIZE = 25;

export function PostsScreen() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 500);
  const [sort, setSort] = useState<PostSort>('-created_at');
  const posts = useDtPosts({ page, page_size: PAGE_SIZE, sort, ...(debounced && { search: debounced }) });
  return (
    <DtScreen
      title={t('premium.screens.posts')}
      intro={t('deepThought.intro.posts')}
      query={posts}
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
            <Text size="sm" c="dimmed">
              {t('deepThought.count', { n: data.count })}
            </Text>
          </Group>
          {data.results.length === 0 ? (
            <Text c="dimmed">{t('deepThought.noResults')}</Text>
          ) : (
            <Table.ScrollContainer minWidth={640}>
              <Table striped highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('deepThought.col.post')}</Table.Th>
                    <Table.Th>{t('deepThought.col.date')}</Table.Th>
                    <Table.Th ta="right">{t('deepThought.col.likes')}</Table.Th>
                    <Table.Th ta="right">{t('deepThought.col.reposts')}</Table.Th>
                    <Table.Th ta="right">{t('deepThought.col.replies')}</Table.Th>
                    <Table.Th ta="right">{t('deepThought.col.impressions')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.results.map((p) => (
                    <Table.Tr key={p.id}>
                      <Table.Td maw={420}>
                        <Anchor component={Link} to={`/post/${p.id}`} size="sm">
                          {p.text}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>{shortDate(p.created_at, i18n.language)}</Table.Td>
                      <Table.Td ta="right">{formatLargeNumber(p.like_count)}</Table.Td>
                      <Table.Td ta="right">{formatLargeNumber(p.retweet_count)}</Table.Td>
                      <Table.Td ta="right">{formatLargeNumber(p.reply_count)}</Table.Td>
                      <Table.Td ta="right">{formatLargeNumber(p.impression_count)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          {data.count > PAGE_SIZE && (
            <Pagination total={Math.ceil(data.count / PAGE_SIZE)} value={page} onChange={setPage} />
          )}
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
        const by = new Map(data.engagers.map((e) => [e.user.id, e]));
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
              extra={{
                header: t('deepThought.col.engagement'),
                render: (u) =>
                  t('deepThought.engagement', { likes: by.get(u.id)!.likes, reposts: by.get(u.id)!.reposts }),
              }}
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
