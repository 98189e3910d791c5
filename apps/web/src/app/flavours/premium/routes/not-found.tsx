import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '@/components/page-title';

/** SPEC §2: the premium suite's 404 catch-all. */
export function NotFoundRoute() {
  const { t } = useTranslation();
  usePageTitle(t('errors.notFoundTitle'));
  return (
    <Paper withBorder p="xl" radius="md" maw={640}>
      <Stack gap="sm">
        <Title order={1} size="h2">
          {t('errors.notFoundTitle')}
        </Title>
        <Text c="dimmed">{t('errors.notFound')}</Text>
        <Anchor component={Link} to="/premium-suite">
          {t('notAvailable.backToSuite')}
        </Anchor>
      </Stack>
    </Paper>
  );
}
