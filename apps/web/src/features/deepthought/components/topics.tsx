import { Group, Progress, Stack, Table, Text } from '@mantine/core';
import { formatPercent } from '@murmur/core/format';
import { useTranslation } from 'react-i18next';
import { useDtTopics } from '../api/get-topics-of';
import { DtScreen } from './dt-frame';

function TopicsScreen({ of }: { of: 'posts' | 'following' }) {
  const { t } = useTranslation();
  const topics = useDtTopics(of);
  return (
    <DtScreen
      title={t(of === 'posts' ? 'premium.screens.topics' : 'premium.screens.followingTopics')}
      intro={t(of === 'posts' ? 'deepThought.intro.topics' : 'deepThought.intro.followingTopics')}
      query={topics}
      syncedAt={(d) => d.synced_at}
    >
      {(data) => (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t(of === 'posts' ? 'deepThought.basisPosts' : 'deepThought.basisAccounts', { n: data.basis })}
          </Text>
          {data.results.length === 0 ? (
            <Text c="dimmed">{t('deepThought.noResults')}</Text>
          ) : (
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('deepThought.col.topic')}</Table.Th>
                  <Table.Th ta="right">{t('deepThought.col.count')}</Table.Th>
                  <Table.Th w="40%">{t('deepThought.col.share')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.results.map((topic) => (
                  <Table.Tr key={topic.topic}>
                    <Table.Td>{topic.topic}</Table.Td>
                    <Table.Td ta="right">{topic.count}</Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Progress value={topic.share * 100} w="100%" aria-label={topic.topic} />
                        <Text size="xs" w={56}>
                          {formatPercent(topic.share, { fromFraction: true })}
                        </Text>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      )}
    </DtScreen>
  );
}

export const PostedTopicsScreen = () => <TopicsScreen of="posts" />;
export const FollowingTopicsScreen = () => <TopicsScreen of="following" />;
