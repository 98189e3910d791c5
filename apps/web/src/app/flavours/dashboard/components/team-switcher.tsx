import { Menu } from '@mantine/core';
import type { User } from '@murmur/core/api';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Avatar } from '@/components/avatar';
import { setRecentTeam } from '@/lib/storage';
import { TeamSwitcherButton } from './header-buttons';

export interface TeamSwitcherProps {
  user: User;
  /** Slug of the team on screen, if any. */
  currentSlug: string | undefined;
  /** Open from the start (the header opens it so when it was clicked before the menu loaded). */
  defaultOpened?: boolean;
}

/** The current team, with the user's other teams one click away. */
export function TeamSwitcher({ user, currentSlug, defaultOpened }: TeamSwitcherProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();

  return (
    <Menu position="bottom-start" withinPortal width={260} defaultOpened={defaultOpened}>
      <Menu.Target>
        <TeamSwitcherButton user={user} currentSlug={currentSlug} />
      </Menu.Target>
      <Menu.Dropdown>
        {user.memberships.length > 0 && <Menu.Label>{t('header.yourTeams')}</Menu.Label>}
        {user.memberships.map(({ team }) => (
          <Menu.Item
            key={team.id}
            leftSection={<Avatar name={team.name} size={22} />}
            aria-current={team.slug === currentSlug ? 'true' : undefined}
            fw={team.slug === currentSlug ? 700 : undefined}
            onClick={() => {
              setRecentTeam(team.slug);
              void navigate(`/${team.slug}/`);
            }}
          >
            {team.name}
          </Menu.Item>
        ))}
        {user.memberships.length > 0 && <Menu.Divider />}
        <Menu.Item onClick={() => void navigate('/choose-team')}>{t('header.switchTeam')}</Menu.Item>
        <Menu.Item onClick={() => void navigate('/choose-team?create=1')}>{t('teams.create.open')}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
