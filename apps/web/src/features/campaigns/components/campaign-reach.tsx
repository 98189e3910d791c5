import { Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { formatFrequency } from '@murmur/core/api';
import { formatDate } from '@murmur/core/format';
import { formatLargeNumber } from '../../../lib/large-number';
import { useTranslation } from 'react-i18next';
import { FigureInterval, FigureView } from '@/components/figure';
import { QueryError } from '@/components/route-error';
import { useLanguage } from '@/hooks/use-language';
import { useReach } from '../api/get-reach';

/** A campaign's reach (SPEC §2 campaign detail): the estimated audience per ad set and the accounts reached. */
export function CampaignReach({ campaignId }: { campaignId: number }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const reach = useReach(campaignId);
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="xs">
        {t('campaigns.detail.reach')}
      </Title>
      {reach.isError ? (
        <QueryError query={reach} />
      ) : reach.data ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <Stack gap={4} data-testid="estimated-audience">
            <Title order={3} size="h5">
              {t('campaigns.detail.audienceTitle')}
            </Title>
            <Text data-testid="reach">
              {t('campaigns.detail.reachText', {
                size: formatLargeNumber(reach.data.size),
                bucket: reach.data.size_bucket,
              })}
            </Text>
            <FigureInterval figure={reach.data.figure} />
            {/* Each ad set's audience as the one figure every screen shows for it (label, value,
                interval: docs/decisions/006-sampling-model.md); the campaign's line above is their union. */}
            {reach.data.adsets.map((a) => (
              <Stack key={a.id} gap={0} data-testid="adset-reach">
                <Text size="sm">
                  {a.name} ({a.size_bucket})
                </Text>
                <FigureView figure={a.figure} withLabel />
              </Stack>
            ))}
            <Text size="xs" c="dimmed">
              {t('campaigns.detail.audienceHelp')}
            </Text>
          </Stack>
          <Stack gap={4} data-testid="accounts-reached">
            <Title order={3} size="h5">
              {t('campaigns.detail.reachedTitle')}
            </Title>
            <Text data-testid="frequency">
              {t('campaigns.detail.reachedText', {
                reached: formatLargeNumber(reach.data.reached),
                frequency: formatFrequency(reach.data.frequency),
              })}
            </Text>
            <Text size="xs" c="dimmed">
              {reach.data.reach_synced
                ? t('campaigns.detail.reachedHelp', {
                    date: formatDate(reach.data.reach_synced, language),
                  })
                : t('campaigns.detail.reachedNotYet')}
            </Text>
          </Stack>
        </SimpleGrid>
      ) : (
        <Skeleton h={40} />
      )}
    </Paper>
  );
}
