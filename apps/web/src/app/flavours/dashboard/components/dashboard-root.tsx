import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { ProductNameContext } from '@/components/page-title';
import { ScrollOnNavigate } from '@/hooks/use-scroll-on-navigate';
import { useMe } from '@/lib/api/get-me';
import { useTeamByHost } from '@/lib/api/get-team-by-host';
import { applyLanguage } from '@/lib/i18n';

/** SPEC §9: once signed in, the user's saved language wins over the browser's. */
function LanguageSync() {
  const me = useMe();
  const saved = me.data?.language;
  useEffect(() => {
    if (saved !== undefined) void applyLanguage(saved);
  }, [saved]);
  return null;
}

/**
 * SPEC §8: the dashboard asks which team its host belongs to (404 = none) once the user is known and
 * the answer can matter to them; signing in then opens that team for its members (features/auth
 * post-sign-in path).
 */
function HostTeam() {
  const me = useMe();
  useTeamByHost(window.location.host, me.data?.memberships);
  return null;
}

/** Root of the dashboard's routes: product name for titles, scrolling, language, the host's team. */
export function DashboardRoot() {
  return (
    <ProductNameContext.Provider value="Murmur">
      <ScrollOnNavigate />
      <LanguageSync />
      <HostTeam />
      <Outlet />
    </ProductNameContext.Provider>
  );
}
