import { Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** One column of a suite table: its header, how a row shows in it, numbers aligned right. */
export interface DtColumn<T> {
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  numeric?: boolean;
  width?: number;
  maxWidth?: number;
}

export interface DtTableProps<T> {
  rows: T[];
  rowKey: (row: T) => string;
  columns: DtColumn<T>[];
}

/** The suite's table shell (people, posts): "No results" when empty, scrolling on narrow screens. */
export function DtTable<T>({ rows, rowKey, columns }: DtTableProps<T>) {
  const { t } = useTranslation();
  if (rows.length === 0) return <Text c="dimmed">{t('deepThought.noResults')}</Text>;
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c.key} w={c.width} ta={c.numeric ? 'right' : undefined}>
                {c.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={rowKey(row)}>
              {columns.map((c) => (
                <Table.Td key={c.key} ta={c.numeric ? 'right' : undefined} maw={c.maxWidth}>
                  {c.cell(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
