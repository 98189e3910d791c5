import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyWorldMap } from '@/components/world-map';
import { useValueLabels } from '@/features/insights/hooks/use-value-labels';
import type { InsightsReport } from '@/features/insights/types';
import { sharesText } from '@/features/insights/utils/panel-text';
import { EmptyPanel, Panel } from '../panel';
import { DrawingLoader, PanelGrid } from '../panel-grid';
import { SharePanel } from '../share-panel';

/** Gender, ages, languages, locations (map and regions), devices and network operators. */
export function DemographicsTab({ report }: { report: InsightsReport }) {
  const { t } = useTranslation();
  const labels = useValueLabels();
  const { demographics, ageGroups, locations, devices } = report;
  const countries = locations?.countries ?? demographics?.countries ?? [];
  return (
    <PanelGrid>
      <SharePanel
        title={t('insights.panels.gender')}
        shares={demographics?.gender}
        basis={demographics?.basis}
        labelOf={labels.gender}
      />
      <SharePanel
        title={t('insights.panels.ageBands')}
        shares={demographics?.ageBands}
        basis={demographics?.basis}
        labelOf={labels.age}
      />
      <SharePanel
        title={t('insights.panels.ageGroups')}
        shares={ageGroups?.bands}
        basis={ageGroups?.basis}
        labelOf={labels.age}
      />
      <SharePanel
        title={t('insights.panels.minimumAges')}
        shares={ageGroups?.over}
        basis={ageGroups?.basis}
        labelOf={labels.age}
      />
      <Panel
        title={t('insights.panels.map')}
        wide
        basis={locations?.basis}
        copyText={() => sharesText(countries, labels.country)}
      >
        {countries.length === 0 ? (
          <EmptyPanel />
        ) : (
          <Suspense fallback={<DrawingLoader label={t('insights.loadingDrawing')} />}>
            <LazyWorldMap
              shares={countries}
              label={t('insights.mapLabel', {
                countries: countries
                  .slice(0, 3)
                  .map((c) => labels.country(c))
                  .join(', '),
              })}
              nameOf={labels.countryName}
              legendLow={t('insights.mapLow')}
              legendHigh={t('insights.mapHigh')}
            />
          </Suspense>
        )}
      </Panel>
      <SharePanel
        title={t('insights.panels.countries')}
        shares={countries}
        basis={locations?.basis}
        labelOf={labels.country}
      />
      <SharePanel
        title={t('insights.panels.regions')}
        shares={locations?.regions ?? demographics?.regions}
        basis={locations?.basis}
        labelOf={labels.region}
        limit={20}
      />
      <SharePanel
        title={t('insights.panels.cities')}
        shares={locations?.cities}
        basis={locations?.basis}
        labelOf={labels.region}
      />
      <SharePanel
        title={t('insights.panels.languages')}
        shares={demographics?.languages}
        basis={demographics?.basis}
        labelOf={labels.language}
      />
      <SharePanel
        title={t('insights.panels.devices')}
        shares={devices?.devices}
        basis={devices?.basis}
        labelOf={labels.device}
      />
      <SharePanel
        title={t('insights.panels.operators')}
        shares={devices?.networkOperators}
        basis={devices?.basis}
      />
    </PanelGrid>
  );
}
