import { formatLargeNumber as formatIn } from '@murmur/core/format';
import { currentLanguage } from './i18n';

/**
 * SPEC §9's compact figures in the interface language: 1.2M on English screens, 120万 on Japanese
 * ones (@murmur/core/format). Screens re-render on a language change (useTranslation), so reading
 * the language here keeps every figure in step with the words around it.
 */
export const formatLargeNumber = (n: number): string => formatIn(n, currentLanguage());
