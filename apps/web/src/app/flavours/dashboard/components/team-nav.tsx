import { Box, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useStaffAccess } from '@/features/staff/api/staff';
import type { ParseKeys } from 'i18next';
import classes from './team-nav.module.css';

export interface TeamNavProps {
  slug: string;
  onNavigate?: () => void;
}

/** The team's screens, in the order an advertiser works through them. */
export const TEAM_SECTIONS: { path: string; label: ParseKeys }[] = [
  { path: 'audiences', label: 'nav.audiences' },
  { path: 'creator', label: 'nav.creator' },
  { path: 'store', label: 'nav.store' },
  { path: 'explore-x', label: 'nav.exploreX' },
  { path: 'interests', label: 'nav.interests' },
  { path: 'communities', label: 'nav.communities' },
  { path: 'campaigns', label: 'nav.campaigns' },
  { path: 'creatives', label: 'nav.creatives' },
  { path: 'media', label: 'nav.media' },
  { path: 'activity', label: 'platformNav.activity' },
  // The agency view (docs/AGENCY.md): every team of the user on one screen.
  { path: 'agency', label: 'agency.nav' },
];

/** Guides, User manual and Help (SPEC §2 screens named in the interface texts). */
export const HELP_SECTIONS: { path: string; label: ParseKeys }[] = [
  { path: 'guides', label: 'platformNav.guides' },
  { path: 'user-manual', label: 'platformNav.userManual' },
  { path: 'help', label: 'platformNav.help' },
];

export function TeamNav({ slug, onNavigate }: TeamNavProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  // SPEC §6: the staff screen is listed for internal staff only.
  const staff = useStaffAccess().data?.staff === true;
  const link = (path: string, label: ParseKeys) => {
    const to = `/${slug}/${path}`;
    const active = pathname === to || pathname.startsWith(`${to}/`);
    return (
      <Link
        key={path}
        to={to}
        className={classes.link}
        aria-current={active ? 'page' : undefined}
        onClick={onNavigate}
      >
        {t(label)}
      </Link>
    );
  };
  return (
    // Native scrolling: the navigation rarely overflows, and Mantine's ScrollArea is not worth its weight
    // in the first load of every team page.
    <Box component="nav" h="100%" style={{ overflowY: 'auto' }} aria-label={t('nav.label')}>
      <Stack gap={2} p="sm">
        {TEAM_SECTIONS.map((section) => link(section.path, section.label))}
        <Text size="xs" c="dimmed" tt="uppercase" fw={700} mt="md" mb={4} px="sm">
          {t('nav.settings')}
        </Text>
        {link('team', 'nav.team')}
        {link('organisation', 'platformNav.organisation')}
        {link('account', 'nav.account')}
        {staff && link('staff', 'nav.staff')}
        <Text size="xs" c="dimmed" tt="uppercase" fw={700} mt="md" mb={4} px="sm">
          {t('platformNav.helpGroup')}
        </Text>
        {HELP_SECTIONS.map((section) => link(section.path, section.label))}
        <Link to="/helper-documents" className={classes.link} onClick={onNavigate}>
          {t('screens.helperDocuments')}
        </Link>
      </Stack>
    </Box>
  );
}
