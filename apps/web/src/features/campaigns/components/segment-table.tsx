import { Paper, Table, Text, Title } from '@mantine/core';
import { segmentName, type SegmentKind, type Segmentations } from '@murmur/core/api';
import { formatPercent } from '@murmur/core/format';
import { formatLargeNumber } from '../../../lib/large-number';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/hooks/use-language';

export interface SegmentTableProps {
  kind: SegmentKind;
  title: string;
  rows: Segmentations['country'];
  total: number;
}

/** One segmentation (country, age, gender or interest): its top segments by impressions and share. */
export function SegmentTable({ kind, title, rows, total }: SegmentTableProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={3} size="h5" mb="xs">
        {title}
      </Title>
      {rows.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('table.noResults')}
        </Text>
      ) : (
        <Table striped aria-label={title}>
          <Table.Tbody>
            {rows.slice(0, 8).map((r) => (
              <Table.Tr key={r.key}>
                <Table.Td>{segmentName(kind, r, language)}</Table.Td>
                <Table.Td ta="right">{formatLargeNumber(r.impressions)}</Table.Td>
                <Table.Td ta="right">
                  {formatPercent(total > 0 ? r.impressions / total : 0, { fromFraction: true })}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}
