import { formatLargeNumber } from '../../../../lib/large-number';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { EngagedPost, InsightsReport, PostSummary } from '@/features/insights/types';
import { postsText } from '@/features/insights/utils/panel-text';
import { EmptyPanel, Panel } from '../panel';
import { PanelGrid } from '../panel-grid';
import { PostList } from '../post-list';

function PostsPanel<P extends PostSummary>({
  title,
  posts,
  extra,
  wide,
  note,
}: {
  title: string;
  posts: readonly P[];
  extra?: (post: P) => string;
  wide?: boolean;
  /** How the posts were chosen, under the list. */
  note?: string;
}) {
  return (
    <Panel title={title} wide={wide} copyText={() => postsText(posts)}>
      {note !== undefined && (
        <Text size="xs" c="dimmed" mb="xs">
          {note}
        </Text>
      )}
      {posts.length === 0 ? (
        <EmptyPanel />
      ) : (
        <PostList posts={posts} label={title} extra={extra} wall={wide} />
      )}
    </Panel>
  );
}

/** The members' top posts, and the posts they liked and reposted most. */
export function ContentWallTab({ report }: { report: InsightsReport }) {
  const { t } = useTranslation();
  const { contentWall, engagement } = report;
  const byAudience = (p: EngagedPost) => t('insights.byAudience', { value: formatLargeNumber(p.byAudience) });
  return (
    <PanelGrid>
      <PostsPanel
        title={t('insights.panels.contentWall')}
        posts={(contentWall?.posts ?? []).slice(0, 12)}
        wide
        note={
          contentWall === undefined
            ? undefined
            : t('insightsSupport.perAuthor', {
                count: contentWall.perAuthor,
                min: contentWall.minEngagement,
              })
        }
      />
      <PostsPanel
        title={t('insights.panels.mostLikedPosts')}
        posts={(engagement?.mostLikedPosts ?? []).slice(0, 8)}
        extra={byAudience}
      />
      <PostsPanel
        title={t('insights.panels.mostRepostedPosts')}
        posts={(engagement?.mostRepostedPosts ?? []).slice(0, 8)}
        extra={byAudience}
      />
    </PanelGrid>
  );
}
