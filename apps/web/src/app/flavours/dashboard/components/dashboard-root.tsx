import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { ProductNameContext } from '../../../../components/page-title';
import { ScrollOnNavigate } from '../../../../hooks/use-scroll-on-navigate';
import { useMe } from '../../../../lib/api/get-me';
import { applyLanguage } from '../../../../lib/i18n';

/** SPEC §9: once signed in, the user's saved language wins over the browser's. */
function LanguageSync() {
  const me = useMe();
  const saved = me.data?.language;
  useEffect(() => {
    if (saved !== undefined) void applyLanguage(saved);
  }, [saved]);
  return null;
}

/** Root of the dashboard's routes: product name for titles, scrolling, language. */
export function DashboardRoot() {
  return (
    <ProductNameContext.Provider value="Murmur">
      <ScrollOnNavigate />
      <LanguageSync />
      <Outlet />
    </ProductNameContext.Provider>
  );
}
