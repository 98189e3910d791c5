import { ScrollArea, Table, Tooltip } from '@mantine/core';
import type { OverlapResult } from '@murmur/core/api';
import { formatPercent } from '@murmur/core/format';
import { formatLargeNumber } from '../../../lib/large-number';
import { useTranslation } from 'react-i18next';

export interface OverlapHeatmapProps {
  result: OverlapResult;
  names: readonly string[];
}

const pct = (fraction: number) => formatPercent(fraction, { fromFraction: true });

/** Every pair's Jaccard as a shaded cell (darker: more alike), its shared members in the tooltip. */
export function OverlapHeatmap({ result, names }: OverlapHeatmapProps) {
  const { t } = useTranslation();
  const n = result.audiences.length;
  const pairOf = (a: number, b: number) =>
    result.pairs.find((p) => p.a === Math.min(a, b) && p.b === Math.max(a, b));
  return (
    <ScrollArea type="auto" offsetScrollbars>
      <Table withTableBorder withColumnBorders aria-label={t('overlap.heatmap')} style={{ width: 'auto' }}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th />
            {names.map((name, j) => (
              <Table.Th
                key={j}
                title={name}
                style={{ maxWidth: 96, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
              >
                {j + 1}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {names.map((name, i) => (
            <Table.Tr key={i}>
              <Table.Th style={{ whiteSpace: 'nowrap' }}>
                {i + 1}. {name}
              </Table.Th>
              {Array.from({ length: n }, (_, j) => {
                if (i === j) return <Table.Td key={j} bg="gray.1" />;
                const pair = pairOf(i, j)!;
                const tip = t('overlap.pairTip', {
                  a: name,
                  b: names[j],
                  count: formatLargeNumber(pair.overlap.value),
                  low: formatLargeNumber(pair.overlap.low),
                  high: formatLargeNumber(pair.overlap.high),
                  jaccard: pct(pair.jaccard),
                });
                return (
                  <Tooltip key={j} label={tip} withinPortal>
                    <Table.Td
                      aria-label={tip}
                      ta="center"
                      style={{
                        background: `rgba(34, 139, 230, ${Math.min(1, pair.jaccard * 1.5).toFixed(3)})`,
                        color: pair.jaccard > 0.4 ? 'white' : undefined,
                        fontSize: 12,
                      }}
                    >
                      {pct(pair.jaccard)}
                    </Table.Td>
                  </Tooltip>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
