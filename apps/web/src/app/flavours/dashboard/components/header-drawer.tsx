import { Button, Divider, Drawer, Stack, Text } from '@mantine/core';
import type { User } from '@murmur/core/api';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { LANGUAGE_NAMES } from '@/components/language-button';
import { signOut } from '@/features/auth/api/logout';
import { useLanguage } from '@/hooks/use-language';
import type { AppLanguage } from '@/lib/i18n';
import { displayName } from './header-buttons';

export interface HeaderDrawerProps {
  opened: boolean;
  onClose: () => void;
  /** The signed-in user, or null for visitors. */
  user: User | null;
  /** Team whose account page "Manage account" opens (account lives under a team). */
  teamSlug: string | undefined;
  onLanguage: (language: AppLanguage) => unknown;
}

/**
 * The header's menus on a phone, where the language and account menus do not fit beside the team:
 * language, account and sign out in a drawer from the right. Mantine's Drawer traps the focus while
 * open and closes on Escape; the header gives the focus back to the burger that opened it.
 */
export function HeaderDrawer({ opened, onClose, user, teamSlug, onLanguage }: HeaderDrawerProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { pathname } = useLocation();
  const languageHeading = useId();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="xs"
      returnFocus={false}
      title={user === null ? t('header.menu') : displayName(user)}
      closeButtonProps={{ 'aria-label': t('header.closeMenu') }}
    >
      <Stack gap="md">
        {/* The title is the user's name, or their address when they gave no name. */}
        {user !== null && displayName(user) !== user.email && (
          <Text size="sm" c="dimmed" mt={-8}>
            {user.email}
          </Text>
        )}
        <Stack gap={4} role="group" aria-labelledby={languageHeading}>
          <Text id={languageHeading} size="xs" c="dimmed" tt="uppercase" fw={700}>
            {t('header.language')}
          </Text>
          {(Object.keys(LANGUAGE_NAMES) as AppLanguage[]).map((value) => (
            <Button
              key={value}
              lang={value}
              variant={value === language ? 'light' : 'subtle'}
              justify="flex-start"
              aria-pressed={value === language}
              onClick={() => void onLanguage(value)}
            >
              {LANGUAGE_NAMES[value]}
            </Button>
          ))}
        </Stack>
        <Divider />
        {user !== null ? (
          <Stack gap={4}>
            {teamSlug !== undefined && (
              <Button
                component={Link}
                to={`/${teamSlug}/account`}
                onClick={onClose}
                variant="subtle"
                justify="flex-start"
              >
                {t('header.manageAccount')}
              </Button>
            )}
            <Button variant="subtle" color="red.9" justify="flex-start" onClick={() => void signOut()}>
              {t('header.signOut')}
            </Button>
          </Stack>
        ) : (
          !pathname.startsWith('/login') && (
            <Button component={Link} to="/login" onClick={onClose} variant="light">
              {t('header.signIn')}
            </Button>
          )
        )}
      </Stack>
    </Drawer>
  );
}
