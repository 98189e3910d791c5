import { SimpleGrid, Skeleton, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { QueryError } from '@/components/route-error';
import { useSegmentations } from '../api/get-segmentations';
import { SegmentTable } from './segment-table';

/** A campaign's delivery by country, age, gender and interest (SPEC §2 campaign detail). */
export function CampaignSegmentations({ campaignId }: { campaignId: number }) {
  const { t } = useTranslation();
  const seg = useSegmentations(campaignId);
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {t('campaigns.detail.segmentations')}
      </Title>
      {seg.isError ? (
        <QueryError query={seg} />
      ) : seg.data ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
          <SegmentTable
            kind="country"
            title={t('campaigns.segments.country')}
            rows={seg.data.country}
            total={seg.data.impressions}
          />
          <SegmentTable
            kind="age"
            title={t('campaigns.segments.age')}
            rows={seg.data.age}
            total={seg.data.impressions}
          />
          <SegmentTable
            kind="gender"
            title={t('campaigns.segments.gender')}
            rows={seg.data.gender}
            total={seg.data.impressions}
          />
          <SegmentTable
            kind="interest"
            title={t('campaigns.segments.interest')}
            rows={seg.data.interest}
            total={seg.data.impressions}
          />
        </SimpleGrid>
      ) : (
        <Skeleton h={160} />
      )}
    </Stack>
  );
}
