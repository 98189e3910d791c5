import { Anchor, Stack, Text } from '@mantine/core';
import { formatDate, formatRelativeTime } from '@murmur/core/format';
import type { AudienceConfig, UploadedAudience } from '@murmur/core/api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DataTableColumn } from '@/components/data-table';
import { FigureView } from '@/components/figure';
import { useLanguage } from '@/hooks/use-language';
import { insightsPath } from '@/lib/insights-link';
import { useCountryLabel } from '../hooks/use-country-label';
import { AudienceRowActions } from './audience-row-actions';
import classes from './my-audiences.module.css';

const dash = '—';

// SPEC §9 agreement terms: an audience upload may take up to one day to process.
const UPLOAD_EXPECTED_MS = 24 * 60 * 60 * 1000;

/** When a processing upload should be ready, or that it is late. */
function ProcessingExpectation({ created }: { created: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [now] = useState(() => Date.now());
  const due = Date.parse(created) + UPLOAD_EXPECTED_MS;
  if (!Number.isFinite(due)) return null;
  return (
    <Text size="xs" c="dimmed" data-testid="upload-expected">
      {due > now
        ? t('paying.upload.expected', { when: formatRelativeTime(due, { locale: language }) })
        : t('paying.upload.late')}
    </Text>
  );
}

/** SPEC §3 ad account, with each upload's state on X and whether X can target it yet. */
export function UploadStates({ uploads }: { uploads: UploadedAudience[] }) {
  const { t } = useTranslation();
  if (uploads.length === 0) return dash;
  return (
    <Stack gap={6}>
      {uploads.map((u) => (
        <div key={u.id}>
          <Text size="sm" className={classes.wrap}>
            {u.ad_account.name}
          </Text>
          <Stack gap={0} data-testid="upload-state">
            <Text size="sm" c={u.state === 'ready' ? 'teal.9' : u.state === 'failed' ? 'red.9' : 'orange.9'}>
              {t(`xAds.state.${u.state}`)}
            </Text>
            {u.state === 'processing' && <ProcessingExpectation created={u.created} />}
            <Text size="xs" c="dimmed">
              {/* X's own verdict on the upload, named as X's so it never reads against Murmur's "Targetable". */}
              {u.targetable ? t('audiences.onX.targetable') : t('audiences.onX.notTargetable')}
            </Text>
          </Stack>
        </div>
      ))}
    </Stack>
  );
}

export interface AudienceColumnsOptions {
  /** The team whose audiences are listed; null for the personal list. */
  teamSlug: string | null;
  /** The team a row's links go to. */
  linkTeam: (audience: AudienceConfig) => string | null;
  onCompare: (audience: AudienceConfig) => void;
  onDelete: (audience: AudienceConfig) => void;
  /**
   * Whether the viewer may delete a row (its creator or a team admin: docs/API.md "Who may delete
   * what"); no Delete otherwise.
   */
  mayDelete: (audience: AudienceConfig) => boolean;
  onUpload: (audience: AudienceConfig) => void;
  onApply: (audience: AudienceConfig) => void;
  onUsageLinks: (audience: AudienceConfig) => void;
  /** This team's uploads to X (SPEC §3). */
  uploads: UploadedAudience[];
}

/** My Audiences' columns (SPEC §3 display fields); the picker chooses which show. */
export function useAudienceColumns({
  teamSlug,
  linkTeam,
  onCompare,
  onDelete,
  mayDelete,
  onUpload,
  onApply,
  onUsageLinks,
  uploads,
}: AudienceColumnsOptions): DataTableColumn<AudienceConfig>[] {
  const { t } = useTranslation();
  const language = useLanguage();
  const countryLabel = useCountryLabel();
  return [
    {
      key: 'name',
      header: t('audiences.columns.name'),
      sortValue: (row) => row.name,
      render: (row) => {
        const slug = linkTeam(row);
        return slug === null ? (
          <Text fw={500} size="sm" className={classes.wrap}>
            {row.name}
          </Text>
        ) : (
          <Anchor
            component={Link}
            to={insightsPath(slug, { config: row.id })}
            fw={500}
            size="sm"
            className={classes.wrap}
          >
            {row.name}
          </Anchor>
        );
      },
    },
    {
      key: 'actions',
      header: t('audiences.columns.actions'),
      align: 'center',
      render: (row) => (
        <AudienceRowActions
          audience={row}
          teamSlug={linkTeam(row)}
          onCompare={onCompare}
          onDelete={mayDelete(row) ? onDelete : undefined}
          onUpload={teamSlug === null ? undefined : onUpload}
          onApply={onApply}
          onUsageLinks={onUsageLinks}
        />
      ),
    },
    {
      key: 'category',
      header: t('audiences.columns.category'),
      render: (row) => row.category?.name ?? row.categories[0]?.name ?? dash,
    },
    {
      key: 'country',
      header: t('audiences.columns.country'),
      render: (row) => (row.country === null ? dash : countryLabel(row.country)),
    },
    {
      key: 'size',
      // One size, Murmur's estimate: the header names it so, the cell carries its interval.
      header: t('audiences.columns.size'),
      align: 'right',
      sortValue: (row) => row.size,
      render: (row) => <FigureView figure={row.size_figure} />,
    },
    {
      key: 'core_audience',
      // Core and as-applied sizes are estimates too (the picker defines them): each header says so.
      header: t('audiences.columns.coreAudience'),
      align: 'right',
      render: (row) => <FigureView figure={row.core_figure} />,
    },
    {
      key: 'pro_targeting_size',
      header: t('audiences.columns.proTargetingSize'),
      align: 'right',
      render: (row) => <FigureView figure={row.pro_targeting_figure} />,
    },
    {
      key: 'modified',
      header: t('audiences.columns.modified'),
      sortValue: (row) => row.modified,
      render: (row) => formatDate(row.modified, language),
    },
    {
      key: 'status',
      header: t('audiences.columns.status'),
      render: (row) => (
        <Text size="sm" c={row.status === 'Active' ? 'teal.9' : 'dimmed'} style={{ whiteSpace: 'nowrap' }}>
          {t(`audiences.status.${row.status}`)}
        </Text>
      ),
    },
    {
      key: 'has_insights',
      header: t('audiences.columns.hasInsights'),
      render: (row) => (row.has_insights ? t('audiences.yes') : t('audiences.no')),
    },
    {
      key: 'targetable',
      header: t('audiences.columns.targetable'),
      render: (row) => (
        // SPEC §3: Targetable or Not targetable.
        <Text size="sm" c={row.targetable ? 'teal.9' : 'orange.9'} style={{ whiteSpace: 'nowrap' }}>
          {row.targetable ? '● ' : '○ '}
          {row.targetable ? t('audiences.targetable') : t('audiences.notTargetable')}
        </Text>
      ),
    },
    {
      key: 'created_by',
      header: t('audiences.columns.createdBy'),
      render: (row) => (
        <Text size="sm" truncate="end" maw={84} title={row.created_by.email}>
          {row.created_by.name || row.created_by.email}
        </Text>
      ),
    },
    {
      key: 'ad_account',
      header: t('audiences.columns.adAccount'),
      render: (row) => <UploadStates uploads={uploads.filter((u) => u.audience_config === row.id)} />,
    },
  ];
}
