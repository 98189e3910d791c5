import { Anchor, Button, Card, Group, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { DtPayout } from '@murmur/core/api';
import { formatLargeNumber } from '@murmur/core/format';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader, usePageTitle } from '@/components/page-title';
import { viewerTimeZone } from '../api/deepthought-query';
import { useDtBestTime } from '../api/get-best-post-time';
import { useDtPayout } from '../api/get-payout-prediction';
import { useDtStats } from '../api/get-stats';
import { useDtStatus } from '../api/get-status';
import { ConnectNotice, DtScreen, PremiumNotice, uiLanguage } from './dt-frame';
import { SignInWithXButton } from './sign-in';
import { SUITE_LINKS } from '../suite-links';

function Figure({ label, value }: { label: string; value: number | string }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Text size="xs" c="dimmed" tt="uppercase">
        {label}
      </Text>
      <Text size="xl" fw={700}>
        {typeof value === 'number' ? formatLargeNumber(value) : value}
      </Text>
    </Card>
  );
}

const WEEKDAY_KEYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

const hourLabel = (h: number) => `${String(h).padStart(2, '0')}:00`;

/** The hours under a 24-bar chart (bars 12 px wide, 2 px apart): every sixth hour labelled. */
export function HourAxis() {
  return (
    <Group gap={2} wrap="nowrap" aria-hidden data-testid="hour-axis">
      {Array.from({ length: 24 }, (_, h) => (
        <Text key={h} size="10px" c="dimmed" w={12} style={{ overflow: 'visible', whiteSpace: 'nowrap' }}>
          {h % 6 === 0 ? hourLabel(h) : ''}
        </Text>
      ))}
    </Group>
  );
}

/** The account's own posting hours (X's post counts) under its followers' activity. */
export function OwnHours({ hours, posts }: { hours: number[]; posts: number }) {
  const { t } = useTranslation();
  if (posts === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('deepThought.bestTime.ownNone')}
      </Text>
    );
  const top = hours
    .map((v, h) => [v, h] as const)
    .filter(([v]) => v > 0)
    .sort((a, b) => b[0] - a[0] || a[1] - b[1])
    .slice(0, 3)
    .map(([, h]) => hourLabel(h));
  const max = Math.max(...hours, 0.0001);
  return (
    <Stack gap={4}>
      <Text size="sm">{t('deepThought.bestTime.own', { count: posts, hours: top.join(', ') })}</Text>
      <Group
        gap={2}
        wrap="nowrap"
        align="flex-end"
        h={32}
        aria-label={t('deepThought.bestTime.ownChart')}
        role="img"
      >
        {hours.map((v, h) => (
          <div
            key={h}
            title={`${hourLabel(h)} · ${Math.round(v * 1000) / 10} %`}
            style={{
              width: 12,
              height: `${Math.max(2, (v / max) * 30)}px`,
              background: 'var(--mantine-color-blue-4)',
            }}
          />
        ))}
      </Group>
      <HourAxis />
    </Stack>
  );
}

function BestTime() {
  const { t } = useTranslation();
  const tz = viewerTimeZone();
  const best = useDtBestTime(tz);
  if (!best.data) return null;
  const max = Math.max(...best.data.hours, 0.0001);
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('deepThought.bestTime.title')}
        </Title>
        {best.data.basis === 0 ? (
          <Text c="dimmed">{t('deepThought.bestTime.none')}</Text>
        ) : (
          <>
            <Text>
              {t('deepThought.bestTime.answer', {
                hours: best.data.best_hours.map(hourLabel).join(', '),
                day: t(`deepThought.weekday.${WEEKDAY_KEYS[best.data.best_weekday]!}`),
                tz,
              })}
            </Text>
            <Group
              gap={2}
              wrap="nowrap"
              align="flex-end"
              h={80}
              aria-label={t('deepThought.bestTime.chart')}
              role="img"
            >
              {best.data.hours.map((v, h) => (
                <div
                  key={h}
                  title={`${String(h).padStart(2, '0')}:00 · ${Math.round(v * 1000) / 10} %`}
                  style={{
                    width: 12,
                    height: `${Math.max(2, (v / max) * 76)}px`,
                    background: best.data.best_hours.includes(h)
                      ? 'var(--mantine-color-violet-6)'
                      : 'var(--mantine-color-gray-4)',
                  }}
                />
              ))}
            </Group>
            <HourAxis />
            <Text size="xs" c="dimmed">
              {t('deepThought.bestTime.basis', { n: best.data.basis })}
            </Text>
          </>
        )}
        <OwnHours hours={best.data.own_hours} posts={best.data.own_posts_7d} />
      </Stack>
    </Paper>
  );
}

