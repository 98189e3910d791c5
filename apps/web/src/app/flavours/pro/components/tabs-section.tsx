import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { OverflowTabs } from '@/components/overflow-tabs';

/** SPEC §2: marketing pages show tabs. */
export const MARKETING_TABS = [
  { value: '/about', label: 'pro.nav.about' },
  { value: '/pro-targeting', label: 'pro.nav.proTargeting' },
  { value: '/pro-solutions', label: 'pro.nav.proSolutions' },
  { value: '/pro-community', label: 'pro.nav.proCommunity' },
  { value: '/marketing-materials', label: 'pro.nav.marketingMaterials' },
] as const;

export function TabsSection() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const active = pathname === '/materials' ? '/marketing-materials' : pathname.replace(/\/$/, '');
  return (
    <Stack gap="lg">
      <OverflowTabs
        label={t('pro.marketingTabs')}
        tabs={MARKETING_TABS.map((tab) => ({ value: tab.value, label: t(tab.label) }))}
        value={active}
        onChange={(value) => void navigate(value)}
      />
      <Outlet />
    </Stack>
  );
}
