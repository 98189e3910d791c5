import { Group, Text, TextInput } from '@mantine/core';
import { useDebounced } from '@/lib/debounce';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PagePagination } from '@/components/page-pagination';

/**
 * A searched, paged Deep Thought table's state: the page, the search as typed and as asked (`query`,
 * 500 ms after typing stops). A new search goes back to the first page.
 */
export function useDtSearch() {
  const [page, setPage] = useState(1);
  const [typed, setTyped] = useState('');
  const [query] = useDebounced(typed);
  const onSearch = (value: string) => {
    setTyped(value);
    setPage(1);
  };
  return { page, setPage, typed, onSearch, query };
}

/**
 * The row above a Deep Thought table: the search field, the table's own filter or sort control
 * (`children`) and how many rows match.
 */
export function DtTableHeader({
  search,
  count,
  children,
}: {
  search: ReturnType<typeof useDtSearch>;
  count: number;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Group>
      <TextInput
        aria-label={t('deepThought.search')}
        placeholder={t('deepThought.search')}
        value={search.typed}
        onChange={(e) => search.onSearch(e.currentTarget.value)}
      />
      {children}
      <Text size="sm" c="dimmed">
        {t('deepThought.count', { n: count })}
      </Text>
    </Group>
  );
}

/** The pages below a searched Deep Thought table, when its rows take more than one. */
export function DtPagination({
  search,
  count,
  pageSize,
}: {
  search: ReturnType<typeof useDtSearch>;
  count: number;
  pageSize: number;
}) {
  if (count <= pageSize) return null;
  return <PagePagination total={Math.ceil(count / pageSize)} value={search.page} onChange={search.setPage} />;
}
