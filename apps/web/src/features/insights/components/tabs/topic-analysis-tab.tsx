import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyWordCloud } from '@/components/word-cloud';
import type { InsightsReport } from '@/features/insights/types';
import { sharesText } from '@/features/insights/utils/panel-text';
import { EmptyPanel, Panel } from '../panel';
import { DrawingLoader, PanelGrid } from '../panel-grid';
import { SharePanel } from '../share-panel';

/** Hashtags and terms of the members' posts. */
export function TopicAnalysisTab({ report }: { report: InsightsReport }) {
  const { t } = useTranslation();
  const topics = report.topicAnalysis;
  const terms = topics?.terms ?? [];
  return (
    <PanelGrid>
      <Panel
        title={t('insights.panels.termCloud')}
        wide
        basis={topics?.basis}
        copyText={() => sharesText(terms)}
      >
        {terms.length === 0 ? (
          <EmptyPanel />
        ) : (
          <Suspense fallback={<DrawingLoader label={t('insights.loadingDrawing')} />}>
            <LazyWordCloud words={terms} label={t('insights.panels.termCloud')} />
          </Suspense>
        )}
      </Panel>
      <SharePanel
        title={t('insights.panels.hashtags')}
        shares={topics?.hashtags}
        basis={topics?.basis}
        limit={20}
      />
      <SharePanel title={t('insights.panels.terms')} shares={terms} basis={topics?.basis} limit={20} />
      <SharePanel
        title={t('insights.panels.distinctiveTerms')}
        shares={topics?.distinctiveTerms}
        basis={topics?.basis}
        limit={20}
        wide
      />
    </PanelGrid>
  );
}
