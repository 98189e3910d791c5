import type { LookalikeReasonView } from '@murmur/core/api';
import { formatPercent } from '@murmur/core/format';
import type { TFunction } from 'i18next';

const pct = (fraction: number) => formatPercent(fraction, { fromFraction: true });

/**
 * A reason as a sentence ("Follows @a, like 62% of the seed"; "Writes about #x, like 40% of the
 * seed"), and the population's share as the comparison ("3% of all accounts").
 */
export function reasonText(reason: LookalikeReasonView, t: TFunction): { text: string; comparison: string } {
  const values = { label: reason.label, seed: pct(reason.seed_share) };
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
