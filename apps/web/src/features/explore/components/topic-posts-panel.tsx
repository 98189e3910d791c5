import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  Progress,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { formatDate } from '@murmur/core/format';
import { formatLargeNumber } from '../../../lib/large-number';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountChip } from '@/components/account-chip';
import { useLanguage } from '@/hooks/use-language';
import type { Sentiment } from '@murmur/core/api';
import { errorText } from '@/lib/error-text';
import { useSearchTopicPosts } from '@/lib/api/topic-posts';

const COLOURS: Record<Sentiment, string> = { positive: 'teal', neutral: 'gray', negative: 'red' };
const SENTIMENTS: Sentiment[] = ['positive', 'neutral', 'negative'];

/** Posts about a topic and how people feel about it. */
export function TopicPostsPanel() {
  const { t } = useTranslation();
  const interfaceLanguage = useLanguage();
  const [keywords, setKeywords] = useState('');
  const [language, setLanguage] = useState<'en' | 'ja'>(interfaceLanguage);
  const posts = useSearchTopicPosts();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (keywords.trim() !== '') posts.mutate({ keywords: keywords.trim(), language, limit: 30 });
  };
  const data = posts.data;
  const total = data ? SENTIMENTS.reduce((sum, key) => sum + data.sentiment[key], 0) : 0;

  return (
    <Stack gap="md">
      <form onSubmit={submit}>
        <Group align="flex-end" gap="sm">
          <TextInput
            label={t('explore.topic.label')}
            description={t('explore.topic.description')}
            placeholder={t('explore.topic.placeholder')}
            value={keywords}
            onChange={(event) => setKeywords(event.currentTarget.value)}
            style={{ flex: 1, maxWidth: 420 }}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="topic-language">
              {t('explore.topic.language')}
            </Text>
            <SegmentedControl
              aria-labelledby="topic-language"
              value={language}
              onChange={(value) => setLanguage(value as 'en' | 'ja')}
              data={[
                { value: 'en', label: 'English' },
                { value: 'ja', label: '日本語' },
              ]}
            />
          </Stack>
          <Button type="submit" loading={posts.isPending} disabled={keywords.trim() === ''}>
            {t('explore.explore')}
          </Button>
        </Group>
      </form>
      {posts.isError && (
        <Alert color="red" role="alert">
          {errorText(posts.error, t)}
        </Alert>
      )}
      {posts.isPending && data === undefined && (
        <Skeleton role="status" h={200} radius="md" aria-label={t('common.loading')} />
      )}
      {data !== undefined && (
        <Stack gap="sm">
          <Paper withBorder p="md" radius="md">
            <Stack gap={6}>
              <Text fw={500}>{t('explore.topic.sentiment')}</Text>
              {total === 0 ? (
                <Text size="sm" c="dimmed">
                  {t('table.noResults')}
                </Text>
              ) : (
                <>
                  <Progress.Root size="xl" role="group" aria-label={t('explore.topic.sentiment')}>
                    {SENTIMENTS.map((key) => (
                      <Progress.Section
                        key={key}
                        value={(data.sentiment[key] / total) * 100}
                        color={COLOURS[key]}
                      />
                    ))}
                  </Progress.Root>
                  <Group gap="md">
                    {SENTIMENTS.map((key) => (
                      <Text key={key} size="sm">
                        <Badge color={COLOURS[key]} variant="light" tt="none" mr={4}>
                          {t(`explore.sentiment.${key}`)}
                        </Badge>
                        {data.sentiment[key]}
                      </Text>
                    ))}
                  </Group>
                </>
              )}
            </Stack>
          </Paper>
          {data.posts.length === 0 ? (
            <Text c="dimmed" ta="center" py="md">
              {t('table.noResults')}
            </Text>
          ) : (
            data.posts.map((post) => (
              <Paper key={post.id} withBorder p="sm" radius="md" component="article">
                <Stack gap={6}>
                  <Group justify="space-between" wrap="nowrap">
                    <AccountChip account={post.author} />
                    <Badge color={COLOURS[post.sentiment]} variant="light" tt="none">
                      {t(`explore.sentiment.${post.sentiment}`)}
                    </Badge>
                  </Group>
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                    {post.text}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatDate(post.created, interfaceLanguage)} ·{' '}
                    {t('explore.topic.engagement', {
                      likes: formatLargeNumber(post.likes),
                      reposts: formatLargeNumber(post.reposts),
                    })}
                  </Text>
                </Stack>
              </Paper>
            ))
          )}
        </Stack>
      )}
    </Stack>
  );
}
