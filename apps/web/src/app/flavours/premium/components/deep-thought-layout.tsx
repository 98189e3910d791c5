import { Anchor, AppShell, Group } from '@mantine/core';
import { Link, Outlet } from 'react-router';
import { LanguageMenu } from '../../../../components/language-menu';
import { ProductNameContext } from '../../../../components/page-title';
import { ScrollOnNavigate } from '../../../../hooks/use-scroll-on-navigate';
import { applyLanguage } from '../../../../lib/i18n';

/** The "deep-thought" layout of the premium analytics suite (browser title Deep Thought, SPEC §2). */
export function DeepThoughtLayout() {
  return (
    <ProductNameContext.Provider value="Deep Thought">
      <ScrollOnNavigate />
      <AppShell header={{ height: 56 }} padding="lg">
        <AppShell.Header>
          <Group h="100%" px="md" justify="space-between">
            <Anchor component={Link} to="/premium-suite" fw={800} fz="lg" underline="never" c="violet.7">
              Deep Thought
            </Anchor>
            <LanguageMenu onChange={(language) => applyLanguage(language)} />
          </Group>
        </AppShell.Header>
        <AppShell.Main>
          <Outlet />
        </AppShell.Main>
      </AppShell>
    </ProductNameContext.Provider>
  );
}
