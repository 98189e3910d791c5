import { Box, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { criterionName, type Ad, type Adset, type Campaign } from '@murmur/core/api';
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

/** Below Mantine's `xs` breakpoint (a phone) the five columns do not fit: each row becomes a block. */
const PHONE = '(max-width: 36em)';

export interface AdsetsTableProps {
  campaign: Campaign;
}

/** An ad set's audience, placements and (shortened) targeting, under its name. */
function AdsetLines({ adset: a }: { adset: Adset }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <>
      <Text size="xs" c="dimmed">
        {a.audience_name ?? '—'} · {a.placements.map((p) => t(`campaigns.placements.${p}`)).join(', ')}
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
    </>
  );
}

/** Pause or resume one ad on X (none for a draft). */
function AdToggle({ ad }: { ad: Ad }) {
  const { t } = useTranslation();
  const toggle = useToggleAd();
  if (ad.status === 'Draft') return null;
  return (
    <AsyncButton
      size="xs"
      // Beside a long creative name on a phone the button keeps its width (it was squeezed to "Paus").
      style={{ flexShrink: 0 }}
      variant="default"
      onClick={async () => {
        try {
          await toggle.mutateAsync(ad.id);
        } catch (error) {
          notify.error(errorText(error, t));
        }
      }}
    >
      {ad.status === 'Paused' ? t('campaigns.actions.resume') : t('campaigns.actions.pause')}
    </AsyncButton>
  );
}

/** A row's status and delivery on a phone: each figure beside the name of its column. */
function PhoneFigures({ row, currency }: { row: Adset | Ad; currency: Campaign['currency'] }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="wrap">
      <StatusBadge status={row.status} />
      <Text size="xs">
        <Text span size="xs" c="dimmed">
          {t('campaigns.columns.impressions')}
        </Text>{' '}
        {formatLargeNumber(row.impressions)}
      </Text>
      <Text size="xs">
        <Text span size="xs" c="dimmed">
          {t('campaigns.columns.spent')}
        </Text>{' '}
        {formatMoney(row.spent, currency)}
      </Text>
    </Group>
  );
}

/**
 * On a phone: the same ad sets and ads as a list, each with its status, figures and toggle on lines of
 * their own, so nothing sits beyond the right edge of the screen (a table there scrolled sideways and
 * hid the ads' figures and their Pause).
 */
function PhoneList({ campaign: c, adsets, ads }: { campaign: Campaign; adsets: Adset[]; ads: Ad[] }) {
  const { t } = useTranslation();
  return (
    <Stack
      component="ul"
      gap="sm"
      m={0}
      p={0}
      style={{ listStyle: 'none' }}
      aria-label={t('campaigns.detail.adsetsAndAds')}
    >
      {adsets.map((a) => (
        <Box component="li" key={a.id} data-testid="adset-row">
          <Stack
            gap={4}
            p="xs"
            bg="var(--mantine-color-gray-0)"
            style={{ borderRadius: 'var(--mantine-radius-sm)' }}
          >
            <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {a.name}
            </Text>
            <AdsetLines adset={a} />
            <PhoneFigures row={a} currency={c.currency} />
          </Stack>
          <Stack component="ul" gap={0} m={0} p={0} pl="md" style={{ listStyle: 'none' }}>
            {ads
              .filter((ad) => ad.adset === a.id)
              .map((ad) => (
                <Box
                  component="li"
                  key={ad.id}
                  data-testid="ad-row"
                  py="xs"
                  style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
                >
                  <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                    <Stack gap={4} style={{ minWidth: 0 }}>
                      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                        {ad.creative.name}
                      </Text>
                      <PhoneFigures row={ad} currency={c.currency} />
                    </Stack>
                    <AdToggle ad={ad} />
                  </Group>
                </Box>
              ))}
          </Stack>
        </Box>
      ))}
    </Stack>
  );
}

/** A campaign's ad sets with their ads under them: status, delivery, and each ad's pause/resume on X. */
export function AdsetsTable({ campaign: c }: AdsetsTableProps) {
  const { t } = useTranslation();
  const phone = useMediaQuery(PHONE) ?? false;
  const adsets = useAdsets(c.id);
  const ads = useAds(c.id);
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="xs">
        {t('campaigns.detail.adsetsAndAds')}
      </Title>
      {phone ? (
        <PhoneList campaign={c} adsets={adsets.data ?? []} ads={ads.data ?? []} />
      ) : (
        // Between a phone and a laptop the table scrolls inside its card, never the page itself.
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
                    <AdsetLines adset={a} />
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
                        <AdToggle ad={ad} />
                      </Table.Td>
                    </Table.Tr>
                  )),
              ])}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
