import { Menu, Text, UnstyledButton, Group } from '@mantine/core';
import type { User } from '@murmur/core/api';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Avatar } from '../../../../components/avatar';
import { signOut } from '../../../../features/auth/api/logout';

export interface UserMenuProps {
  user: User;
  /** Team whose account page "Manage account" opens (account lives under a team). */
  teamSlug: string | undefined;
}

export const displayName = (user: Pick<User, 'first_name' | 'last_name' | 'email'>): string =>
  [user.first_name, user.last_name].filter(Boolean).join(' ') || user.email;

/** The signed-in user: manage account and sign out. */
export function UserMenu({ user, teamSlug }: UserMenuProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const name = displayName(user);
  return (
    <Menu position="bottom-end" withinPortal width={240}>
      <Menu.Target>
        <UnstyledButton aria-label={t('header.userMenu', { name })} p={4}>
          <Group gap={8} wrap="nowrap">
            <Avatar name={name} size={30} />
            <Text size="sm" visibleFrom="sm" truncate maw={160}>
              {name}
            </Text>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{user.email}</Menu.Label>
        {teamSlug !== undefined && (
          <Menu.Item onClick={() => void navigate(`/${teamSlug}/account`)}>
            {t('header.manageAccount')}
          </Menu.Item>
        )}
        <Menu.Item color="red" onClick={() => void signOut()}>
          {t('header.signOut')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
