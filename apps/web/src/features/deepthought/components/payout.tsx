import { List, Paper, Stack, Text, Title } from '@mantine/core';
import type { DtPayout } from '@murmur/core/api';
import { formatLargeNumber } from '../../../lib/large-number';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useDtPayout } from '../api/get-payout-prediction';
import { uiLanguage } from './dt-frame';

const percent = (share: number) => Math.round(share * 1000) / 10;

/** The payout model's assumptions in the interface language, from the server's constants. */
function payoutAssumptions(m: DtPayout['parameters'], t: TFunction, language: string): string[] {
  return [
    t('deepThought.payout.assumption.share', { share: percent(m.verified_impression_share) }),
    t('deepThought.payout.assumption.rpm', { rpm: m.rpm_usd.toFixed(2) }),
    t('deepThought.payout.assumption.bonus', {
      bonus: percent(m.engagement_bonus_per_point),
      max: percent(m.max_engagement_bonus),
    }),
    t('deepThought.payout.assumption.eligible', {
      impressions: m.min_impressions_30d.toLocaleString(uiLanguage(language)),
      verified: m.min_verified_followers.toLocaleString(uiLanguage(language)),
    }),
    t('deepThought.payout.assumption.range', { band: percent(m.band) }),
  ];
}

export function Payout() {
  const { t, i18n } = useTranslation();
  const payout = useDtPayout();
  if (!payout.data) return null;
  const p = payout.data;
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('deepThought.payout.title')}
        </Title>
        <Text size="xl" fw={700}>
          ${p.predicted_usd.toFixed(2)}{' '}
          <Text span size="sm" c="dimmed">
            (${p.low_usd.toFixed(2)} – ${p.high_usd.toFixed(2)})
          </Text>
        </Text>
        <Text size="sm">
          {t('deepThought.payout.basis', {
            impressions: formatLargeNumber(p.impressions_30d),
            rate: (p.engagement_rate * 100).toFixed(2),
            posts: p.posts,
          })}
        </Text>
        {!p.eligible && (
          <Text size="sm" c="orange.9">
            {t('deepThought.payout.notEligible')}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {t('deepThought.payout.model')}: {t('deepThought.payout.modelText')}
        </Text>
        <List size="xs" c="dimmed">
          {payoutAssumptions(p.parameters, t, i18n.language).map((a) => (
            <List.Item key={a}>{a}</List.Item>
          ))}
        </List>
      </Stack>
    </Paper>
  );
}
