import { Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { AudienceConfig } from '@murmur/core/api';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { QueryError } from '@/components/route-error';
import type { useAudienceConfigs } from '@/lib/api/get-audience-configs';
import { SORTABLE } from '../hooks/use-audience-list-params';
import classes from './my-audiences.module.css';

export interface AudienceListBodyProps {
  audiences: ReturnType<typeof useAudienceConfigs>;
  rows: AudienceConfig[];
  /** Whether a search or filter narrows the list (an empty list then is no "first audience" hint). */
  filtered: boolean;
  /** Where "Build" and "Browse the store" go; null hides them. */
  creatorTeam: string | null;
  columns: DataTableColumn<AudienceConfig>[];
  ordering: string;
  onSortChange: (ordering: string) => void;
}

/** My Audiences' list: skeleton while loading, the error, the first-audience hint, or the table. */
export function AudienceListBody({
  audiences,
  rows,
  filtered,
  creatorTeam,
  columns,
  ordering,
  onSortChange,
}: AudienceListBodyProps) {
  const { t } = useTranslation();
  if (audiences.isPending) {
    return (
      <Stack role="status" gap="xs" aria-label={t('common.loading')} aria-busy="true">
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
          onSortChange={onSortChange}
          manualSorting
          onShowMore={audiences.hasNextPage ? () => audiences.fetchNextPage() : undefined}
          loadingMore={audiences.isFetchingNextPage}
        />
      </div>
    </Paper>
  );
}
