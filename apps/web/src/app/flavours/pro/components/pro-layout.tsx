import { AppShell, NavLink as MantineNavLink, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { ProductNameContext } from '@/components/page-title';
import { ScrollOnNavigate } from '@/hooks/use-scroll-on-navigate';
import { PRO_LINKS, ProHeader } from './pro-header';

/** The "pro-targeting" layout: browser title Targeting Toolkit (SPEC §2). */
export function ProLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [opened, { toggle, close }] = useDisclosure(false);
  return (
    <ProductNameContext.Provider value="Targeting Toolkit">
      <ScrollOnNavigate />
      <AppShell
        header={{ height: 56 }}
        navbar={{ width: 260, breakpoint: 'md', collapsed: { mobile: !opened, desktop: true } }}
        padding="lg"
      >
        <AppShell.Header>
          <ProHeader nav={{ opened, toggle }} />
        </AppShell.Header>
        <AppShell.Navbar p="sm" component="nav" aria-label={t('nav.label')}>
          <Stack gap={2}>
            {PRO_LINKS.map((link) => (
              <MantineNavLink
                key={link.to}
                component={Link}
                to={link.to}
                label={t(link.label)}
                active={pathname.startsWith(link.to)}
                onClick={close}
              />
            ))}
          </Stack>
        </AppShell.Navbar>
        <AppShell.Main>
          <Outlet />
        </AppShell.Main>
      </AppShell>
    </ProductNameContext.Provider>
  );
}
