import { Grid, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '@/components/page-title';
import { PersonalSignIn } from '@/features/auth/components/personal-sign-in';

/** Pro-targeting home: what the toolkit is for, and signing in with an email code. */
export function HomeRoute() {
  const { t } = useTranslation();
  usePageTitle();
  return (
    <Grid gutter="xl" maw={1080}>
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Stack gap="md">
          <Title order={1}>{t('pro.home.title')}</Title>
          <Text size="lg" c="dimmed">
            {t('pro.home.intro')}
          </Text>
          <List spacing="xs">
            <List.Item>{t('pro.home.point1')}</List.Item>
            <List.Item>{t('pro.home.point2')}</List.Item>
            <List.Item>{t('pro.home.point3')}</List.Item>
          </List>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Paper withBorder shadow="sm" p="xl" radius="md">
          <Stack gap="md">
            <Title order={2} size="h3">
              {t('pro.home.signInTitle')}
            </Title>
            <PersonalSignIn />
          </Stack>
        </Paper>
      </Grid.Col>
    </Grid>
  );
}
