import { Skeleton, Stack, Text } from '@mantine/core';
import type { TargetingPackage } from '@murmur/core/targeting';
import { useTranslation } from 'react-i18next';
import { useXEstimate } from '../lib/api/x-estimate';
import { FigureView } from './figure';

export interface XEstimateLineProps {
  pkg: TargetingPackage;
  /** The team whose granted ad account X is asked with; without one the range is predicted. */
  teamSlug?: string | undefined;
  /** Murmur's estimate has answered: X is asked only then. */
  ready: boolean;
  /** Saved audiences to leave out; X removes those uploaded to the ad account it is asked with. */
  exclusions?: readonly number[] | undefined;
}

/**
 * Beside Murmur's estimate, the range X's Ads API shows for the same targeting (docs/API-AUDIENCES.md
 * "X's audience estimate"): X's own with the team's ad account, else predicted, labelled so, and
 * saying when X failed.
 */
export function XEstimateLine({ pkg, teamSlug, ready, exclusions }: XEstimateLineProps) {
  const { t } = useTranslation();
  const query = useXEstimate(pkg, teamSlug, ready, exclusions);
  const data = query.data;
  if (data === undefined) {
    if (query.isError)
      return (
        <Text size="xs" c="dimmed" data-testid="x-estimate-error">
          {t('xEstimate.failed')}
        </Text>
      );
    return query.isFetching ? (
      <Skeleton role="status" h={30} w="45%" aria-label={t('xEstimate.loading')} />
    ) : null;
  }
  return (
    <Stack gap={2} data-testid="x-estimate">
      <FigureView figure={data.figure} withLabel size="md" testId="x-estimate-value" />
      {data.exclusions_not_sent.length > 0 && (
        <Text size="xs" c="orange.9" data-testid="x-estimate-not-sent">
          {t('xEstimate.notSent', { count: data.exclusions_not_sent.length })}
        </Text>
      )}
      {data.fallback === 'x_failed' && (
        <Text size="xs" c="orange.9">
          {t('xEstimate.xFailed')}
        </Text>
      )}
    </Stack>
  );
}
