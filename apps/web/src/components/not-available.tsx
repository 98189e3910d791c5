import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from './page-title';

export interface NotAvailableProps {
  /** The screen's title, already translated. */
  title: string;
  /** Where the way back leads, and its label. */
  backTo: string;
  backLabel: string;
}

/** An honest placeholder for a screen this version does not have yet: no fake data. */
export function NotAvailable({ title, backTo, backLabel }: NotAvailableProps) {
  const { t } = useTranslation();
  usePageTitle(title);
  return (
    <Paper withBorder p="xl" radius="md" maw={640}>
      <Stack gap="sm">
        <Title order={1} size="h2">
          {title}
        </Title>
        <Text c="dimmed">{t('notAvailable.body')}</Text>
        <Anchor component={Link} to={backTo}>
          {backLabel}
        </Anchor>
      </Stack>
    </Paper>
  );
}
