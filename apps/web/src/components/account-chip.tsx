import { Avatar as MantineAvatar, Group, Text } from '@mantine/core';
import { formatLargeNumber } from '../lib/large-number';
import { useTranslation } from 'react-i18next';
import { Avatar } from './avatar';
import type { AccountSummary } from '@murmur/core/api';

/** An account with its avatar, name, handle and followers (X's own figure, named so). */
export function AccountChip({ account }: { account: AccountSummary }) {
  const { t } = useTranslation();
  return (
    <Group gap={6} wrap="nowrap">
      {account.avatar_url ? (
        <MantineAvatar src={account.avatar_url} size={24} radius={999} alt="" />
      ) : (
        <Avatar name={account.name || account.handle} size={24} />
      )}
      <Text size="xs" lineClamp={1}>
        {account.name}{' '}
        <Text span c="dimmed" size="xs">
          @{account.handle} ·{' '}
          {t('figures.xFollowersShort', { value: formatLargeNumber(account.followers_count) })}
        </Text>
      </Text>
    </Group>
  );
}
