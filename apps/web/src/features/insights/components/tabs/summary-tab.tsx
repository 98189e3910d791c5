import { Badge, List, SimpleGrid, Text } from '@mantine/core';
import { formatLargeNumber } from '../../../../lib/large-number';
import { useTranslation } from 'react-i18next';
import { formatAffinity, formatShare } from '@/components/charts/format';
import { FigureView, figureLabel, figureRange } from '@/components/figure';
import { useValueLabels } from '@/features/insights/hooks/use-value-labels';
import type { InsightsReport } from '@/features/insights/types';
import { accountsText } from '@/features/insights/utils/panel-text';
import { AccountList } from '../account-list';
import { EmptyPanel, Panel } from '../panel';
import { PanelGrid } from '../panel-grid';
import { SharePanel } from '../share-panel';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fz="xl" fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
    </div>
  );
}

/** Size and reach, top interests, influential and sample accounts. */
export function SummaryTab({ report }: { report: InsightsReport }) {
  const { t } = useTranslation();
  const labels = useValueLabels();
  const { estimate, summary, interests, influentialAccounts, sampleAccounts = [] } = report;
  // The size is the one figure the server computed (docs/decisions/006-sampling-model.md): its
  // label and 95 % interval are those of every other screen; the copied text carries both.
  const size = estimate.figure;
  const figures: [string, string][] = [
    [t('insights.summary.bucket'), summary?.sizeBucket ?? estimate.size_bucket],
    [t('insights.summary.sampleCount'), formatLargeNumber(summary?.sampleCount ?? estimate.sample_count)],
  ];
  if (summary !== undefined) {
    figures.push(
      [t('insights.summary.reach'), formatShare(summary.reach)],
      [t('insights.summary.verified'), formatShare(summary.verifiedShare)],
      [t('insights.summary.medianFollowers'), formatLargeNumber(summary.medianFollowers)],
      [t('insights.summary.posts'), formatLargeNumber(summary.posts)],
    );
  }
  const influential = influentialAccounts?.accounts.slice(0, 10) ?? [];
  return (
    <PanelGrid>
      <Panel
        title={t('insights.panels.keyFigures')}
        wide
        copyText={() =>
          [[figureLabel(size, t), formatLargeNumber(size.value), figureRange(size, t) ?? ''], ...figures]
            .map((f) => f.join('\t'))
            .join('\n')
        }
      >
        <SimpleGrid cols={{ base: 2, sm: 4, lg: 7 }} spacing="md">
          <div data-testid="insights-size">
            <FigureView figure={size} withLabel size="lg" />
          </div>
          {figures.map(([label, value]) => (
            <Figure key={label} label={label} value={value} />
          ))}
        </SimpleGrid>
        {estimate.unmatched.length > 0 && (
          <>
            <Text size="sm" mt="md" fw={600}>
              {t('insights.summary.unmatched')}
            </Text>
            <List size="sm">
              {estimate.unmatched.map((u) => (
                <List.Item key={`${u.criterion}:${u.label}`}>
                  <Badge size="xs" variant="light" mr={6}>
                    {u.criterion}
                  </Badge>
                  {u.label}
                </List.Item>
              ))}
            </List>
          </>
        )}
        {estimate.handles_truncated && (
          <Text size="sm" c="orange.9" mt="xs">
            {t('insights.summary.handlesTruncated')}
          </Text>
        )}
      </Panel>
      <SharePanel
        title={t('insights.panels.topInterests')}
        shares={interests?.distinctive.length ? interests.distinctive : interests?.interests}
        basis={interests?.basis}
        labelOf={labels.interest}
        limit={10}
      />
      <Panel
        title={t('insights.panels.influentialAccounts')}
        basis={influentialAccounts?.basis}
        copyText={() => accountsText(influential, (a) => formatShare(a.share))}
      >
        {influential.length === 0 ? (
          <EmptyPanel />
        ) : (
          <AccountList
            accounts={influential}
            label={t('insights.panels.influentialAccounts')}
            figure={(a) => (
              <>
                {formatShare(a.share)}
                <Text span size="xs" c="dimmed" display="block">
                  {formatAffinity(a.affinity)}
                </Text>
              </>
            )}
          />
        )}
      </Panel>
      <Panel
        title={t('insights.panels.sampleAccounts')}
        wide
        copyText={() => accountsText(sampleAccounts, (a) => a.bio)}
      >
        {sampleAccounts.length === 0 ? (
          <EmptyPanel />
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
            {sampleAccounts.map((a) => (
              <AccountList
                key={a.id || a.handle}
                accounts={[a]}
                label={`@${a.handle}`}
                detail={(s) => (
                  <>
                    <Text size="xs" lineClamp={2}>
                      {s.bio}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {[
                        labels.countryText(s.country),
                        s.language && labels.language({ key: s.language, label: s.language }),
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                      {' · '}
                      {t('insights.followers', { value: formatLargeNumber(s.followers) })}
                    </Text>
                  </>
                )}
              />
            ))}
          </SimpleGrid>
        )}
      </Panel>
    </PanelGrid>
  );
}
