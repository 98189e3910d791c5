import { Box, Skeleton, Stack } from '@mantine/core';
import { useState, useTransition, type ComponentType } from 'react';
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
  /** Each tab's content (the insights tabs; a journey of its own can pass others). */
  components?: Record<InsightsTab, ComponentType<{ report: InsightsReport }>>;
}

/**
 * The tabs of SPEC §2 over one report. A click selects its tab at once; the tab's content renders in
 * a transition, with a skeleton meanwhile, so that a heavy tab never freezes the page. A tab once
 * opened stays mounted (hidden while another shows): going back to it computes nothing again.
 */
export function InsightsView({
  report,
  tab,
  onTabChange,
  signedIn,
  components = TAB_COMPONENTS,
}: InsightsViewProps) {
  const { t } = useTranslation();
  const [rendering, startRendering] = useTransition();
  const [clicked, setClicked] = useState<InsightsTab | null>(null);
  const selected = rendering && clicked !== null ? clicked : tab;
  const [visited, setVisited] = useState<InsightsTab[]>([tab]);
  // A tab reached by the address (or the back button) joins the mounted ones too.
  if (!visited.includes(tab)) setVisited([...visited, tab]);

  const change = (next: InsightsTab) => {
    setClicked(next);
    startRendering(() => onTabChange(next));
  };

  return (
    <>
      <OverflowTabs
        label={t('insights.tabsLabel')}
        tabs={INSIGHTS_TABS.map((value) => ({ value, label: t(TAB_LABEL_KEYS[value]) }))}
        value={selected}
        onChange={(value) => change(value as InsightsTab)}
        tabWidth={110}
      />
      {visited.map((value) => {
        const Tab = components[value];
        return (
          <Box
            key={value}
            role="tabpanel"
            aria-label={t(TAB_LABEL_KEYS[value])}
            pt="md"
            tabIndex={0}
            hidden={value !== selected}
          >
            {signedIn || PUBLIC_TABS.has(value) ? <Tab report={report} /> : <SignInPrompt />}
          </Box>
        );
      })}
      {!visited.includes(selected) && (
        <Box
          role="tabpanel"
          aria-label={t(TAB_LABEL_KEYS[selected])}
          aria-busy="true"
          pt="md"
          data-testid="tab-skeleton"
        >
          <Stack gap="md">
            <Skeleton h={28} w="40%" />
            <Skeleton h={180} />
            <Skeleton h={180} />
          </Stack>
        </Box>
      )}
    </>
  );
}
