import { Button, Group, Menu, Text } from '@mantine/core';
import type { User } from '@murmur/core/api';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Avatar } from '../../../../components/avatar';
import { setRecentTeam } from '../../../../lib/storage';

export interface TeamSwitcherProps {
  user: User;
  /** Slug of the team on screen, if any. */
  currentSlug: string | undefined;
}

/** The current team, with the user's other teams one click away. */
export function TeamSwitcher({ user, currentSlug }: TeamSwitcherProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const current = user.memberships.find((membership) => membership.team.slug === currentSlug)?.team;

  return (
    <Menu position="bottom-start" withinPortal width={260}>
      <Menu.Target>
        <Button
          variant="default"
          size="sm"
          aria-label={t('header.teamMenu', { team: current?.name ?? t('header.noTeam') })}
        >
          <Group gap={8} wrap="nowrap">
            {current !== undefined && <Avatar name={current.name} size={22} />}
            <Text size="sm" fw={500} truncate maw={180}>
              {current?.name ?? t('header.chooseTeam')}
            </Text>
            <span aria-hidden="true">▾</span>
          </Group>
        </Button>
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
