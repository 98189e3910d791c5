import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '@/components/page-title';

export const MARKETING_PAGES = ['about', 'proTargeting', 'proSolutions', 'proCommunity'] as const;
export type MarketingPageName = (typeof MARKETING_PAGES)[number];

/** Each page's call to action: where a visitor goes next. */
const ACTIONS: Record<
  MarketingPageName,
  { to: string; label: 'build' | 'request' | 'access' | 'explore' }[]
> = {
  about: [
    { to: '/audience-builder', label: 'build' },
    { to: '/request-audience', label: 'request' },
  ],
  proTargeting: [
    { to: '/audience-builder', label: 'build' },
    { to: '/competitor-analysis', label: 'explore' },
  ],
  proSolutions: [
    { to: '/request-audience', label: 'request' },
    { to: '/request-access', label: 'access' },
  ],
  proCommunity: [
    { to: '/explore', label: 'explore' },
    { to: '/request-access', label: 'access' },
  ],
};

const SECTIONS = ['one', 'two', 'three'] as const;

/** SPEC §2 /about, /pro-targeting, /pro-solutions, /pro-community: the marketing pages (tabs above). */
export function MarketingPage({ page }: { page: MarketingPageName }) {
  const { t } = useTranslation();
  usePageTitle(t(`proSite.marketing.${page}.title`));
  return (
    <Stack gap="xl" maw={1080}>
      <Stack gap="sm">
        <Title order={1}>{t(`proSite.marketing.${page}.title`)}</Title>
        <Text size="lg" c="dimmed">
          {t(`proSite.marketing.${page}.intro`)}
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        {SECTIONS.map((section) => (
          <Paper key={section} withBorder p="lg" radius="md">
            <Stack gap="xs">
              <Title order={2} size="h4">
                {t(`proSite.marketing.${page}.${section}.title`)}
              </Title>
              <Text size="sm">{t(`proSite.marketing.${page}.${section}.body`)}</Text>
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
      <Group>
        {ACTIONS[page].map((action, i) => (
          <Button key={action.to} component={Link} to={action.to} variant={i === 0 ? 'filled' : 'default'}>
            {t(`proSite.marketing.actions.${action.label}`)}
          </Button>
        ))}
      </Group>
    </Stack>
  );
}
