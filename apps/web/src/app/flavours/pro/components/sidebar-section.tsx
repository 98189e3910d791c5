import { Group, NavLink as MantineNavLink, Paper, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';

/** SPEC §2: explore, xstats, audience-builder and competitor-analysis show a sidebar. */
export const SIDEBAR_LINKS = [
  { to: '/explore', label: 'pro.nav.explore' },
  { to: '/xstats', label: 'pro.nav.xstats' },
  { to: '/audience-builder', label: 'pro.nav.audienceBuilder' },
  { to: '/competitor-analysis', label: 'pro.nav.competitorAnalysis' },
] as const;

export function SidebarSection() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <Group align="flex-start" gap="lg" wrap="nowrap">
      <Paper withBorder p="xs" w={220} visibleFrom="sm" component="aside" aria-label={t('pro.toolsLabel')}>
        <Stack gap={2}>
          {SIDEBAR_LINKS.map((link) => (
            <MantineNavLink
              key={link.to}
              component={Link}
              to={link.to}
              label={t(link.label)}
              active={pathname.startsWith(link.to)}
            />
          ))}
        </Stack>
      </Paper>
      <div style={{ flex: 1, minWidth: 0 }}>
        <Outlet />
      </div>
    </Group>
  );
}
