import { Button, Center, Text, UnstyledButton } from '@mantine/core';
import { useUncontrolled } from '@mantine/hooks';
import { useMemo, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './data-table.module.css';
import { nextSortKey, parseSortKey, sortRows, type SortValue } from './sort-key';

export interface DataTableColumn<T> {
  key: string;
  header: string;
  render?: (row: T) => ReactNode;
  /** The value the column sorts by; a column without one is not sortable. */
  sortValue?: (row: T) => SortValue;
  align?: 'left' | 'right' | 'center';
  /** Keep the header and cells on one line (dates, badges, buttons): the table scrolls instead. */
  nowrap?: boolean;
}

export interface DataTableProps<T> {
  columns: DataTableColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  /** Accessible caption of the table. */
  caption: string;
  /** Controlled sort key ('name', '-joined'). */
  sort?: string;
  defaultSort?: string;
  onSortChange?: (sort: string) => void;
  /** The rows are already sorted (e.g. by the server): only report sort changes. */
  manualSorting?: boolean;
  /** SPEC §8: when given, a 'Show more results' button calls it. */
  onShowMore?: () => unknown;
  loadingMore?: boolean;
  emptyText?: string;
}

/** A cell without a renderer shows the row's field as text. */
const plainValue = (row: unknown, key: string): string => {
  const value = (row as Record<string, unknown>)[key];
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
};

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

const cellStyle = (column: Pick<DataTableColumn<unknown>, 'align' | 'nowrap'>): CSSProperties => ({
  textAlign: column.align ?? 'left',
  ...(column.nowrap === true && { whiteSpace: 'nowrap' }),
});

export function DataTable<T>({
  columns,
  rows,
  rowKey,
  caption,
  sort,
  defaultSort = '',
  onSortChange,
  manualSorting = false,
  onShowMore,
  loadingMore = false,
  emptyText,
}: DataTableProps<T>) {
  const { t } = useTranslation();
  const [currentSort, setSort] = useUncontrolled({
    value: sort,
    defaultValue: defaultSort,
    finalValue: '',
    onChange: onSortChange,
  });
  const parsed = parseSortKey(currentSort);

  const sorted = useMemo(() => {
    if (manualSorting) return rows;
    const byKey = new Map(columns.map((column) => [column.key, column.sortValue]));
    return sortRows(rows, currentSort, (row, key) => byKey.get(key)?.(row));
  }, [rows, columns, currentSort, manualSorting]);

  return (
    <>
      <div className={classes.scroll}>
        {/* On a phone (below 36em) each row is a block of "header: value" lines and the sortable headers
            a row of sort buttons above them: no table scrolls sideways or hides its right-hand columns. */}
        <table className={`${classes.table} ${classes.stack}`} aria-label={caption}>
          <thead>
            <tr>
              {columns.map((column) => {
                const active = parsed.key === column.key && currentSort !== '';
                const direction = parsed.descending ? 'desc' : 'asc';
                return (
                  <th
                    key={column.key}
                    style={cellStyle(column)}
                    aria-sort={active ? ARIA_SORT[direction] : undefined}
                  >
                    {column.sortValue === undefined ? (
                      column.header
                    ) : (
                      <UnstyledButton
                        fw={600}
                        fz="sm"
                        onClick={() => setSort(nextSortKey(currentSort, column.key))}
                      >
                        {column.header}
                        <span aria-hidden="true" style={{ opacity: active ? 1 : 0.35 }}>
                          {active ? (direction === 'desc' ? ' ▼' : ' ▲') : ' ↕'}
                        </span>
                      </UnstyledButton>
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {sorted.length === 0 ? (
              <tr>
                <td colSpan={columns.length}>
                  <Text c="dimmed" ta="center" py="md">
                    {emptyText ?? t('table.noResults')}
                  </Text>
                </td>
              </tr>
            ) : (
              sorted.map((row) => (
                <tr key={rowKey(row)}>
                  {columns.map((column) => (
                    <td key={column.key} style={cellStyle(column)} data-label={column.header}>
                      {column.render ? column.render(row) : plainValue(row, column.key)}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      {onShowMore !== undefined && (
        <Center mt="sm">
          <Button variant="light" loading={loadingMore} onClick={() => void onShowMore()}>
            {t('table.showMore')}
          </Button>
        </Center>
      )}
    </>
  );
}
