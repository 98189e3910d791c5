import { formatLargeNumber } from '@murmur/core/format';
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
}: {
  title: string;
  posts: readonly P[];
  extra?: (post: P) => string;
  wide?: boolean;
}) {
  return (
    <Panel title={title} wide={wide} copyText={() => postsText(posts)}>
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
