import { Pagination } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface PagePaginationProps {
  total: number;
  value: number;
  onChange: (page: number) => void;
}

/**
 * Mantine's pagination with names for its arrow buttons (axe button-name) and a named
 * navigation landmark around it.
 */
export function PagePagination({ total, value, onChange }: PagePaginationProps) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('table.pages')}>
      <Pagination
        total={total}
        value={value}
        onChange={onChange}
        getControlProps={(control) =>
          control === 'previous'
            ? { 'aria-label': t('table.previousPage') }
            : control === 'next'
              ? { 'aria-label': t('table.nextPage') }
              : {}
        }
      />
    </nav>
  );
}
