import { Menu } from '@mantine/core';
import type { User } from '@murmur/core/api';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { signOut } from '@/features/auth/api/logout';
import { UserMenuButton } from './header-buttons';

export { displayName } from './header-buttons';

export interface UserMenuProps {
  user: User;
  /** Team whose account page "Manage account" opens (account lives under a team). */
  teamSlug: string | undefined;
  /** Open from the start (the header opens it so when it was clicked before the menu loaded). */
  defaultOpened?: boolean;
}

/** The signed-in user: manage account and sign out. */
export function UserMenu({ user, teamSlug, defaultOpened }: UserMenuProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Menu position="bottom-end" withinPortal width={240} defaultOpened={defaultOpened}>
      <Menu.Target>
        <UserMenuButton user={user} />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{user.email}</Menu.Label>
        {teamSlug !== undefined && (
          <Menu.Item onClick={() => void navigate(`/${teamSlug}/account`)}>
            {t('header.manageAccount')}
          </Menu.Item>
        )}
        <Menu.Item color="red.9" onClick={() => void signOut()}>
          {t('header.signOut')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
