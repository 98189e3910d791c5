import { Avatar as MantineAvatar } from '@mantine/core';
import { Avatar } from '@/components/avatar';
import type { AccountSummary } from '../types';

/** The account's picture when the report has one, else SPEC §9's initials avatar. */
export function AccountAvatar({ account, size = 36 }: { account: AccountSummary; size?: number }) {
  const url = account.avatar_url;
  return url !== undefined && url !== null && url !== '' ? (
    <MantineAvatar src={url} size={size} radius={999} alt="" />
  ) : (
    <Avatar name={account.name || account.handle} size={size} />
  );
}
