import { Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatDate } from '@murmur/core/format';
import { formatLargeNumber } from '../../../lib/large-number';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/hooks/use-language';
import type { PostSummary } from '../types';
import { AccountAvatar } from './account-avatar';

export interface PostListProps<P extends PostSummary> {
  posts: readonly P[];
  label: string;
  /** "Liked by 12 members" and the like. */
  extra?: (post: P) => string;
  /** Lay the posts out as a wall (a grid) rather than a column. */
  wall?: boolean;
}

/** Posts as cards: author, text, date and engagement. */
export function PostList<P extends PostSummary>({ posts, label, extra, wall = false }: PostListProps<P>) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <ListLayout wall={wall} label={label}>
      {posts.map((p, i) => (
        <Paper component="li" key={p.id || `${p.post}-${i}`} withBorder radius="sm" p="sm">
          <Group wrap="nowrap" gap="sm" mb={6}>
            <AccountAvatar account={p.author} size={32} />
            <div style={{ minWidth: 0, flex: 1 }}>
              <Text size="sm" fw={600} truncate="end">
                {p.author.name || p.author.handle}
              </Text>
              <Text size="xs" c="dimmed" truncate="end">
                @{p.author.handle}
                {p.at !== '' && ` · ${formatDate(p.at, language)}`}
              </Text>
            </div>
          </Group>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {p.text !== '' ? p.text : t('insights.postTextUnavailable')}
          </Text>
          <Group gap="md" mt={6}>
            <Text size="xs" c="dimmed">
              {t('insights.likes', { value: formatLargeNumber(p.likes) })}
            </Text>
            <Text size="xs" c="dimmed">
              {t('insights.reposts', { value: formatLargeNumber(p.reposts) })}
            </Text>
            <Text size="xs" c="dimmed">
              {t('insights.replies', { value: formatLargeNumber(p.replies) })}
            </Text>
            {extra !== undefined && (
              <Text size="xs" fw={600}>
                {extra(p)}
              </Text>
            )}
          </Group>
        </Paper>
      ))}
    </ListLayout>
  );
}

function ListLayout({ wall, label, children }: { wall: boolean; label: string; children: ReactNode }) {
  const style = { listStyle: 'none', padding: 0, margin: 0 };
  return wall ? (
    <SimpleGrid component="ol" cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" aria-label={label} style={style}>
      {children}
    </SimpleGrid>
  ) : (
    <Stack component="ol" gap="sm" aria-label={label} style={style}>
      {children}
    </Stack>
  );
}
