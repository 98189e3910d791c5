import { Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { formatLargeNumber } from '@murmur/core/format';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ShareBars } from '../../../../components/charts/share-bars';
import { formatAffinity, formatShare } from '../../../../components/charts/format';
import type { InsightsReport, JobCategoryShare } from '../../types';
import { EmptyPanel, Panel } from '../panel';
import { PanelGrid } from '../panel-grid';
import { SharePanel } from '../share-panel';

// SPEC §3's job-title categories, translated; other categories show as the report names them.
const CATEGORY_KEYS = {
  business: 'insights.jobCategories.business',
  'decision-maker': 'insights.jobCategories.decisionMaker',
  financial: 'insights.jobCategories.financial',
  consulting: 'insights.jobCategories.consulting',
  'it-developer': 'insights.jobCategories.itDeveloper',
  service: 'insights.jobCategories.service',
  healthcare: 'insights.jobCategories.healthcare',
  farmer: 'insights.jobCategories.farmer',
  'it-tech': 'insights.jobCategories.itTech',
  education: 'insights.jobCategories.education',
  'alternative-medicine': 'insights.jobCategories.alternativeMedicine',
  science: 'insights.jobCategories.science',
  news: 'insights.jobCategories.news',
  artist: 'insights.jobCategories.artist',
  entertainment: 'insights.jobCategories.entertainment',
} as const;

export const jobCategoryLabel = (t: TFunction, label: string): string => {
  const slug = label.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  return Object.hasOwn(CATEGORY_KEYS, slug) ? t(CATEGORY_KEYS[slug as keyof typeof CATEGORY_KEYS]) : label;
};

/** One category of the tree: a button that opens its titles (the first three start open). */
function CategoryNode({ category, initiallyOpen }: { category: JobCategoryShare; initiallyOpen: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(initiallyOpen);
  const label = jobCategoryLabel(t, category.label);
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
            <ShareBars data={category.titles} caption={label} />
          )}
        </div>
      )}
    </li>
  );
}

/** SPEC §3's job-title tree: categories by members, each opening onto its titles. */
export function JobTitlesTab({ report }: { report: InsightsReport }) {
  const { t } = useTranslation();
  const jobs = report.jobTitles;
  const categories = jobs?.categories ?? [];
  const copy = () =>
    categories
      .flatMap((c) => [
        `${jobCategoryLabel(t, c.label)}\t${formatShare(c.share)}\t${formatAffinity(c.affinity)}`,
        ...c.titles.map(
          (title) => `  ${title.label}\t${formatShare(title.share)}\t${formatAffinity(title.affinity)}`,
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
        labelOf={(c) => jobCategoryLabel(t, c.label)}
      />
    </PanelGrid>
  );
}
