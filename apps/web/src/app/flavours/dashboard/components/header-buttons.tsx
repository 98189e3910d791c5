import { Button, Group, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { User } from '@murmur/core/api';
import { truncate } from '@murmur/core/format';
import type { ComponentPropsWithoutRef, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '@/components/avatar';

// The buttons of the header's menus, apart from the menus themselves: the header shows them at once
// and the menus' code (popover, positioning, focus trap) loads after the first screen.

// WCAG 2.5.3 (label in name): each button's accessible name is its content, a visually hidden phrase
// that contains the visible text ("Team: Acme" for "Acme"); the visible text (and the avatar's
// initials) are hidden from assistive technology instead of being overridden by an aria-label that
// does not contain them.

type ButtonAttributes = Omit<ComponentPropsWithoutRef<'button'>, 'children'>;

export const displayName = (user: Pick<User, 'first_name' | 'last_name' | 'email'>): string =>
  [user.first_name, user.last_name].filter(Boolean).join(' ') || user.email;

export interface TeamSwitcherButtonProps extends ButtonAttributes {
  user: User;
  /** Slug of the team on screen, if any. */
  currentSlug: string | undefined;
}

/** The current team (or an invitation to choose one). */
export function TeamSwitcherButton({ user, currentSlug, ...rest }: TeamSwitcherButtonProps) {
  const { t } = useTranslation();
  const current = user.memberships.find((membership) => membership.team.slug === currentSlug)?.team;
  return (
    // It gives way first when the header is narrow: the team's name is cut with an ellipsis.
    <Button variant="default" size="sm" miw={0} maw="100%" {...rest}>
      <Group gap={8} wrap="nowrap" miw={0}>
        {current !== undefined && <Avatar name={current.name} size={22} />}
        {/* SPEC §9: a name is cut at 15 characters plus an ellipsis (whole in its tooltip); a narrow
            header cuts it further with CSS. */}
        <Text size="sm" fw={500} truncate maw={180} miw={0} aria-hidden="true" title={current?.name}>
          {current === undefined ? t('header.chooseTeam') : truncate(current.name)}
        </Text>
        <VisuallyHidden>
          {current === undefined ? t('header.chooseTeam') : t('header.teamMenu', { team: current.name })}
        </VisuallyHidden>
        <span aria-hidden="true">▾</span>
      </Group>
    </Button>
  );
}

export interface UserMenuButtonProps extends ButtonAttributes {
  user: User;
}

/** The signed-in user's avatar and name. */
export function UserMenuButton({ user, ...rest }: UserMenuButtonProps) {
  const { t } = useTranslation();
  const name = displayName(user);
  return (
    <UnstyledButton p={4} {...rest}>
      <Group gap={8} wrap="nowrap">
        <Avatar name={name} size={30} />
        <Text size="sm" visibleFrom="sm" truncate maw={160} aria-hidden="true" title={name}>
          {truncate(name)}
        </Text>
        <VisuallyHidden>{t('header.userMenu', { name })}</VisuallyHidden>
      </Group>
    </UnstyledButton>
  );
}

export interface DrawerButtonProps extends ButtonAttributes {
  /** The signed-in user (their avatar is the button), or null for visitors (a person's outline). */
  user: User | null;
  opened: boolean;
  ref?: Ref<HTMLButtonElement>;
}

/**
 * On a phone, the button of the drawer with language and account (./header-drawer.tsx). It is not a
 * ☰: beside the navigation's burger two identical buttons told nobody which opens what.
 */
export function DrawerButton({ user, opened, ref, ...rest }: DrawerButtonProps) {
  const { t } = useTranslation();
  return (
    <UnstyledButton
      ref={ref}
      p={4}
      hiddenFrom="sm"
      aria-expanded={opened}
      aria-haspopup="dialog"
      style={{ borderRadius: 999 }}
      {...rest}
    >
      {user !== null ? (
        <Avatar name={displayName(user)} size={30} />
      ) : (
        <svg width={26} height={26} viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor">
          <circle cx="12" cy="8" r="4" strokeWidth="1.8" />
          <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" strokeWidth="1.8" strokeLinecap="round" />
        </svg>
      )}
      <VisuallyHidden>{user !== null ? t('header.accountDrawer') : t('header.visitorDrawer')}</VisuallyHidden>
    </UnstyledButton>
  );
}
