import { useEffect, useState } from 'react';
import { useLanguage } from '@/hooks/use-language';

// The saved audiences keep their country's English name ("Japan"); Japanese screens show 日本. The
// country table (about 6 kB gzip) loads with the list's data, not before the first paint of the list,
// and only in Japanese.
const loadNames = () => import('@/lib/locale-names');
type Names = Awaited<ReturnType<typeof loadNames>>;
let loaded: Names | undefined;

/** A country name or code in the interface language (the text as written until the names load). */
export function useCountryLabel(): (text: string) => string {
  const language = useLanguage();
  const [names, setNames] = useState(loaded);
  useEffect(() => {
    if (language === 'en' || names !== undefined) return;
    let live = true;
    loadNames().then(
      (module) => {
        loaded = module;
        if (live) setNames(module);
      },
      (error: unknown) => console.error(error),
    );
    return () => {
      live = false;
    };
  }, [language, names]);
  return (text) => (language === 'en' || names === undefined ? text : names.countryName(text, language));
}
