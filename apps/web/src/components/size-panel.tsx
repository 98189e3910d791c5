import { Alert, Badge, Group, Loader, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { formatLargeNumber } from '../lib/large-number';
import { SIZE_BUCKETS, type TargetingPackage } from '@murmur/core/targeting';
import { useTranslation } from 'react-i18next';
import { useEstimate } from '../lib/api/build-audience';
import { useCatalogueNames } from '../lib/catalogue-names';
import { errorText } from '../lib/error-text';
import { FigureView } from './figure';
import { FreshnessNote } from './freshness-note';
import { XEstimateLine } from './x-estimate-line';

export interface SizePanelProps {
  pkg: TargetingPackage;
  /** The heading's id, which labels the panel (browser journeys find the panel by it). */
  titleId?: string;
  /** The team whose granted ad account X's own estimate is read with (else it is predicted). */
  teamSlug?: string | undefined;
  /** Saved audiences whose members are left out (the creator's "Exclude"). */
  exclusions?: readonly number[] | undefined;
}

const isBucket = (value: string): value is (typeof SIZE_BUCKETS)[number] =>
  (SIZE_BUCKETS as readonly string[]).includes(value);

/**
 * The audience's size as the criteria change (the creator and the pro site's audience builder):
 * population estimate (SPEC §9 format) and bucket, re-estimated 500 ms after a change, and beneath
 * it the range X's Ads API shows for the same targeting, asked once the estimate has answered.
 */
export function SizePanel({ pkg, titleId = 'audience-size-title', teamSlug, exclusions }: SizePanelProps) {
  const { t } = useTranslation();
  const estimate = useEstimate(pkg, exclusions);
  const names = useCatalogueNames();
  const busy = estimate.settling || estimate.isFetching;
  const data = estimate.data;

  return (
    <Paper withBorder p="md" radius="md" role="region" aria-labelledby={titleId} aria-busy={busy}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={2} size="h5" id={titleId}>
            {t('creator.size.title')}
          </Title>
          {busy && !estimate.empty && (
            <Loader role="status" size="xs" aria-label={t('creator.size.updating')} />
          )}
        </Group>
        {estimate.empty ? (
          <Text size="sm" c="dimmed">
            {t('creator.size.empty')}
          </Text>
        ) : estimate.isError && data === undefined ? (
          <Alert color="red" role="alert" p="xs">
            {errorText(estimate.error, t)}
          </Alert>
        ) : data === undefined ? (
          <Stack role="status" gap={6} aria-label={t('common.loading')}>
            <Skeleton h={32} w="60%" />
            <Skeleton h={18} w="40%" />
          </Stack>
        ) : (
          // While it updates the figures stay at full contrast (a faded panel measured 2.97:1 under axe);
          // the loader beside the title and the region's aria-busy say it is updating.
          <Stack gap={6} aria-live="polite">
            <FigureView figure={data.figure} size="xl" withLabel testId="audience-size" />
            <XEstimateLine
              pkg={pkg}
              teamSlug={teamSlug}
              exclusions={exclusions}
              ready={!busy && !estimate.isError}
            />
            {exclusions !== undefined && exclusions.length > 0 && (
              <Text size="xs" c="dimmed">
                {t('creator.exclusions.sizeNote', { count: exclusions.length })}
              </Text>
            )}
            <Group gap="xs">
              <Text size="sm" c="dimmed">
                {t('creator.size.bucket')}
              </Text>
              <Badge variant="light">
                {isBucket(data.size_bucket) ? data.size_bucket : t('creator.size.auto')}
              </Badge>
            </Group>
            <Text size="xs" c="dimmed">
              {t('creator.size.sample', { formatted: formatLargeNumber(data.sample_count) })}
            </Text>
            {data.handles_truncated && (
              <Text size="xs" c="orange.9">
                {t('creator.handles.tooMany', { max: 100 })}
              </Text>
            )}
            {data.unmatched.length > 0 && (
              <Text size="xs" c="orange.9">
                {t('creator.size.unmatched', {
                  labels: data.unmatched
                    .map((item) => names.packageItem(item.criterion, item.label))
                    .join(', '),
                })}
              </Text>
            )}
            {estimate.isError && (
              <Text size="xs" c="red.7" role="alert">
                {errorText(estimate.error, t)}
              </Text>
            )}
            <FreshnessNote />
          </Stack>
        )}
        {/* Where the size moves, the rule that moves it (the engine's evaluate: any primary item, every filter). */}
        <Text size="xs" c="dimmed" data-testid="size-rule">
          {t('creator.size.rule')}
        </Text>
      </Stack>
    </Paper>
  );
}
