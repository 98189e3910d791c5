import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/hooks/use-language';
import { countryName } from '@/lib/locale-names';

const REGIONS = ['Global', 'Europe', 'Asia-Pacific', 'Latin America', 'Middle East and Africa'] as const;
const isRegion = (name: string): name is (typeof REGIONS)[number] =>
  (REGIONS as readonly string[]).includes(name);

/** An audience region's name (the API's English: "Japan", "Europe") in the interface language. */
export function useRegionName(): (name: string) => string {
  const { t } = useTranslation();
  const language = useLanguage();
  return (name) => {
    if (language === 'en') return name;
    return isRegion(name) ? t(`store.regionNames.${name}`) : countryName(name, language);
  };
}
