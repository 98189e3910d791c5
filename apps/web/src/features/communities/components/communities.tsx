import { Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Tabs, Text } from '@mantine/core';
import { formatLargeNumber } from '../../../lib/large-number';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageHeader, usePageTitle } from '@/components/page-title';
import { QueryError } from '@/components/route-error';
import type { CommunitySort, CommunitySummary } from '@murmur/core/api';
import { useCatalogueNames } from '@/lib/catalogue-names';
import { creatorPath, insightsPath } from '@/lib/insights-link';
import { useCommunities } from '../api/get-communities';
import { AccountChip } from '@/components/account-chip';
import { FigureView } from '@/components/figure';
import { GrowthBadge, GrowthFigures, GrowthWindowNote } from './community-growth';

export interface CommunitiesProps {
  teamSlug: string;
}

function CommunityCard({
  community,
  sort,
  teamSlug,
}: {
  community: CommunitySummary;
  sort: CommunitySort;
  teamSlug: string;
}) {
  const { t } = useTranslation();
  const names = useCatalogueNames();
  // Named by the engine from its interests and bio words; named again from them in the interface language.
  const name = names.community({
    name: community.name,
    interests: community.top_interests,
    words: community.top_terms,
  });
  return (
    <Card withBorder radius="md" component="article" aria-labelledby={`community-${community.id}`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={600} id={`community-${community.id}`}>
            {name}
          </Text>
          {sort === 'trending' && community.growth ? (
            <GrowthBadge growth={community.growth} />
          ) : (
            <Badge variant="light" tt="none" style={{ flexShrink: 0 }}>
              {t('communities.searches', { n: formatLargeNumber(community.searches) })}
            </Badge>
          )}
        </Group>
        {/* The size is Murmur's estimate: labelled so, with its 95 % interval. */}
        <FigureView figure={community.size_figure} withLabel testId="community-size" />
        {sort === 'trending' && community.growth && <GrowthFigures growth={community.growth} />}
        {community.top_terms.length > 0 && (
          <Group gap={4}>
            {community.top_terms.slice(0, 8).map((term) => (
              <Badge key={term} variant="outline" color="gray" tt="none">
                {term}
              </Badge>
            ))}
          </Group>
        )}
        {community.top_interests.length > 0 && (
          <Text size="xs" c="dimmed">
            {t('communities.interests')}:{' '}
            {community.top_interests
              .slice(0, 4)
              .map((label) => names.name('interests', label))
              .join(' · ')}
          </Text>
        )}
        <Stack gap={4}>
          {community.top_accounts.slice(0, 3).map((account) => (
            <AccountChip key={account.id} account={account} />
          ))}
        </Stack>
        <Group gap="xs" mt="xs">
          <Button size="xs" component={Link} to={creatorPath(teamSlug, community.targeting_package)}>
            {t('communities.build')}
          </Button>
          <Button
            size="xs"
            variant="default"
            component={Link}
            to={insightsPath(teamSlug, { package: community.targeting_package })}
          >
            {t('creator.openInsights')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function CommunityList({ sort, teamSlug }: { sort: CommunitySort; teamSlug: string }) {
  const { t } = useTranslation();
  const communities = useCommunities(sort);
  if (communities.isPending) {
    return (
      <SimpleGrid
        cols={{ base: 1, sm: 2, lg: 3 }}
        role="status"
        aria-label={t('common.loading')}
        aria-busy="true"
      >
        {Array.from({ length: 6 }, (_, index) => (
          <Skeleton key={index} h={220} radius="md" />
        ))}
      </SimpleGrid>
    );
  }
  if (communities.isError) {
    return <QueryError query={communities} />;
  }
  const { results, growth_window: window } = communities.data;
  // Trending says what it measured (or why it cannot) before any card, even with none to show.
  const note = sort === 'trending' && <GrowthWindowNote window={window} empty={results.length === 0} />;
  if (results.length === 0) {
    return (
      note || (
        <Text c="dimmed" ta="center" py="xl">
          {t('table.noResults')}
        </Text>
      )
    );
  }
  return (
    <Stack gap="md">
      {note}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {results.map((community) => (
          <CommunityCard key={community.id} community={community} sort={sort} teamSlug={teamSlug} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/** Communities (SPEC §2): trending and most searched groups of the network. */
export function Communities({ teamSlug }: CommunitiesProps) {
  const { t } = useTranslation();
  usePageTitle(t('screens.communities'));
  const [params, setParams] = useSearchParams();
  const tab: CommunitySort = params.get('tab') === 'most_searched' ? 'most_searched' : 'trending';
  return (
    <Stack gap="lg">
      <PageHeader title={t('screens.communities')} intro={t('communities.intro')} />
      <Tabs
        value={tab}
        onChange={(value) => setParams(value === 'most_searched' ? { tab: value } : {}, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="trending">{t('communities.trending')}</Tabs.Tab>
          <Tabs.Tab value="most_searched">{t('communities.mostSearched')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="trending">
          <CommunityList sort="trending" teamSlug={teamSlug} />
        </Tabs.Panel>
        <Tabs.Panel value="most_searched">
          <CommunityList sort="most_searched" teamSlug={teamSlug} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
