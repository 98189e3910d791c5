import { Anchor, Button, Card, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { xFollowers, xMetric } from '@murmur/core/sampling';
import { FigureView } from '@/components/figure';
import { formatLargeNumber } from '../../../lib/large-number';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDtStats } from '../api/get-stats';
import { useDtStatus } from '../api/get-status';
import { DtScreen, PremiumNotice } from './dt-frame';
import { SUITE_LINKS } from '../suite-links';
import { BestTime } from './best-time';
import { Payout } from './payout';

/** A count of Deep Thought's own (mutuals, spam, changes), set as FigureView sets X's figures beside it. */
function Figure({ label, value }: { label: string; value: number | string }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="xl" fw={700} lh={1.1}>
        {typeof value === 'number' ? formatLargeNumber(value) : value}
      </Text>
    </Card>
  );
}
/** /premium-suite: the account's figures, sync, best time and payout, and the way to every page. */
export function DashboardScreen() {
  const { t } = useTranslation();
  const status = useDtStatus();
  const stats = useDtStats();
  return (
    <DtScreen
      title={t('premium.screens.dashboard')}
      intro={t('deepThought.intro.dashboard')}
      query={stats}
      syncedAt={(d) => d.synced_at}
      needs="account"
    >
      {(s) => {
        // Before the first sync only X's own follower count is known: the rest says "not yet" (the
        // sync bar above explains), not a row of zeros that reads as an account with no activity.
        const notYet = s.synced_at === null ? '—' : undefined;
        return (
          <Stack gap="md">
            {status.data?.account && (
              <Text>
                {t('deepThought.viewing', {
                  name: status.data.account.name,
                  username: status.data.account.username,
                })}{' '}
                <Anchor component={Link} to="/switch-account" size="sm">
                  {t('premium.screens.switchAccount')}
                </Anchor>
              </Text>
            )}
            <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }}>
              {/* The followers and following X lists for the account: X's figures, labelled as on every
                screen (docs/decisions/006-sampling-model.md), never Murmur's estimate of its followers.
                Following comes with the first sync: "—" until then. */}
              <Card withBorder radius="md" padding="md" data-testid="dt-followers">
                <FigureView figure={xFollowers(s.followers)} withLabel size="lg" />
              </Card>
              {notYet ? (
                <Figure label={t('deepThought.stats.following')} value={notYet} />
              ) : (
                <Card withBorder radius="md" padding="md" data-testid="dt-following">
                  <FigureView figure={xMetric('following', s.following)} withLabel size="lg" />
                </Card>
              )}
              <Figure label={t('deepThought.stats.mutuals')} value={notYet ?? s.mutuals} />
              <Figure label={t('deepThought.stats.posts')} value={notYet ?? s.posts} />
              <Figure label={t('deepThought.stats.newFollowers')} value={notYet ?? s.new_followers_7d} />
              <Figure label={t('deepThought.stats.unfollowers')} value={notYet ?? s.unfollowers_7d} />
              <Figure label={t('deepThought.stats.spam')} value={notYet ?? s.spam_followers} />
              {/* X's impression counts of the synced posts, summed: X's figure. */}
              {notYet ? (
                <Figure label={t('deepThought.stats.impressions')} value={notYet} />
              ) : (
                <Card withBorder radius="md" padding="md" data-testid="dt-impressions">
                  <FigureView figure={xMetric('impressions', s.impressions)} withLabel size="lg" />
                </Card>
              )}
            </SimpleGrid>
            {status.data && !status.data.premium ? (
              <PremiumNotice />
            ) : (
              <SimpleGrid cols={{ base: 1, md: 2 }}>
                <BestTime />
                <Payout />
              </SimpleGrid>
            )}
            <Paper withBorder p="md" radius="md" component="nav" aria-label={t('deepThought.suitePages')}>
              <Group gap="xs">
                {SUITE_LINKS.map(([to, key]) => (
                  <Button key={to} component={Link} to={to} variant="light" size="xs">
                    {t(key)}
                  </Button>
                ))}
              </Group>
            </Paper>
          </Stack>
        );
      }}
    </DtScreen>
  );
}
