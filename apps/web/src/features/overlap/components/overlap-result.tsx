import { Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { OverlapResult } from '@murmur/core/api';
import { formatPercent } from '@murmur/core/format';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { FigureView } from '@/components/figure';
import { exportPdf } from '@/lib/export-pdf';
import { exportPng } from '@/lib/export-png';
import { notify } from '@/lib/notifications';
import { OverlapHeatmap } from './overlap-heatmap';
import { ReachPlanner } from './reach-planner';
import { UpsetChart } from './upset-chart';

export interface OverlapResultViewProps {
  result: OverlapResult;
  names: readonly string[];
  team: string | null;
}

const pct = (fraction: number) => formatPercent(fraction, { fromFraction: true });

/** The overlap job's result: union, pairwise heatmap, UpSet combinations, unique shares, reach planner. */
export function OverlapResultView({ result, names, team }: OverlapResultViewProps) {
  const { t } = useTranslation();
  const chart = useRef<HTMLDivElement>(null);
  const save = async (as: 'png' | 'pdf') => {
    if (!chart.current) return;
    try {
      const source = { name: t('overlap.chartFile'), node: chart.current };
      await (as === 'png' ? exportPng(source) : exportPdf(source));
    } catch {
      notify.error(t('insights.exportFailed'));
    }
  };
  return (
    <Stack gap="lg">
      <Group gap="xs">
        <Text fw={600}>{t('overlap.union')}</Text>
        <FigureView figure={result.union} withLabel />
      </Group>
      <Paper withBorder p="md" ref={chart}>
        <Stack gap="md">
          <Group justify="space-between" wrap="wrap">
            <Title order={3}>{t('overlap.chartTitle')}</Title>
            <Group gap={4} data-export-ignore="">
              <Button size="xs" variant="default" onClick={() => void save('png')}>
                {t('overlap.exportPng')}
              </Button>
              <Button size="xs" variant="default" onClick={() => void save('pdf')}>
                {t('overlap.exportPdf')}
              </Button>
            </Group>
          </Group>
          <Text size="sm" c="dimmed">
            {t('overlap.estimateNote')}
          </Text>
          <Title order={4}>{t('overlap.pairs')}</Title>
          <OverlapHeatmap result={result} names={names} />
          <Title order={4}>{t('overlap.combinations')}</Title>
          <UpsetChart result={result} names={names} />
        </Stack>
      </Paper>
      <Stack gap="xs">
        <Title order={3}>{t('overlap.uniqueTitle')}</Title>
        <Table striped aria-label={t('overlap.uniqueTitle')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('overlap.audience')}</Table.Th>
              <Table.Th>{t('overlap.size')}</Table.Th>
              <Table.Th>{t('overlap.unique')}</Table.Th>
              <Table.Th ta="right">{t('overlap.uniqueShare')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {result.audiences.map((a, i) => (
              <Table.Tr key={i}>
                <Table.Td>
                  {i + 1}. {names[i]}
                </Table.Td>
                <Table.Td>
                  <FigureView figure={a.size} />
                </Table.Td>
                <Table.Td>
                  <FigureView figure={a.unique} />
                </Table.Td>
                <Table.Td ta="right">{pct(a.unique_share)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
      <Stack gap="xs">
        <Title order={3}>{t('overlap.plan.title')}</Title>
        <Text size="sm" c="dimmed">
          {t('overlap.plan.intro')}
        </Text>
        <ReachPlanner result={result} names={names} team={team} />
      </Stack>
    </Stack>
  );
}
