import { Box } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { OverflowTabs } from '@/components/overflow-tabs';
import type { InsightsReport } from '../types';
import { SignInPrompt } from './sign-in-prompt';
import {
  INSIGHTS_TABS,
  PUBLIC_TABS,
  TAB_COMPONENTS,
  TAB_LABEL_KEYS,
  type InsightsTab,
} from './tabs/insights-tab-list';

export interface InsightsViewProps {
  report: InsightsReport;
  tab: InsightsTab;
  onTabChange: (tab: InsightsTab) => void;
  signedIn: boolean;
}

/** The tabs of SPEC §2 over one report; only the open tab is rendered (its drawings load with it). */
export function InsightsView({ report, tab, onTabChange, signedIn }: InsightsViewProps) {
  const { t } = useTranslation();
  const Tab = TAB_COMPONENTS[tab];
  const label = t(TAB_LABEL_KEYS[tab]);
  return (
    <>
      <OverflowTabs
        label={t('insights.tabsLabel')}
        tabs={INSIGHTS_TABS.map((value) => ({ value, label: t(TAB_LABEL_KEYS[value]) }))}
        value={tab}
        onChange={(value) => onTabChange(value as InsightsTab)}
        tabWidth={110}
      />
      <Box role="tabpanel" aria-label={label} pt="md" tabIndex={0}>
        {signedIn || PUBLIC_TABS.has(tab) ? <Tab report={report} /> : <SignInPrompt />}
      </Box>
    </>
  );
}
