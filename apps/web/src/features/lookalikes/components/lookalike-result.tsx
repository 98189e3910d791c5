import { Badge, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { formatPercent } from '@murmur/core/format';
import type { LookalikeResult } from '@murmur/core/api';
import { useTranslation } from 'react-i18next';
import { FigureView } from '@/components/figure';
import { useLanguage } from '@/hooks/use-language';
import { reasonText } from '../utils/reason-text';

export interface LookalikeResultViewProps {
  result: LookalikeResult;
}

const pct = (fraction: number | null) =>
  fraction === null ? '—' : formatPercent(fraction, { fromFraction: true });

/** The built lookalike: sizes with their estimates and recall, the method, and the sampled accounts. */
export function LookalikeResultView({ result }: LookalikeResultViewProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const empty = result.sizes.every((s) => s.sample_count === 0);
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md">
        <Title order={2} size="h3" mb="xs">
          {t('lookalikes.sizes.title')}
        </Title>
        {empty ? (
          <Text>{t('lookalikes.empty')}</Text>
        ) : (
          // Four narrow columns fit a phone's 320 px without scrolling; the size stays on one line.
          <Table.ScrollContainer minWidth={300}>
            <Table horizontalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th style={{ whiteSpace: 'nowrap' }}>{t('lookalikes.sizes.size')}</Table.Th>
                  <Table.Th>{t('figures.estimate')}</Table.Th>
                  <Table.Th>{t('lookalikes.sizes.recall')}</Table.Th>
                  <Table.Th>{t('lookalikes.sizes.baseline')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {result.sizes.map((s) => (
                  <Table.Tr key={s.percent} data-testid={`lookalike-size-${s.percent}`}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {t('lookalikes.sizes.percent', { percent: s.percent })}
                    </Table.Td>
                    <Table.Td>
                      <FigureView figure={s.figure} />
                    </Table.Td>
                    <Table.Td fw={600}>{pct(s.recall)}</Table.Td>
                    <Table.Td>{pct(s.baseline_recall)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <Text size="sm" c="dimmed" mt="xs">
          {t('lookalikes.sizes.recallExplained', { heldOut: result.seed.held_out_in_population })}
        </Text>
      </Paper>

      <Paper withBorder radius="md" p="md">
        <Title order={2} size="h3" mb="xs">
          {t('lookalikes.method.title')}
        </Title>
        <Text size="sm">
          {t('lookalikes.method.text', { features: result.features_used, support: result.min_support })}
        </Text>
        {result.features.length > 0 && (
          <Group gap={6} mt="sm" role="group" aria-label={t('lookalikes.method.features')}>
            {result.features.map((f) => (
              <Badge key={`${f.kind}:${f.value}`} variant="light" tt="none">
                <bdi>{f.label}</bdi> ×{f.lift.toFixed(1)}
              </Badge>
            ))}
          </Group>
        )}
      </Paper>

      {result.samples.length > 0 && (
        <section aria-labelledby="lookalike-samples">
          <Title order={2} size="h3" mb="xs" id="lookalike-samples">
            {t('lookalikes.samples.title')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {result.samples.map((s) => (
              <Paper key={s.account.id} withBorder radius="md" p="sm" data-testid="lookalike-sample">
                <Group justify="space-between" wrap="nowrap">
                  <Text fw={600} truncate>
                    @{s.account.handle}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('lookalikes.samples.rank', { rank: s.rank })}
                  </Text>
                </Group>
                <Text size="sm" c="dimmed" truncate>
                  {s.account.name}
                </Text>
                <ul style={{ margin: '6px 0 0', paddingInlineStart: 18 }}>
                  {s.reasons.map((r) => {
                    const { text, comparison } = reasonText(r, t, language);
                    return (
                      <li key={`${r.kind}:${r.value}`}>
                        <Text size="sm" span>
                          {text}
                        </Text>{' '}
                        <Text size="xs" c="dimmed" span>
                          ({comparison})
                        </Text>
                      </li>
                    );
                  })}
                </ul>
              </Paper>
            ))}
          </SimpleGrid>
        </section>
      )}
    </Stack>
  );
}
