import {
  Badge,
  Button,
  Checkbox,
  Group,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { X_FOLLOW_ACTIONS_PER_DAY, type DtEngager, type DtJob, type DtUser } from '@murmur/core/api';
import { isApiError } from '@murmur/core/errors';
import { formatLargeNumber } from '@murmur/core/format';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { PagePagination } from '@/components/page-pagination';
import { errorText } from '@/lib/error-text';
import { useDebouncedValue } from '@mantine/hooks';
import { useFollowUnfollow } from '../api/follow-unfollow';
import { useDtConnections } from '../api/get-connections';
import { useDtEngagers } from '../api/get-engagers';
import { type UsersQuery } from '../api/get-followers';
import { useDtJob } from '../api/get-job';
import { useDtSpam } from '../api/get-spam-analysis';
import { useDtChanges } from '../api/get-unfollowers';
import { DtScreen, Handle, JobProgress, resumesAt, shortDate } from './dt-frame';
import { DtTable, type DtColumn } from './dt-table';

/** The spam score as a badge, its reasons on hover. */
function SpamBadge({ user }: { user: DtUser }) {
  const { t } = useTranslation();
  const spam = user.spam_score >= 0.6;
  return (
    <Tooltip label={user.spam_reasons.join(' · ') || t('deepThought.spam.noReasons')} multiline maw={320}>
      <Badge color={spam ? 'red' : user.spam_score >= 0.3 ? 'yellow' : 'gray'} variant="light" tt="none">
        {spam
          ? t('deepThought.spam.likely')
          : t('deepThought.spam.score', { score: Math.round(user.spam_score * 100) })}
      </Badge>
    </Tooltip>
  );
}

/**
 * The server's 429 at X's daily cap, in the interface language: its detail names the time it lifts
 * (ISO 8601), which is shown relative and in full.
 */
function dailyCapText(error: unknown, action: 'follow' | 'unfollow', t: TFunction, language: string) {
  if (!isApiError(error) || error.status !== 429) return undefined;
  const at = /\d{4}-\d{2}-\d{2}T[\d:.]+Z/.exec(error.message)?.[0];
  if (!at) return undefined;
  return t(`deepThought.dailyCapReached.${action}`, {
    cap: X_FOLLOW_ACTIONS_PER_DAY,
    ...resumesAt(at, language),
  });
}

/** Runs follow/unfollow for the selected accounts as one job and shows its progress. */
function BulkAction({
  ids,
  action,
  onDone,
}: {
  ids: string[];
  action: 'follow' | 'unfollow';
  onDone?: () => void;
}) {
  const { t, i18n } = useTranslation();
  const run = useFollowUnfollow();
  const job = useDtJob(run.data?.id);
  const current: DtJob | undefined = job.data ?? run.data;
  return (
    <Stack gap="xs">
      <Group>
        <Button
          size="xs"
          color={action === 'unfollow' ? 'red' : 'blue'}
          disabled={ids.length === 0}
          loading={run.isPending}
          onClick={() => run.mutate({ action, user_ids: ids }, { onSuccess: () => onDone?.() })}
        >
          {t(`deepThought.bulk.${action}`, { n: ids.length })}
        </Button>
      </Group>
      {run.isError && (
        <Text size="sm" c="red" role="alert">
          {dailyCapText(run.error, action, t, i18n.language) ?? errorText(run.error, t)}
        </Text>
      )}
      {current && <JobProgress job={current} />}
    </Stack>
  );
}

export function UsersTable({
  users,
  selectable = false,
  selected,
  onSelect,
  extra = [],
}: {
  users: DtUser[];
  selectable?: boolean;
  selected?: Set<string>;
  onSelect?: (next: Set<string>) => void;
  /** Columns after the account's own figures. */
  extra?: DtColumn<DtUser>[];
}) {
  const { t } = useTranslation();
  const all = users.length > 0 && users.every((u) => selected?.has(u.id));
  const toggle = (id: string) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onSelect?.(next);
  };
  const select: DtColumn<DtUser> = {
    key: 'select',
    width: 40,
    header: (
      <Checkbox
        aria-label={t('deepThought.selectAll')}
        checked={all}
        onChange={() => onSelect?.(all ? new Set() : new Set(users.map((u) => u.id)))}
      />
    ),
    cell: (u) => (
      <Checkbox
        aria-label={`@${u.username}`}
        checked={selected?.has(u.id) ?? false}
        onChange={() => toggle(u.id)}
      />
    ),
  };
  const columns: DtColumn<DtUser>[] = [
    ...(selectable ? [select] : []),
    {
      key: 'account',
      header: t('deepThought.col.account'),
      cell: (u) => (
        <Stack gap={0}>
          <Text size="sm" fw={500}>
            {u.name}
          </Text>
          <Handle username={u.username} />
        </Stack>
      ),
    },
    {
      key: 'followers',
      header: t('deepThought.col.followers'),
      numeric: true,
      cell: (u) => formatLargeNumber(u.followers_count),
    },
    {
      key: 'following',
      header: t('deepThought.col.following'),
      numeric: true,
      cell: (u) => formatLargeNumber(u.following_count),
    },
    {
      key: 'posts',
      header: t('deepThought.col.posts'),
      numeric: true,
      cell: (u) => formatLargeNumber(u.tweet_count),
    },
    { key: 'spam', header: t('deepThought.col.spam'), cell: (u) => <SpamBadge user={u} /> },
    ...extra,
  ];
  return <DtTable rows={users} rowKey={(u) => u.id} columns={columns} />;
}

