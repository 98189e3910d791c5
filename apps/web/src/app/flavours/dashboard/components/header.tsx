import { Anchor, Burger, Button, Group } from '@mantine/core';
import type { User } from '@murmur/core/api';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { LanguageMenu } from '../../../../components/language-menu';
import { useSaveLanguage } from '../../../../features/account/hooks/use-save-language';
import { TeamSwitcher } from './team-switcher';
import { UserMenu } from './user-menu';

export interface HeaderProps {
  /** The signed-in user, or null for visitors. */
  user: User | null;
  teamSlug: string | undefined;
  /** Present when the layout has a navigation the burger toggles on small screens. */
  nav?: { opened: boolean; toggle: () => void };
}

/** Dashboard header: product, team switcher, interface language and the user's menu. */
export function Header({ user, teamSlug, nav }: HeaderProps) {
  const { t } = useTranslation();
  const { save } = useSaveLanguage();
  const { pathname } = useLocation();
  const home = teamSlug !== undefined ? `/${teamSlug}/` : user !== null ? '/choose-team' : '/login';
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="md" wrap="nowrap">
        {nav !== undefined && (
          <Burger
            opened={nav.opened}
            onClick={nav.toggle}
            hiddenFrom="sm"
            size="sm"
            aria-label={t('header.toggleNav')}
          />
        )}
        <Anchor component={Link} to={home} fw={800} fz="lg" underline="never" c="indigo.7">
          Murmur
        </Anchor>
        {user !== null && <TeamSwitcher user={user} currentSlug={teamSlug} />}
      </Group>
      <Group gap="xs" wrap="nowrap">
        <LanguageMenu onChange={(language) => save(language, { signedIn: user !== null })} />
        {user !== null ? (
          <UserMenu user={user} teamSlug={teamSlug} />
        ) : pathname.startsWith('/login') ? null : (
          <Button component={Link} to="/login" size="xs" variant="light">
            {t('header.signIn')}
          </Button>
        )}
      </Group>
    </Group>
  );
}
