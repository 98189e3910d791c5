import type { Campaign, Language } from '@murmur/core/api';
import type { TFunction } from 'i18next';

const HOUR_MS = 3_600_000;
/** X takes schedule times on the hour: a start is rounded up to the next hour (the publisher's xTime). */
const onTheHour = (ms: number) => Math.ceil(ms / HOUR_MS) * HOUR_MS;

/** The part of a campaign the expectation is read from. */
export type DeliveryCampaign = Pick<Campaign, 'status' | 'start' | 'modified'>;

/**
 * When a campaign without delivery can expect it, in words. X (and the sandbox, which models it:
 * apps/sandbox ads/delivery) serves a campaign from its start on the hour — from publishing when it
 * has none — hour by hour while it is active, and the figures here follow X's stats within minutes
 * (the on-demand sync). A published campaign without a start began serving when it was published,
 * its last change. Two hours on with nothing delivered, the usual reasons are named.
 */
export function deliveryExpectation(
  t: TFunction,
  campaign: DeliveryCampaign,
  language: Language,
  now: number,
): string {
  const at = (ms: number) =>
    new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(ms));
  const start = campaign.start ? onTheHour(Date.parse(campaign.start)) : null;
  switch (campaign.status) {
    case 'Draft':
      return start !== null && start > now
        ? t('campaigns.detail.expect.draftAt', { date: at(start) })
        : t('campaigns.detail.expect.draft');
    case 'Scheduled':
      return t('campaigns.detail.expect.scheduled', { date: at(start ?? now) });
    case 'Paused':
      return t('campaigns.detail.expect.paused');
    case 'Halted':
      return t('campaigns.detail.expect.halted');
    case 'Expired':
      return t('campaigns.detail.expect.expired');
    case 'Active': {
      const from = Math.max(start ?? 0, Date.parse(campaign.modified));
      if (start !== null && start > now) return t('campaigns.detail.expect.scheduled', { date: at(start) });
      // X serves by the hour: the first hour's impressions, then its figures within minutes.
      const by = from + HOUR_MS;
      return by + HOUR_MS < now
        ? t('campaigns.detail.expect.late', { date: at(from) })
        : t('campaigns.detail.expect.soon', { date: at(from), by: at(by) });
    }
  }
}