/** Engagement columns: what they gave (likes, reposts, quotes, mentions) and what the account gave back. */
export function engagementColumns(engagers: DtEngager[], t: TFunction): DtColumn<DtUser>[] {
  const by = new Map(engagers.map((e) => [e.user.id, e]));
  return [
    {
      key: 'engagement',
      header: t('deepThought.col.engagement'),
      cell: (u) => t('deepThought.engagement', { ...by.get(u.id)! }),
    },
    {
      key: 'likedByYou',
      header: t('deepThought.col.likedByYou'),
      numeric: true,
      cell: (u) => by.get(u.id)!.liked_by_you,
    },
  ];
}

const PAGE_SIZE = 100;

function ConnectionsScreen({ direction }: { direction: 'followers' | 'following' }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 500);
  const [spam, setSpam] = useState<'all' | 'only' | 'exclude'>('all');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const query: UsersQuery = {
    page,
    page_size: PAGE_SIZE,
    ...(debounced && { search: debounced }),
    ...(spam !== 'all' && { spam }),
    sort: spam === 'only' ? '-spam' : '-followers',
  };
  const result = useDtConnections(direction, query);
  return (
    <DtScreen
      title={t(`premium.screens.${direction}`)}
      intro={t(`deepThought.intro.${direction}`)}
      query={result}
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
            <SegmentedControl
              value={spam}
              onChange={(v) => {
                setSpam(v as typeof spam);
                setPage(1);
              }}
              data={[
                { value: 'all', label: t('deepThought.filter.all') },
                { value: 'only', label: t('deepThought.filter.spam') },
                { value: 'exclude', label: t('deepThought.filter.noSpam') },
              ]}
            />
            <Text size="sm" c="dimmed">
              {t('deepThought.count', { n: data.count })}
            </Text>
          </Group>
          <BulkAction
            ids={[...selected]}
            action={direction === 'following' ? 'unfollow' : 'follow'}
            onDone={() => setSelected(new Set())}
          />
          <UsersTable users={data.results} selectable selected={selected} onSelect={setSelected} />
          {data.count > PAGE_SIZE && (
            <PagePagination total={Math.ceil(data.count / PAGE_SIZE)} value={page} onChange={setPage} />
          )}
        </Stack>
      )}
    </DtScreen>
  );
}

export const FollowersScreen = () => <ConnectionsScreen direction="followers" />;
export const FollowingScreen = () => <ConnectionsScreen direction="following" />;

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

