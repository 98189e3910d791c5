import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Ad, Adset } from '@murmur/core/api';
import { SIZE_BUCKET_AUTO } from '@murmur/core/targeting';
import { useTranslation } from 'react-i18next';
import { FigureView } from '@/components/figure';
import { useAudienceSizes } from '../hooks/use-audience-sizes';

export interface ReviewAdsetsProps {
  teamSlug: string;
  adsets: readonly Adset[];
  ads: readonly Ad[];
}

/**
 * The review step's ad sets: each with its audience, placements, ads and the audience's size, the
 * same figure, label and interval as My Audiences and the ad sets step show
 * (docs/decisions/006-sampling-model.md).
 */
export function ReviewAdsets({ teamSlug, adsets, ads }: ReviewAdsetsProps) {
  const { t } = useTranslation();
  const sizeOf = useAudienceSizes(teamSlug);
  if (adsets.length === 0) return null;
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {t('campaigns.wizard.reviewAdsets')}
      </Title>
      {adsets.map((a) => {
        const size = a.audience_config === null ? undefined : sizeOf.get(a.audience_config);
        const adCount = ads.filter((ad) => ad.adset === a.id).length;
        return (
          <Paper key={a.id} withBorder p="sm" radius="md" data-testid="review-adset">
            <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
              <Stack gap={2} style={{ minWidth: 0, flex: '1 1 220px' }}>
                <Text fw={600}>{a.name}</Text>
                <Text size="sm" c="dimmed">
                  {a.audience_name ?? t('campaigns.wizard.noAudience')} ·{' '}
                  {a.placements.map((p) => t(`campaigns.placements.${p}`)).join(', ')} ·{' '}
                  {a.size_bucket === SIZE_BUCKET_AUTO ? t('campaigns.fields.sizeBucketAuto') : a.size_bucket}
                </Text>
                <Text size="sm">{t('paying.wizard.ads', { count: adCount })}</Text>
              </Stack>
              {size && <FigureView figure={size} withLabel />}
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
