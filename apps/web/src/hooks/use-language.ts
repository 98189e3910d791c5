import { useTranslation } from 'react-i18next';
import { currentLanguage, type AppLanguage } from '../lib/i18n';

/** The interface language ('en' | 'ja'); re-renders when it changes. */
export const useLanguage = (): AppLanguage => {
  const { i18n } = useTranslation();
  return currentLanguage(i18n);
};
