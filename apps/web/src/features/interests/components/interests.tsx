import { Button, Group, Paper, Select, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { FigureView } from '@/components/figure';
import { PageHeader, usePageTitle } from '@/components/page-title';
import { QueryError } from '@/components/route-error';
import { sortRows, type SortValue } from '@/components/sort-key';
import type { CatalogueEntry } from '@murmur/core/api';
import { useInterests } from '@/lib/api/get-interests';
import { useCatalogueNames, type CatalogueNames } from '@/lib/catalogue-names';
import { creatorPath, insightsPath } from '@/lib/insights-link';
import { usePagedFilters } from '@/lib/use-paged-filters';

export interface InterestsProps {
  teamSlug: string;
}

/** "Category/Subcategory" → "Subcategory" (the category has its own column). */
const subcategory = (label: string): string => label.split('/').slice(1).join('/') || label;

const PAGE = 50;

/** Sorted by what the screen shows: names in the interface language. */
const sortValues = (names: CatalogueNames): Record<string, (item: CatalogueEntry) => SortValue> => ({
  label: (item) => subcategory(names.name('interests', item.label)),
  category: (item) => (item.category ? names.name('interests', item.category) : item.category),
  size: (item) => item.size,
});

/** The interests catalogue with the size of each interest, and a way to build an audience from one. */
export function Interests({ teamSlug }: InterestsProps) {
  const { t } = useTranslation();
  usePageTitle(t('screens.interests'));
  const interests = useInterests();
  const { params, set, shown, showMore } = usePagedFilters(PAGE);
  const search = params.get('search') ?? '';
  const category = params.get('category');
  // The catalogue's names in the interface language (X publishes them in English; links keep English).
  const names = useCatalogueNames();
  const SORT_VALUES = useMemo(() => sortValues(names), [names]);
  const shownName = (item: CatalogueEntry) => subcategory(names.name('interests', item.label));

  const categories = useMemo(
    () =>
      [...new Set((interests.data ?? []).map((item) => item.category ?? ''))]
        .filter(Boolean)
        .map((value) => ({ value, label: names.name('interests', value) }))
        .sort((a, b) => a.label.localeCompare(b.label)),
    [interests.data, names],
  );
  const rows = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return (interests.data ?? []).filter(
      (item) =>
        (category === null || item.category === category) &&
        (needle === '' ||
          item.label.toLowerCase().includes(needle) ||
          names.name('interests', item.label).toLowerCase().includes(needle)),
    );
  }, [interests.data, search, category, names]);

  const [sort, setSort] = useState('-size');
  const pkgOf = (item: CatalogueEntry) => ({ interests: [{ label: item.label, id: item.value }] });
  const columns: DataTableColumn<CatalogueEntry>[] = [
    {
      key: 'label',
      header: t('interests.columns.interest'),
      sortValue: SORT_VALUES.label,
      render: (item) => (
        <Text size="sm" fw={500}>
          {shownName(item)}
        </Text>
      ),
    },
    {
      key: 'category',
      header: t('interests.columns.category'),
      sortValue: SORT_VALUES.category,
      render: (item) => (item.category ? names.name('interests', item.category) : ''),
    },
    {
      key: 'size',
      header: t('interests.columns.size'),
      align: 'right',
      sortValue: SORT_VALUES.size,
      // The header names the kind (an estimate); the cell carries its interval.
      render: (item) => <FigureView figure={item.size_figure} />,
    },
    {
      key: 'actions',
      header: t('audiences.columns.actions'),
      align: 'right',
      render: (item) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Button
            size="compact-xs"
            component={Link}
            to={creatorPath(teamSlug, pkgOf(item))}
            aria-label={t('interests.buildFrom', { label: shownName(item) })}
          >
            {t('interests.build')}
          </Button>
          <Button
            size="compact-xs"
            variant="default"
            component={Link}
            to={insightsPath(teamSlug, { package: pkgOf(item) })}
            aria-label={t('interests.insightsOf', { label: shownName(item) })}
          >
            {t('interests.insights')}
          </Button>
        </Group>
      ),
    },
  ];

  // Sorted over the whole catalogue, then shown 50 at a time.
  const sorted = useMemo(() => {
    return sortRows(rows, sort, (row, key) => SORT_VALUES[key]?.(row));
  }, [rows, sort, SORT_VALUES]);

  return (
    <Stack gap="lg">
      <PageHeader title={t('screens.interests')} intro={t('interests.intro')} />
      <Group gap="sm" align="flex-end">
        <TextInput
          type="search"
          label={t('interests.search')}
          placeholder={t('interests.searchPlaceholder')}
          value={search}
          onChange={(event) => set('search', event.currentTarget.value)}
          w={260}
        />
        <Select
          label={t('interests.columns.category')}
          placeholder={t('store.allCategories')}
          data={categories}
          value={category}
          onChange={(value) => set('category', value)}
          clearable
          searchable
          w={260}
        />
      </Group>
      {interests.isPending ? (
        <Stack role="status" gap="xs" aria-label={t('common.loading')} aria-busy="true">
          {Array.from({ length: 8 }, (_, index) => (
            <Skeleton key={index} h={32} />
          ))}
        </Stack>
      ) : interests.isError ? (
        <QueryError query={interests} />
      ) : (
        <Paper withBorder radius="md" p="xs">
          <DataTable
            caption={t('screens.interests')}
            columns={columns}
            rows={sorted.slice(0, shown)}
            rowKey={(item) => item.value}
            sort={sort}
            onSortChange={setSort}
            manualSorting
            onShowMore={rows.length > shown ? showMore : undefined}
          />
        </Paper>
      )}
    </Stack>
  );
}
