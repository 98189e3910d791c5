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
  Title,
} from '@mantine/core';
import type { Sentiment } from '@murmur/core/api';
import { formatDate } from '@murmur/core/format';
import { formatLargeNumber } from '../../../lib/large-number';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AccountChip } from '@/components/account-chip';
import { useLanguage } from '@/hooks/use-language';
import { errorText } from '@/lib/error-text';
import { encodePackage } from '@/lib/insights-link';
import { useRelatedKeywords } from '../api/related-keywords';
import { useTopicPosts } from '@/lib/api/topic-posts';

const COLOURS: Record<Sentiment, string> = { positive: 'teal', neutral: 'gray', negative: 'red' };
const SENTIMENTS: Sentiment[] = ['positive', 'neutral', 'negative'];

/** The explored topic: its posts, how people feel about it, and the words used with it. */
export function TopicSection({ topic }: { topic: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [postLanguage, setPostLanguage] = useState<'all' | 'en' | 'ja'>('all');
  const posts = useTopicPosts(topic, postLanguage === 'all' ? undefined : postLanguage);
  const related = useRelatedKeywords(topic);
  const data = posts.data;
  const total = data ? SENTIMENTS.reduce((sum, key) => sum + data.sentiment[key], 0) : 0;
  return (
    <Paper withBorder p="md" aria-labelledby="explore-topic">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} size="h3" id="explore-topic">
            {t('proSite.explore.topicTitle', { topic })}
          </Title>
          <Button
            component={Link}
            to={`/audience-builder?package=${encodePackage({ keywords: [{ label: topic }] })}`}
            variant="light"
          >
            {t('proSite.explore.buildFromTopic')}
          </Button>
        </Group>
        {related.data && related.data.keywords.length > 0 && (
          <Group gap={6}>
            <Text size="sm" fw={600}>
              {t('proSite.explore.related')}
            </Text>
            {related.data.keywords.slice(0, 12).map((k) => (
              <Badge
                key={k.term}
                component={Link}
                to={`/explore/${encodeURIComponent(k.term)}`}
                variant="outline"
                tt="none"
                style={{ cursor: 'pointer' }}
              >
                {k.term}
              </Badge>
            ))}
          </Group>
        )}
        <SegmentedControl
          value={postLanguage}
          onChange={(value) => setPostLanguage(value === 'en' || value === 'ja' ? value : 'all')}
          data={[
            { value: 'all', label: t('proSite.explore.allLanguages') },
            { value: 'en', label: 'English' },
            { value: 'ja', label: '日本語' },
          ]}
          w="fit-content"
          aria-label={t('proSite.explore.postLanguage')}
        />
        {posts.isPending && <Skeleton h={120} />}
        {posts.isError && (
          <Alert color="red" role="alert">
            {errorText(posts.error, t)}
          </Alert>
        )}
        {data && total === 0 && <Text c="dimmed">{t('proSite.explore.noPosts')}</Text>}
        {data && total > 0 && (
          <>
            <Stack gap={4} role="group" aria-label={t('proSite.explore.sentiment')}>
              <Text size="sm" fw={600}>
                {t('proSite.explore.sentiment')}
              </Text>
              <Progress.Root size={18}>
                {SENTIMENTS.map((key) => (
                  <Progress.Section
                    key={key}
                    value={(data.sentiment[key] / total) * 100}
                    color={COLOURS[key]}
                    // Each section is a progressbar, which needs a name of its own (axe).
                    aria-label={t(`proSite.explore.${key}`)}
                  >
                    <Progress.Label>{t(`proSite.explore.${key}`)}</Progress.Label>
                  </Progress.Section>
                ))}
              </Progress.Root>
              <Group gap="md">
                {SENTIMENTS.map((key) => (
                  <Text key={key} size="xs" c="dimmed">
                    {t(`proSite.explore.${key}`)}: {data.sentiment[key]}
                  </Text>
                ))}
              </Group>
            </Stack>
            <Stack gap="xs">
              {data.posts.map((post) => (
                <Paper key={post.id} withBorder p="sm" radius="sm">
                  <Stack gap={6}>
                    <Group justify="space-between" wrap="nowrap">
                      <AccountChip account={post.author} />
                      <Badge color={COLOURS[post.sentiment]} variant="light">
                        {t(`proSite.explore.${post.sentiment}`)}
                      </Badge>
                    </Group>
                    <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                      {post.text}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {formatDate(post.created, language)} · ♥ {formatLargeNumber(post.likes)} · ⟲{' '}
                      {formatLargeNumber(post.reposts)}
                    </Text>
                  </Stack>
                </Paper>
              ))}
            </Stack>
          </>
        )}
      </Stack>
    </Paper>
  );
}
