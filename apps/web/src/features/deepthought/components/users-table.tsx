import { Badge, Checkbox, Stack, Text, Tooltip } from '@mantine/core';
import { type DtEngager, type DtUser } from '@murmur/core/api';
import { xFollowers, xMetric } from '@murmur/core/sampling';
import { FigureView } from '@/components/figure';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Handle } from './dt-frame';
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
      // X's public count, named as X's figure (docs/API.md "Figures").
      header: t('figures.xFollowers'),
      numeric: true,
      cell: (u) => <FigureView figure={xFollowers(u.followers_count)} />,
    },
    {
      key: 'following',
      header: t('figures.xFollowing'),
      numeric: true,
      cell: (u) => <FigureView figure={xMetric('following', u.following_count)} />,
    },
    {
      key: 'posts',
      header: t('figures.xPosts'),
      numeric: true,
      cell: (u) => <FigureView figure={xMetric('posts', u.tweet_count)} />,
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
