import type { TFunction } from 'i18next';

/** The wizard's review line, each count with its own plural form ("1 ad set, 2 ads"). */
export const reviewSummary = (t: TFunction, adsets: number, ads: number): string =>
  t('paying.wizard.summary', {
    adsets: t('paying.wizard.adsets', { count: adsets }),
    ads: t('paying.wizard.ads', { count: ads }),
  });
