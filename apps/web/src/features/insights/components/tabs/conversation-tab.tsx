import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyWordCloud } from '@/components/word-cloud';
import { useValueLabels } from '@/features/insights/hooks/use-value-labels';
import type { InsightsReport } from '@/features/insights/types';
import { sharesText } from '@/features/insights/utils/panel-text';
import { EmptyPanel, Panel } from '../panel';
import { DrawingLoader, PanelGrid } from '../panel-grid';
import { SharePanel } from '../share-panel';

/** Interests, conversation topics, movies/TV and words in bio. */
export function ConversationTab({ report }: { report: InsightsReport }) {
  const { t } = useTranslation();
  const labels = useValueLabels();
  const { interests, conversationTopics, bioWords } = report;
  const words = bioWords?.words ?? [];
  return (
    <PanelGrid>
      <SharePanel
        title={t('insights.panels.interests')}
        shares={interests?.interests}
        labelOf={labels.interest}
        basis={interests?.basis}
      />
      <SharePanel
        title={t('insights.panels.distinctiveInterests')}
        shares={interests?.distinctive}
        labelOf={labels.interest}
        basis={interests?.basis}
      />
      <SharePanel
        title={t('insights.panels.conversationTopics')}
        shares={conversationTopics?.topics}
        labelOf={labels.topic}
        basis={conversationTopics?.basis}
      />
      <SharePanel
        title={t('insights.panels.moviesTv')}
        shares={conversationTopics?.moviesTv}
        labelOf={labels.movie}
        basis={conversationTopics?.basis}
      />
      <Panel
        title={t('insights.panels.bioWords')}
        wide
        basis={bioWords?.basis}
        copyText={() => sharesText(words)}
      >
        {words.length === 0 ? (
          <EmptyPanel />
        ) : (
          <Suspense fallback={<DrawingLoader label={t('insights.loadingDrawing')} />}>
            <LazyWordCloud words={words} label={t('insights.panels.bioWords')} />
          </Suspense>
        )}
      </Panel>
      <SharePanel
        title={t('insights.panels.distinctiveBioWords')}
        shares={bioWords?.distinctive}
        basis={bioWords?.basis}
        wide
      />
    </PanelGrid>
  );
}
