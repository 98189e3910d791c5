import {
  Anchor,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebounced } from '@/lib/debounce';
import { CAMPAIGN_OBJECTIVES, type Campaign, type CampaignObjective } from '@murmur/core/api';
import { formatDate, formatMoney } from '@murmur/core/format';
import { formatLargeNumber } from '../../../lib/large-number';
import { ANY_STATUS, AUDIENCE_STATUSES, type AudienceStatus } from '@murmur/core/targeting';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { PageHeader, usePageTitle } from '@/components/page-title';
import { QueryError } from '@/components/route-error';
import { useLanguage } from '@/hooks/use-language';
import { useCampaigns, type CampaignFilters } from '../api/get-campaigns';
import { StatusBadge } from './status-badge';

const isStatus = (v: string | null): v is AudienceStatus =>
  v !== null && (AUDIENCE_STATUSES as readonly string[]).includes(v);
const isObjective = (v: string | null): v is CampaignObjective =>
  v !== null && (CAMPAIGN_OBJECTIVES as readonly string[]).includes(v);

/** SPEC §2 Campaigns overview: a team's campaigns with filters (status with "Any status") and totals. */
export function CampaignsOverview({ teamSlug }: { teamSlug: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  usePageTitle(t('campaigns.title'));
  const [params, setParams] = useSearchParams();
  const searchText = params.get('search') ?? '';
  const status = isStatus(params.get('status')) ? (params.get('status') as AudienceStatus) : ANY_STATUS;
  const objective = isObjective(params.get('objective'))
    ? (params.get('objective') as CampaignObjective)
    : null;
  const [search] = useDebounced(searchText.trim());
  const filters: CampaignFilters = {
    team: teamSlug,
    ...(search && { search }),
    ...(status !== ANY_STATUS && { status }),
    ...(objective && { objective }),
  };
  const campaigns = useCampaigns(filters);
  const rows = useMemo(() => campaigns.data?.pages.flatMap((p) => p.results) ?? [], [campaigns.data]);
  const totals = campaigns.data?.pages[0]?.totals ?? [];
  const set = (key: string, value: string | null) =>
    setParams(
      (current) => {
        if (value === null || value === '' || value === ANY_STATUS) current.delete(key);
        else current.set(key, value);
        return current;
      },
      { replace: true },
    );

  const dash = '—';
  const columns: DataTableColumn<Campaign>[] = [
    {
      key: 'name',
      header: t('campaigns.columns.name'),
      render: (row) => (
        <Anchor component={Link} to={`/${teamSlug}/campaigns/${row.id}`} fw={500} size="sm">
          {row.name}
        </Anchor>
      ),
    },
    {
      key: 'status',
      header: t('campaigns.columns.status'),
      render: (row) => <StatusBadge status={row.status} />,
    },
    {
      key: 'objective',
      header: t('campaigns.columns.objective'),
      render: (row) => t(`campaigns.objectives.${row.objective}`),
    },
    {
      key: 'impressions',
      header: t('campaigns.columns.impressions'),
      align: 'right',
      render: (row) => formatLargeNumber(row.impressions),
    },
    {
      key: 'spent',
      header: t('campaigns.columns.spent'),
      align: 'right',
      render: (row) => formatMoney(row.spent, row.currency),
    },
    {
      key: 'lifetime_budget',
      header: t('campaigns.columns.lifetimeBudget'),
      align: 'right',
      render: (row) => (row.lifetime_budget === null ? dash : formatMoney(row.lifetime_budget, row.currency)),
    },
    {
      key: 'daily_budget',
      header: t('campaigns.columns.dailyBudget'),
      align: 'right',
      render: (row) => (row.daily_budget === null ? dash : formatMoney(row.daily_budget, row.currency)),
    },
    {
      key: 'start',
      header: t('campaigns.columns.start'),
      render: (row) => (row.start ? formatDate(row.start, language) : t('campaigns.schedule.onPublish')),
    },
    {
      key: 'end',
      header: t('campaigns.columns.end'),
      render: (row) => (row.end ? formatDate(row.end, language) : t('campaigns.schedule.noEnd')),
    },
    { key: 'date', header: t('campaigns.columns.date'), render: (row) => formatDate(row.date, language) },
  ];

  const body = () => {
    if (campaigns.isPending)
      return (
        <Stack role="status" gap="xs" aria-busy="true" aria-label={t('common.loading')}>
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} h={36} />
          ))}
        </Stack>
      );
    if (campaigns.isError) return <QueryError query={campaigns} />;
    return (
      <Paper withBorder radius="md" p="xs" style={{ opacity: campaigns.isPlaceholderData ? 0.6 : 1 }}>
        <DataTable
          caption={t('campaigns.title')}
          columns={columns}
          rows={rows}
          rowKey={(row) => row.id}
          manualSorting
          emptyText={t('table.noResults')}
          onShowMore={campaigns.hasNextPage ? () => campaigns.fetchNextPage() : undefined}
          loadingMore={campaigns.isFetchingNextPage}
        />
      </Paper>
    );
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <PageHeader title={t('campaigns.title')} intro={t('campaigns.intro')} />
        <Group gap="sm">
          <Button component={Link} to={`/${teamSlug}/creatives`} variant="default">
            {t('campaigns.creatives.title')}
          </Button>
          <Button component={Link} to={`/${teamSlug}/media`} variant="default">
            {t('campaigns.media.title')}
          </Button>
          <Button component={Link} to={`/${teamSlug}/campaigns/new`}>
            {t('campaigns.new')}
          </Button>
        </Group>
      </Group>
      <Group gap="sm" align="flex-end">
        <TextInput
          label={t('campaigns.filters.search')}
          value={searchText}
          onChange={(e) => set('search', e.currentTarget.value)}
          w={260}
        />
        <Select
          label={t('campaigns.filters.status')}
          data={([ANY_STATUS, ...AUDIENCE_STATUSES] as const).map((s) => ({
            value: s,
            label: t(`audiences.status.${s}`),
          }))}
          value={status}
          onChange={(v) => set('status', v)}
          allowDeselect={false}
          w={180}
        />
        <Select
          label={t('campaigns.filters.objective')}
          data={CAMPAIGN_OBJECTIVES.map((o) => ({ value: o, label: t(`campaigns.objectives.${o}`) }))}
          value={objective}
          onChange={(v) => set('objective', v)}
          placeholder={t('campaigns.filters.anyObjective')}
          clearable
          w={200}
        />
      </Group>
      {totals.length > 0 && (
        <SimpleGrid cols={{ base: 1, sm: 3 }} role="group" aria-label={t('campaigns.totals.title')}>
          {totals.map((total) => (
            <Paper key={total.currency} withBorder p="md" radius="md">
              <Title order={2} size="h5" mb={4}>
                {t('campaigns.totals.title')} · {total.currency}
              </Title>
              <Text size="sm">
                {t('campaigns.columns.impressions')}: <b>{formatLargeNumber(total.impressions)}</b>
              </Text>
              <Text size="sm">
                {t('campaigns.detail.engagements')}: <b>{formatLargeNumber(total.engagements)}</b>
              </Text>
              <Text size="sm">
                {t('campaigns.columns.spent')}: <b>{formatMoney(total.spent, total.currency)}</b>
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
      )}
      {body()}
    </Stack>
  );
}
