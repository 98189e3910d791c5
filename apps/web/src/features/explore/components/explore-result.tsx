import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AccountChip } from '@/components/account-chip';
import { FigureView } from '@/components/figure';
import type { ExploreResult as Result } from '@murmur/core/api';
import { creatorPath, insightsPath } from '@/lib/insights-link';

export interface ExploreResultProps {
  result: Result;
  teamSlug: string;
}

/** The audience an exploration found: its size, some of its accounts, and what to do with it. */
export function ExploreResult({ result, teamSlug }: ExploreResultProps) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" radius="md" aria-live="polite">
      <Stack gap="sm">
        <Group gap="md" align="center">
          <FigureView figure={result.estimate.figure} withLabel size="lg" testId="explore-size" />
          <Badge variant="light" tt="none">
            {result.estimate.size_bucket}
          </Badge>
          <Text size="sm" c="dimmed">
            {t('explore.people')}
          </Text>
        </Group>
        {result.sample_accounts.length > 0 ? (
          <>
            <Text size="sm" fw={500}>
              {t('explore.sample')}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="xs">
              {result.sample_accounts.slice(0, 12).map((account) => (
                <AccountChip key={account.id} account={account} />
              ))}
            </SimpleGrid>
          </>
        ) : (
          <Text size="sm" c="dimmed">
            {t('explore.noAccounts')}
          </Text>
        )}
        <Group gap="xs">
          <Button component={Link} to={creatorPath(teamSlug, result.targeting_package)}>
            {t('explore.build')}
          </Button>
          <Button
            component={Link}
            variant="default"
            to={insightsPath(teamSlug, { package: result.targeting_package })}
          >
            {t('creator.openInsights')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
