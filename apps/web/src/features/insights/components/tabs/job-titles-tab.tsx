import { Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { formatLargeNumber } from '../../../../lib/large-number';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ShareBars } from '@/components/charts/share-bars';
import { formatAffinity, formatShare } from '@/components/charts/format';
import { useValueLabels } from '@/features/insights/hooks/use-value-labels';
import type { InsightsReport, JobCategoryShare } from '@/features/insights/types';
import { EmptyPanel, Panel } from '../panel';
import { PanelGrid } from '../panel-grid';
import { SharePanel } from '../share-panel';

/** One category of the tree: a button that opens its titles (the first three start open). */
function CategoryNode({ category, initiallyOpen }: { category: JobCategoryShare; initiallyOpen: boolean }) {
  const labels = useValueLabels();
  const [open, setOpen] = useState(initiallyOpen);
  const label = labels.jobCategory(category);
  return (
    <li>
      <UnstyledButton
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        w="100%"
        py={4}
        style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
      >
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm" fw={600}>
            <span aria-hidden="true">{open ? '▾' : '▸'}</span> {label}
          </Text>
          <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
            {formatShare(category.share)} · {formatAffinity(category.affinity)}
          </Text>
        </Group>
      </UnstyledButton>
      {open && (
        <div style={{ paddingLeft: 18, paddingTop: 6, paddingBottom: 8 }}>
          {category.titles.length === 0 ? (
            <EmptyPanel />
          ) : (
            <ShareBars data={category.titles} caption={label} labelOf={labels.jobTitle} />
          )}
        </div>
      )}
    </li>
  );
}

/** SPEC §3's job-title tree: categories by members, each opening onto its titles. */
export function JobTitlesTab({ report }: { report: InsightsReport }) {
  const { t } = useTranslation();
  const labels = useValueLabels();
  const jobs = report.jobTitles;
  const categories = jobs?.categories ?? [];
  const copy = () =>
    categories
      .flatMap((c) => [
        `${labels.jobCategory(c)}\t${formatShare(c.share)}\t${formatAffinity(c.affinity)}`,
        ...c.titles.map(
          (title) =>
            `  ${labels.jobTitle(title)}\t${formatShare(title.share)}\t${formatAffinity(title.affinity)}`,
        ),
      ])
      .join('\n');
  return (
    <PanelGrid>
      <Panel title={t('insights.panels.jobTitles')} basis={jobs?.basis} copyText={copy}>
        {categories.length === 0 ? (
          <EmptyPanel />
        ) : (
          <Stack gap={4}>
            <Text size="sm" c="dimmed">
              {t('insights.withTitle', { value: formatLargeNumber(jobs?.withTitle ?? 0) })}
            </Text>
            <ul
              aria-label={t('insights.panels.jobTitles')}
              style={{ listStyle: 'none', padding: 0, margin: 0 }}
            >
              {categories.map((c, i) => (
                <CategoryNode key={c.key} category={c} initiallyOpen={i < 3} />
              ))}
            </ul>
          </Stack>
        )}
      </Panel>
      <SharePanel
        title={t('insights.panels.jobCategories')}
        shares={categories}
        basis={jobs?.basis}
        labelOf={labels.jobCategory}
      />
    </PanelGrid>
  );
}