const percent = (share: number) => Math.round(share * 1000) / 10;

/** The payout model's assumptions in the interface language, from the server's constants. */
function payoutAssumptions(m: DtPayout['parameters'], t: TFunction, language: string): string[] {
  return [
    t('deepThought.payout.assumption.share', { share: percent(m.verified_impression_share) }),
    t('deepThought.payout.assumption.rpm', { rpm: m.rpm_usd.toFixed(2) }),
    t('deepThought.payout.assumption.bonus', {
      bonus: percent(m.engagement_bonus_per_point),
      max: percent(m.max_engagement_bonus),
    }),
    t('deepThought.payout.assumption.eligible', {
      impressions: m.min_impressions_30d.toLocaleString(uiLanguage(language)),
      verified: m.min_verified_followers.toLocaleString(uiLanguage(language)),
    }),
    t('deepThought.payout.assumption.range', { band: percent(m.band) }),
  ];
}

function Payout() {
  const { t, i18n } = useTranslation();
  const payout = useDtPayout();
  if (!payout.data) return null;
  const p = payout.data;
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('deepThought.payout.title')}
        </Title>
        <Text size="xl" fw={700}>
          ${p.predicted_usd.toFixed(2)}{' '}
          <Text span size="sm" c="dimmed">
            (${p.low_usd.toFixed(2)} – ${p.high_usd.toFixed(2)})
          </Text>
        </Text>
        <Text size="sm">
          {t('deepThought.payout.basis', {
            impressions: formatLargeNumber(p.impressions_30d),
            rate: (p.engagement_rate * 100).toFixed(2),
            posts: p.posts,
          })}
        </Text>
        {!p.eligible && (
          <Text size="sm" c="orange.9">
            {t('deepThought.payout.notEligible')}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {t('deepThought.payout.model')}: {t('deepThought.payout.modelText')}
        </Text>
        <List size="xs" c="dimmed">
          {payoutAssumptions(p.parameters, t, i18n.language).map((a) => (
            <List.Item key={a}>{a}</List.Item>
          ))}
        </List>
      </Stack>
    </Paper>
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
    >
      {(s) => (
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
            <Figure label={t('deepThought.stats.followers')} value={s.followers} />
            <Figure label={t('deepThought.stats.following')} value={s.following} />
            <Figure label={t('deepThought.stats.mutuals')} value={s.mutuals} />
            <Figure label={t('deepThought.stats.posts')} value={s.posts} />
            <Figure label={t('deepThought.stats.newFollowers')} value={s.new_followers_7d} />
            <Figure label={t('deepThought.stats.unfollowers')} value={s.unfollowers_7d} />
            <Figure label={t('deepThought.stats.spam')} value={s.spam_followers} />
            <Figure label={t('deepThought.stats.impressions')} value={s.impressions} />
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
      )}
    </DtScreen>
  );
}

/** / — the paused page: what Deep Thought is, and the way in. */
export function PausedScreen() {
  const { t } = useTranslation();
  usePageTitle('Deep Thought');
  const status = useDtStatus();
  const signedIn = status.isSuccess;
  return (
    <Stack gap="lg" maw={720}>
      <PageHeader title="Deep Thought" intro={t('deepThought.paused.intro')} />
      <Text>{t('deepThought.paused.body')}</Text>
      <List>
        <List.Item>{t('deepThought.paused.point1')}</List.Item>
        <List.Item>{t('deepThought.paused.point2')}</List.Item>
        <List.Item>{t('deepThought.paused.point3')}</List.Item>
      </List>
      <Group>
        {signedIn && status.data.account ? (
          <Button component={Link} to="/premium-suite">
            {t('deepThought.paused.open')}
          </Button>
        ) : (
          <SignInWithXButton />
        )}
      </Group>
      {signedIn && !status.data.account && <ConnectNotice />}
    </Stack>
  );
}
