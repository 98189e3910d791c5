import type { LookalikeReasonView } from '@murmur/core/api';
import { formatPercent } from '@murmur/core/format';
import type { TFunction } from 'i18next';
import { catalogueNames } from '@/lib/catalogue-names';
import type { AppLanguage } from '@/lib/i18n';
import { countryName, languageName } from '@/lib/locale-names';

const pct = (fraction: number) => formatPercent(fraction, { fromFraction: true });

/**
 * What a reason names, in the interface language: catalogue entries (interests, conversation topics,
 * movies and TV), languages and countries by the names the rest of the screens give them; handles,
 * hashtags and words as they are written.
 */
export function reasonLabel(reason: LookalikeReasonView, language: AppLanguage): string {
  const names = catalogueNames(language);
  switch (reason.kind) {
    case 'interest':
      return names.name('interests', reason.label);
    case 'topic':
      return names.name('conversations', reason.label);
    case 'movie':
      return names.name('movies_and_tv_shows', reason.label);
    case 'language':
      return languageName(reason.value, reason.label, language);
    case 'country':
      return language === 'en' ? reason.label : countryName(reason.value, language);
    case 'follows':
      // Followed together: "@a and @b" (「@a、@b」) in the interface language.
      return new Intl.ListFormat(language, { type: 'conjunction' }).format([
        reason.label,
        ...reason.also.map((a) => a.label),
      ]);
    case 'hashtag':
    case 'post_word':
    case 'bio_word':
      return reason.label;
  }
}

/**
 * A reason as a sentence ("Follows @a and @b, like 62% of the seed"; "Writes about #x, like 40% of the
 * seed"), and the population's share as the comparison ("3% of all accounts").
 */
export function reasonText(
  reason: LookalikeReasonView,
  t: TFunction,
  language: AppLanguage,
): { text: string; comparison: string } {
  const values = { label: reasonLabel(reason, language), seed: pct(reason.seed_share) };
  const comparison = t('lookalikes.reasons.population', { population: pct(reason.population_share) });
  switch (reason.kind) {
    case 'follows':
      return { text: t('lookalikes.reasons.follows', values), comparison };
    case 'interest':
    case 'topic':
    case 'movie':
      return { text: t('lookalikes.reasons.interest', values), comparison };
    case 'hashtag':
    case 'post_word':
      return { text: t('lookalikes.reasons.writes', values), comparison };
    case 'bio_word':
      return { text: t('lookalikes.reasons.bio', values), comparison };
    case 'language':
      return { text: t('lookalikes.reasons.language', values), comparison };
    case 'country':
      return { text: t('lookalikes.reasons.country', values), comparison };
  }
}
