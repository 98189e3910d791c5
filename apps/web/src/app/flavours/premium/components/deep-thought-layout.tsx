import { Anchor, AppShell, Button, Group, Menu } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet } from 'react-router';
import { LanguageMenu } from '@/components/language-menu';
import { ProductNameContext } from '@/components/page-title';
import { SUITE_LINKS } from '@/features/deepthought/suite-links';
import { useSaveLanguage } from '@/features/account/hooks/use-save-language';
import { ScrollOnNavigate } from '@/hooks/use-scroll-on-navigate';
import { useMe } from '@/lib/api/get-me';
import { applyLanguage } from '@/lib/i18n';

/** The header's direct links (wide screens); every page is in the menu beside them. */
const MAIN = [
  '/premium-suite',
  '/followers',
  '/following',
  '/premium-suite/unfollowed',
  '/posts',
  '/premium-suite/talk-to-x',
];

/** The "deep-thought" layout of the premium analytics suite (browser title Deep Thought, SPEC §2). */
export function DeepThoughtLayout() {
  const { t } = useTranslation();
  // SPEC §7/§9, as on the dashboard and the pro site: signed in, the saved language wins over the
  // browser's, and the language menu saves the choice to the profile.
  const me = useMe();
  const saved = me.data?.language;
  useEffect(() => {
    if (saved !== undefined) void applyLanguage(saved);
  }, [saved]);
  const { save } = useSaveLanguage();
  const links = [['/premium-suite', 'premium.screens.dashboard'] as const, ...SUITE_LINKS];
  return (
    <ProductNameContext.Provider value="Deep Thought">
      <ScrollOnNavigate />
      <AppShell header={{ height: 56 }} padding="lg">
        <AppShell.Header>
          <Group h="100%" px="md" justify="space-between" wrap="nowrap">
            <Group gap="md" wrap="nowrap">
              <Anchor component={Link} to="/premium-suite" fw={800} fz="lg" underline="never" c="violet.7">
                Deep Thought
              </Anchor>
              <Group gap={4} visibleFrom="lg" component="nav" aria-label={t('deepThought.nav')} wrap="nowrap">
                {links
                  .filter(([to]) => MAIN.includes(to))
                  .map(([to, key]) => (
                    <Button
                      key={to}
                      component={NavLink}
                      to={to}
                      end
                      variant="subtle"
                      size="compact-sm"
                      color="gray"
                    >
                      {t(key)}
                    </Button>
                  ))}
              </Group>
            </Group>
            <Group gap="xs" wrap="nowrap">
              <Menu position="bottom-end" trigger="click-hover">
                <Menu.Target>
                  <Button variant="default" size="compact-sm">
                    {t('deepThought.suitePages')}
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  {links.map(([to, key]) => (
                    <Menu.Item key={to} component={Link} to={to}>
                      {t(key)}
                    </Menu.Item>
                  ))}
                </Menu.Dropdown>
              </Menu>
              <LanguageMenu onChange={(language) => save(language, { signedIn: Boolean(me.data) })} />
            </Group>
          </Group>
        </AppShell.Header>
        <AppShell.Main>
          <Outlet />
        </AppShell.Main>
      </AppShell>
    </ProductNameContext.Provider>
  );
}
