import { Anchor, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { formatDate, formatLargeNumber } from '@murmur/core/format';
import type { AudienceConfig } from '@murmur/core/api';
import { ANY_STATUS, AUDIENCE_STATUSES, type AudienceStatus } from '@murmur/core/targeting';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { FreshnessNote } from '@/components/freshness-note';
import { PageHeader, usePageTitle } from '@/components/page-title';
import { QueryError } from '@/components/route-error';
import { useLanguage } from '@/hooks/use-language';
import { useAudienceConfigs, type AudienceConfigFilters } from '@/lib/api/get-audience-configs';
import { insightsPath } from '@/lib/insights-link';
import classes from './my-audiences.module.css';
import { AudienceFilters, type AudienceFiltersValue, type Targetability } from './audience-filters';
import { AudienceRowActions } from './audience-row-actions';
import { useCountryLabel } from '../hooks/use-country-label';
import { loadCompareModal, loadDeleteModal } from './lazy-modals';
import { Optional } from '@/lib/deferred';
import { useMe } from '@/lib/api/get-me';
import { useUploadedAudiences } from '../api/uploaded-audiences';
import { useApplyAudience } from '../api/apply-audience';
import { useExtension } from '@/lib/extension';

// The dialogs load on demand (see lazy-modals.ts); once loaded they stay mounted, so that they close
// with their transition like any other dialog.
const CompareModal = lazy(() => loadCompareModal().then((module) => ({ default: module.CompareModal })));
const DeleteAudienceModal = lazy(() =>
  loadDeleteModal().then((module) => ({ default: module.DeleteAudienceModal })),
);
const UploadAudienceModal = lazy(() =>
  import('./upload-audience-modal').then((module) => ({ default: module.UploadAudienceModal })),
);

export interface MyAudiencesProps {
  /** The team whose audiences are listed; null for the standalone, personal list. */
  teamSlug: string | null;
  /** Where "Open insights" and "Build" go on the personal list (the user's recent or first team). */
  fallbackTeam: string | null;
}

/** Columns the server can order by (docs/API-AUDIENCES.md `ordering`). */
const SORTABLE = new Set(['name', 'size', 'modified', 'created']);
type Ordering = NonNullable<AudienceConfigFilters['ordering']>;
const DEFAULT_ORDERING: Ordering = '-modified';
const isOrdering = (value: string | null): value is Ordering =>
  value !== null && SORTABLE.has(value.replace(/^-/, ''));

const isStatus = (value: string | null): value is AudienceStatus =>
  value !== null && (AUDIENCE_STATUSES as readonly string[]).includes(value);

/** My Audiences (SPEC §2, §3 display fields): saved audiences with filters, sorting and actions. */
export function MyAudiences({ teamSlug, fallbackTeam }: MyAudiencesProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const countryLabel = useCountryLabel();
  usePageTitle(t('screens.audiences'));
  // Filters and sorting live in the address, so Back and reloads keep them.
  const [params, setParams] = useSearchParams();
  const filters: AudienceFiltersValue = {
    search: params.get('search') ?? '',
    status: isStatus(params.get('status')) ? params.get('status')! : ANY_STATUS,
    targetable: (['true', 'false'].includes(params.get('targetable') ?? '')
      ? params.get('targetable')
      : 'all') as Targetability,
  };
  const requestedOrdering = params.get('ordering');
  const ordering = isOrdering(requestedOrdering) ? requestedOrdering : DEFAULT_ORDERING;
  const [search] = useDebouncedValue(filters.search.trim(), 300);
  const [comparing, setComparing] = useState<AudienceConfig | null>(null);
  const [deleting, setDeleting] = useState<AudienceConfig | null>(null);
  const [uploading, setUploading] = useState<AudienceConfig | null>(null);
  // Uploads to X of this team's audiences: status, targetable on X and the ad account (SPEC §3).
  const uploads = useUploadedAudiences(teamSlug);
  const me = useMe();
  const extension = useExtension();
  const apply = useApplyAudience(teamSlug);
  const admin = me.data?.memberships.some((m) => m.team.slug === teamSlug && m.level === 'admin') === true;
  const [used, setUsed] = useState({ compare: false, delete: false });
  const openCompare = (audience: AudienceConfig) => {
    setUsed((current) => ({ ...current, compare: true }));
    setComparing(audience);
  };
  const openDelete = (audience: AudienceConfig) => {
    setUsed((current) => ({ ...current, delete: true }));
    setDeleting(audience);
  };

  const query: AudienceConfigFilters = {
    team: teamSlug ?? undefined,
    search: search || undefined,
    status: isStatus(filters.status) ? filters.status : undefined,
    targetable: filters.targetable === 'all' ? undefined : filters.targetable === 'true' ? 'true' : 'false',
    ordering,
  };
  const audiences = useAudienceConfigs(query);
  const rows = useMemo(() => audiences.data?.pages.flatMap((page) => page.results) ?? [], [audiences.data]);
  const filtered = search !== '' || filters.status !== ANY_STATUS || filters.targetable !== 'all';
  const linkTeam = (audience: AudienceConfig) => audience.team?.slug ?? teamSlug ?? fallbackTeam;
  const creatorTeam = teamSlug ?? fallbackTeam;

  const update = (next: Partial<Record<'search' | 'status' | 'targetable' | 'ordering', string>>) =>
    setParams(
      (current) => {
        for (const [key, value] of Object.entries(next)) {
          const isDefault =
            value === '' ||
            (key === 'status' && value === ANY_STATUS) ||
            (key === 'targetable' && value === 'all') ||
            (key === 'ordering' && value === DEFAULT_ORDERING);
          if (isDefault) current.delete(key);
          else current.set(key, value);
        }
        return current;
      },
      { replace: true },
    );

  const dash = '—';
  const columns: DataTableColumn<AudienceConfig>[] = [
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
          onCompare={openCompare}
          onDelete={openDelete}
          onUpload={teamSlug === null ? undefined : setUploading}
          onApply={(audience) => void apply(audience)}
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
      header: t('audiences.columns.size'),
      align: 'right',
      sortValue: (row) => row.size,
      render: (row) => formatLargeNumber(row.size),
    },
    {
      key: 'core_audience',
      header: t('audiences.columns.coreAudience'),
      align: 'right',
      render: (row) => formatLargeNumber(row.core_audience),
    },
    {
      key: 'total_native',
      header: t('audiences.columns.totalNative'),
      align: 'right',
      render: (row) => formatLargeNumber(row.total_native),
    },
    {
      key: 'pro_targeting_size',
      header: t('audiences.columns.proTargetingSize'),
      align: 'right',
      render: (row) => formatLargeNumber(row.pro_targeting_size),
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
      // SPEC §3 ad account, with each upload's state on X and whether X can target it yet.
      key: 'ad_account',
      header: t('audiences.columns.adAccount'),
      render: (row) => {
        const mine = (uploads.data ?? []).filter((u) => u.audience_config === row.id);
        if (mine.length === 0) return dash;
        return (
          <Stack gap={6}>
            {mine.map((u) => (
              <div key={u.id}>
                <Text size="sm" className={classes.wrap}>
                  {u.ad_account.name}
                </Text>
                <Stack gap={0} data-testid="upload-state">
                  <Text
                    size="sm"
                    c={u.state === 'ready' ? 'teal.9' : u.state === 'failed' ? 'red.9' : 'orange.9'}
                  >
                    {t(`xAds.state.${u.state}`)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {u.targetable ? t('audiences.targetable') : t('audiences.notTargetable')}
                  </Text>
                </Stack>
              </div>
            ))}
          </Stack>
        );
      },
    },
  ];

  const body = () => {
    if (audiences.isPending) {
      return (
        <Stack gap="xs" aria-label={t('common.loading')} aria-busy="true">
          {Array.from({ length: 6 }, (_, index) => (
            <Skeleton key={index} h={36} />
          ))}
        </Stack>
      );
    }
    if (audiences.isError) {
      return <QueryError query={audiences} />;
    }
    if (rows.length === 0 && !filtered) {
      return (
        <Paper withBorder p="xl" radius="md" ta="center">
          <Stack gap="sm" align="center">
            <Title order={2} size="h4">
              {t('audiences.empty.title')}
            </Title>
            <Text c="dimmed" maw={460}>
              {t('audiences.empty.body')}
            </Text>
            {creatorTeam !== null && (
              <Group gap="sm">
                <Button component={Link} to={`/${creatorTeam}/creator`}>
                  {t('audiences.build')}
                </Button>
                <Button component={Link} to={`/${creatorTeam}/store`} variant="default">
                  {t('audiences.browseStore')}
                </Button>
              </Group>
            )}
          </Stack>
        </Paper>
      );
    }
    return (
      <Paper
        withBorder
        radius="md"
        p="xs"
        style={{ opacity: audiences.isPlaceholderData ? 0.6 : 1 }}
        aria-busy={audiences.isPlaceholderData}
      >
        <div className={classes.table}>
          <DataTable
            caption={t('screens.audiences')}
            columns={columns.map((column) =>
              SORTABLE.has(column.key) ? column : { ...column, sortValue: undefined },
            )}
            rows={rows}
            rowKey={(row) => row.id}
            sort={ordering}
            onSortChange={(sort) => update({ ordering: sort })}
            manualSorting
            onShowMore={audiences.hasNextPage ? () => audiences.fetchNextPage() : undefined}
            loadingMore={audiences.isFetchingNextPage}
          />
        </div>
      </Paper>
    );
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <PageHeader
          title={t('screens.audiences')}
          intro={
            <>
              {teamSlug === null ? t('audiences.introPersonal') : t('audiences.intro')}
              {audiences.data !== undefined &&
                ` · ${t('audiences.count', { n: audiences.data.pages[0]?.count ?? 0 })}`}
            </>
          }
        />
        {creatorTeam !== null && (
          <Group gap="sm">
            <Button component={Link} to={`/${creatorTeam}/store`} variant="default">
              {t('audiences.browseStore')}
            </Button>
            <Button component={Link} to={`/${creatorTeam}/creator`}>
              {t('audiences.build')}
            </Button>
          </Group>
        )}
      </Group>
      <FreshnessNote />
      <Text size="sm" c="dimmed" data-testid="extension-status">
        {extension.detected
          ? extension.account
            ? t('xAds.extension.account', { name: extension.account.name, id: extension.account.id })
            : t('xAds.extension.detected')
          : t('xAds.extension.notDetected')}
      </Text>
      <AudienceFilters
        value={filters}
        onChange={(next) => update({ search: next.search, status: next.status, targetable: next.targetable })}
      />
      {body()}
      <Optional>
        <Suspense fallback={null}>
          {used.compare && (
            <CompareModal audience={comparing} others={rows} onClose={() => setComparing(null)} />
          )}
          {used.delete && <DeleteAudienceModal audience={deleting} onClose={() => setDeleting(null)} />}
          {teamSlug !== null && uploading !== null && (
            <UploadAudienceModal
              audience={uploading}
              team={teamSlug}
              admin={admin}
              onClose={() => setUploading(null)}
            />
          )}
        </Suspense>
      </Optional>
    </Stack>
  );
}
