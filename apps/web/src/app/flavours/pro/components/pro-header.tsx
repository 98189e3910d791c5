import { Anchor, Burger, Group, Text } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { LanguageMenu } from '@/components/language-menu';
import { useSaveLanguage } from '@/features/account/hooks/use-save-language';
import { personalStore } from '@/lib/personal-store';
import classes from './pro-header.module.css';

export interface ProHeaderProps {
  nav: { opened: boolean; toggle: () => void };
}

export const PRO_LINKS = [
  { to: '/explore', label: 'pro.nav.explore' },
  { to: '/audience-builder', label: 'pro.nav.audienceBuilder' },
  { to: '/competitor-analysis', label: 'pro.nav.competitorAnalysis' },
  { to: '/saved-lists', label: 'pro.nav.savedLists' },
  { to: '/targeting-lists', label: 'screens.targetingLists' },
  { to: '/about', label: 'pro.nav.about' },
] as const;

/** Pro-targeting header: Targeting Toolkit, its sections, language and who is signed in. */
export function ProHeader({ nav }: ProHeaderProps) {
  const { t } = useTranslation();
  const personal = useSyncExternalStore(personalStore.subscribe, personalStore.get, personalStore.get);
  // As the dashboard's menu: signed in, the choice is saved to the profile (the next sign-in applies it).
  const { save } = useSaveLanguage();
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="lg" wrap="nowrap">
        <Burger
          opened={nav.opened}
          onClick={nav.toggle}
          hiddenFrom="md"
          size="sm"
          aria-label={t('header.toggleNav')}
        />
        <Anchor
          component={Link}
          to="/"
          fw={800}
          fz="lg"
          underline="never"
          c="indigo.7"
          className={classes.brand}
        >
          Targeting Toolkit
        </Anchor>
        <Group gap={4} visibleFrom="md" component="nav" aria-label={t('nav.label')} wrap="nowrap">
          {PRO_LINKS.map((link) => (
            <NavLink key={link.to} to={link.to} className={classes.link}>
              {t(link.label)}
            </NavLink>
          ))}
        </Group>
      </Group>
      <Group gap="xs" wrap="nowrap">
        <LanguageMenu onChange={(language) => save(language, { signedIn: personal.token !== null })} />
        {personal.token !== null ? (
          // A long address is cut with an ellipsis (whole in its title), so the header stays one line.
          <Text
            size="sm"
            c="dimmed"
            visibleFrom="sm"
            truncate="end"
            maw={240}
            title={t('pro.signedInAs', { email: personal.signedInAs ?? personal.email ?? '' })}
          >
            {t('pro.signedInAs', { email: personal.signedInAs ?? personal.email ?? '' })}
          </Text>
        ) : (
          <Anchor component={Link} to="/" size="sm">
            {t('header.signIn')}
          </Anchor>
        )}
      </Group>
    </Group>
  );
}
