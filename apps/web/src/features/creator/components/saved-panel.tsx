import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AudienceConfig } from '@murmur/core/api';
import { FigureView } from '@/components/figure';
import { insightsPath } from '../insights-link';

export interface SavedPanelProps {
  audience: AudienceConfig;
  teamSlug: string;
  onBuildAnother: () => void;
}

/** After Submit: the saved audience, with the way to its insights. */
export function SavedPanel({ audience, teamSlug, onBuildAnother }: SavedPanelProps) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="xl" radius="md" role="status">
      <Stack gap="sm">
        <Title order={2} size="h3">
          {t('creator.saved.title', { name: audience.name })}
        </Title>
        <div data-testid="saved-size">
          <FigureView figure={audience.size_figure} withLabel size="lg" />
        </div>
        <Text c="dimmed">{t('creator.saved.body', { bucket: audience.size_bucket })}</Text>
        <Group gap="sm" mt="sm">
          <Button component={Link} to={insightsPath(teamSlug, { config: audience.id })}>
            {t('creator.openInsights')}
          </Button>
          <Button component={Link} to={`/${teamSlug}/audiences`} variant="default">
            {t('creator.saved.toAudiences')}
          </Button>
          <Button variant="subtle" onClick={onBuildAnother}>
            {t('creator.saved.another')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
