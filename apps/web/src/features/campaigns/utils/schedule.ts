import type { Language } from '@murmur/core/api';
import { formatDate } from '@murmur/core/format';
import type { TFunction } from 'i18next';

/**
 * A campaign's schedule in words: a missing start means it starts on publishing, a missing end
 * that it runs with no end date (instead of "— – —").
 */
export function scheduleText(
  t: TFunction,
  start: string | null,
  end: string | null,
  language: Language,
): string {
  const from = start ? formatDate(start, language) : null;
  const until = end ? formatDate(end, language) : null;
  if (from !== null && until !== null) return t('campaigns.schedule.both', { start: from, end: until });
  if (from !== null) return t('campaigns.schedule.startOnly', { start: from });
  if (until !== null) return t('campaigns.schedule.endOnly', { end: until });
  return t('campaigns.schedule.none');
}
