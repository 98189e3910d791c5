import { Paper, Table, Text, Title } from '@mantine/core';
import { criterionName, type Campaign } from '@murmur/core/api';
import { formatMoney } from '@murmur/core/format';
import { formatLargeNumber } from '../../../lib/large-number';
import { useTranslation } from 'react-i18next';
import { AsyncButton } from '@/components/async-button';
import { useLanguage } from '@/hooks/use-language';
import { errorText } from '@/lib/error-text';
import { notify } from '@/lib/notifications';
import { useAds } from '../api/get-ads';
import { useAdsets } from '../api/get-adsets';
import { useToggleAd } from '../api/toggle-ad';
import { StatusBadge } from './status-badge';

/** Targeting criteria listed under an ad set before "+N more". */
const TARGETING_SHOWN = 12;

export interface AdsetsTableProps {
  campaign: Campaign;
}

/** A campaign's ad sets with their ads under them: status, delivery, and each ad's pause/resume on X. */
export function AdsetsTable({ campaign: c }: AdsetsTableProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const adsets = useAdsets(c.id);
  const ads = useAds(c.id);
  const toggle = useToggleAd();
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="xs">
        {t('campaigns.detail.adsetsAndAds')}
      </Title>
      {/* On a phone the table scrolls inside its card: the page itself no longer scrolls sideways. */}
      <Table.ScrollContainer minWidth={560} type="native">
        <Table aria-label={t('campaigns.detail.adsetsAndAds')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('campaigns.columns.name')}</Table.Th>
              <Table.Th>{t('campaigns.columns.status')}</Table.Th>
              <Table.Th ta="right">{t('campaigns.columns.impressions')}</Table.Th>
              <Table.Th ta="right">{t('campaigns.columns.spent')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(adsets.data ?? []).map((a) => [
              <Table.Tr key={`s${a.id}`} bg="var(--mantine-color-gray-0)">
                <Table.Td fw={600}>
                  {a.name}
                  <Text size="xs" c="dimmed">
                    {a.audience_name ?? '—'} ·{' '}
                    {a.placements.map((p) => t(`campaigns.placements.${p}`)).join(', ')}
                  </Text>
                  {a.targeting.length > 0 && (
                    <Text size="xs" c="dimmed" data-testid="adset-targeting">
                      {a.targeting
                        .slice(0, TARGETING_SHOWN)
                        .map((criterion) => criterionName(criterion, language))
                        .join(', ')}
                      {a.targeting.length > TARGETING_SHOWN &&
                        ` ${t('campaigns.detail.moreCriteria', { count: a.targeting.length - TARGETING_SHOWN })}`}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <StatusBadge status={a.status} />
                </Table.Td>
                <Table.Td ta="right">{formatLargeNumber(a.impressions)}</Table.Td>
                <Table.Td ta="right">{formatMoney(a.spent, c.currency)}</Table.Td>
                <Table.Td />
              </Table.Tr>,
              ...(ads.data ?? [])
                .filter((ad) => ad.adset === a.id)
                .map((ad) => (
                  <Table.Tr key={`a${ad.id}`} data-testid="ad-row">
                    <Table.Td pl="xl">{ad.creative.name}</Table.Td>
                    <Table.Td>
                      <StatusBadge status={ad.status} />
                    </Table.Td>
                    <Table.Td ta="right">{formatLargeNumber(ad.impressions)}</Table.Td>
                    <Table.Td ta="right">{formatMoney(ad.spent, c.currency)}</Table.Td>
                    <Table.Td ta="right">
                      {ad.status !== 'Draft' && (
                        <AsyncButton
                          size="xs"
                          variant="default"
                          onClick={async () => {
                            try {
                              await toggle.mutateAsync(ad.id);
                            } catch (error) {
                              notify.error(errorText(error, t));
                            }
                          }}
                        >
                          {ad.status === 'Paused'
                            ? t('campaigns.actions.resume')
                            : t('campaigns.actions.pause')}
                        </AsyncButton>
                      )}
                    </Table.Td>
                  </Table.Tr>
                )),
            ])}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