export function UnfollowedScreen() {
  const { t, i18n } = useTranslation();
  const [since, setSince] = useState(() => isoDay(new Date(Date.now() - 7 * 86_400_000)));
  const [until, setUntil] = useState(() => isoDay(new Date(Date.now() + 86_400_000)));
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(since) && /^\d{4}-\d{2}-\d{2}$/.test(until);
  const changes = useDtChanges(
    valid ? `${since}T00:00:00Z` : undefined,
    valid ? `${until}T00:00:00Z` : undefined,
  );
  const when = (at: string) => shortDate(at, i18n.language);
  return (
    <DtScreen
      title={t('premium.screens.unfollowed')}
      intro={t('deepThought.intro.unfollowed')}
      query={changes}
      syncedAt={(d) => d.synced_at}
    >
      {(data) => (
        <Stack gap="md">
          <Group>
            <TextInput
              type="date"
              label={t('deepThought.since')}
              value={since}
              onChange={(e) => setSince(e.currentTarget.value)}
            />
            <TextInput
              type="date"
              label={t('deepThought.until')}
              value={until}
              onChange={(e) => setUntil(e.currentTarget.value)}
            />
            <Text size="sm" c="dimmed">
              {t('deepThought.syncsInRange', { n: data.syncs })}
            </Text>
          </Group>
          {data.syncs < 1 && <Text c="dimmed">{t('deepThought.needTwoSyncs')}</Text>}
          <Text fw={600} component="h2">
            {t('deepThought.unfollowersTitle', { n: data.unfollowers.length })}
          </Text>
          <UsersTable
            users={data.unfollowers.map((c) => c.user)}
            extra={[
              {
                key: 'when',
                header: t('deepThought.col.when'),
                cell: (u) => when(data.unfollowers.find((c) => c.user.id === u.id)!.at),
              },
            ]}
          />
          <Text fw={600} component="h2">
            {t('deepThought.newFollowersTitle', { n: data.new_followers.length })}
          </Text>
          <UsersTable
            users={data.new_followers.map((c) => c.user)}
            extra={[
              {
                key: 'when',
                header: t('deepThought.col.when'),
                cell: (u) => when(data.new_followers.find((c) => c.user.id === u.id)!.at),
              },
            ]}
          />
        </Stack>
      )}
    </DtScreen>
  );
}

export function EngagersScreen() {
  const { t } = useTranslation();
  const engagers = useDtEngagers();
  return (
    <DtScreen
      title={t('premium.screens.engagers')}
      intro={t('deepThought.intro.engagers')}
      query={engagers}
      syncedAt={(d) => d.synced_at}
    >
      {(data) => (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('deepThought.postsChecked', { n: data.posts_checked, mentions: data.mentions_checked })}
          </Text>
          <UsersTable users={data.results.map((e) => e.user)} extra={engagementColumns(data.results, t)} />
        </Stack>
      )}
    </DtScreen>
  );
}

/** /premium-suite/accounts: the spam and fake-account analysis of followers and followings. */
export function AccountsScreen() {
  const { t } = useTranslation();
  const spam = useDtSpam();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  return (
    <DtScreen
      title={t('premium.screens.accounts')}
      intro={t('deepThought.intro.accounts')}
      query={spam}
      syncedAt={(d) => d.synced_at}
    >
      {(data) => (
        <Stack gap="md">
          <Group gap="xl">
            <Stat
              label={t('deepThought.spam.followers')}
              value={`${data.spam_followers} / ${data.followers_checked}`}
            />
            <Stat
              label={t('deepThought.spam.following')}
              value={`${data.spam_following} / ${data.following_checked}`}
            />
            <Stat label={t('deepThought.spam.threshold')} value={`${Math.round(data.threshold * 100)}`} />
          </Group>
          <Text fw={600} component="h2">
            {t('deepThought.spam.followingTitle')}
          </Text>
          <BulkAction ids={[...selected]} action="unfollow" onDone={() => setSelected(new Set())} />
          <UsersTable users={data.following} selectable selected={selected} onSelect={setSelected} />
          <Text fw={600} component="h2">
            {t('deepThought.spam.followersTitle')}
          </Text>
          <UsersTable users={data.followers} />
        </Stack>
      )}
    </DtScreen>
  );
}

export function Stat({ label, value }: { label: string; value: string | number }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase">
        {label}
      </Text>
      <Text size="xl" fw={700}>
        {typeof value === 'number' ? formatLargeNumber(value) : value}
      </Text>
    </Stack>
  );
}
