import { Alert, Button, Group, Modal, Select, Stack, Table, Text } from '@mantine/core';
import { formatPercent } from '@murmur/core/format';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AudienceConfig, PerspectivesResult } from '@murmur/core/api';
import { FigureView } from '@/components/figure';
import { errorText } from '@/lib/error-text';
import { useTraitLabel } from '../utils/trait-label';
import { useCompareAudiences } from '../api/compare-audiences';
import { JobView } from '@/components/job-view';

export interface CompareModalProps {
  audience: AudienceConfig | null;
  /** The audiences it can be compared with. */
  others: readonly AudienceConfig[];
  onClose: () => void;
}

const pct = (fraction: number) => formatPercent(fraction, { fromFraction: true });

const DIMENSIONS = ['gender', 'age', 'languages', 'countries', 'interests'] as const;
const isDimension = (value: string): value is (typeof DIMENSIONS)[number] =>
  (DIMENSIONS as readonly string[]).includes(value);

function ComparisonView({ a, b, result }: { a: string; b: string; result: PerspectivesResult }) {
  const { t } = useTranslation();
  const traitLabel = useTraitLabel();
  return (
    <Stack gap="sm">
      <Table aria-label={t('audiences.compare.overlapTable')}>
        <Table.Tbody>
          <Table.Tr>
            <Table.Th>{a}</Table.Th>
            <Table.Td>
              <FigureView figure={result.figures.a} withLabel />
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>{b}</Table.Th>
            <Table.Td>
              <FigureView figure={result.figures.b} withLabel />
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>{t('audiences.compare.overlap')}</Table.Th>
            <Table.Td>
              <FigureView figure={result.figures.overlap} withLabel />
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>{t('audiences.compare.shareOf', { a, b })}</Table.Th>
            <Table.Td>{pct(result.shareOfAInB)}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>{t('audiences.compare.shareOf', { a: b, b: a })}</Table.Th>
            <Table.Td>{pct(result.shareOfBInA)}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>{t('audiences.compare.similarity')}</Table.Th>
            <Table.Td>{pct(result.jaccard)}</Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      <Text fw={600}>{t('audiences.compare.differences')}</Text>
      {result.differences.length === 0 ? (
        <Text c="dimmed">{t('table.noResults')}</Text>
      ) : (
        <Table striped aria-label={t('audiences.compare.differences')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('audiences.compare.trait')}</Table.Th>
              <Table.Th ta="right">{a}</Table.Th>
              <Table.Th ta="right">{b}</Table.Th>
              <Table.Th ta="right">{t('audiences.compare.difference')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {result.differences.slice(0, 12).map((row) => (
              <Table.Tr key={`${row.dimension}:${row.key}`}>
                <Table.Td>
                  {traitLabel(row)}{' '}
                  <Text span size="xs" c="dimmed">
                    (
                    {isDimension(row.dimension)
                      ? t(`audiences.compare.dimensions.${row.dimension}`)
                      : row.dimension}
                    )
                  </Text>
                </Table.Td>
                <Table.Td ta="right">{pct(row.shareA)}</Table.Td>
                <Table.Td ta="right">{pct(row.shareB)}</Table.Td>
                <Table.Td ta="right" c={row.difference >= 0 ? 'teal.9' : 'red.9'}>
                  {row.difference >= 0 ? '+' : ''}
                  {pct(row.difference)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

/** Compares two audiences: overlap and the traits that differ most (a perspectives job). */
export function CompareModal({ audience, others, onClose }: CompareModalProps) {
  const { t } = useTranslation();
  const [otherId, setOtherId] = useState<string | null>(null);
  const compare = useCompareAudiences();
  const other = others.find((candidate) => String(candidate.id) === otherId) ?? null;
  const close = () => {
    setOtherId(null);
    compare.reset();
    onClose();
  };
  return (
    <Modal opened={audience !== null} onClose={close} title={t('audiences.compare.title')} size="lg" centered>
      {audience !== null && (
        <Stack gap="md">
          <Group align="flex-end" gap="sm">
            <Select
              label={t('audiences.compare.with', { name: audience.name })}
              placeholder={t('audiences.compare.pick')}
              data={others
                .filter((candidate) => candidate.id !== audience.id)
                .map((candidate) => ({ value: String(candidate.id), label: candidate.name }))}
              value={otherId}
              onChange={(value) => {
                setOtherId(value);
                compare.reset();
              }}
              searchable
              nothingFoundMessage={t('table.noResults')}
              style={{ flex: 1 }}
            />
            <Button
              disabled={other === null}
              loading={compare.isPending}
              onClick={() =>
                other !== null &&
                compare.mutate({
                  a: { audience_config_id: audience.id },
                  b: { audience_config_id: other.id },
                })
              }
            >
              {t('audiences.compare.start')}
            </Button>
          </Group>
          {compare.isError && (
            <Alert color="red" role="alert">
              {errorText(compare.error, t)}
            </Alert>
          )}
          {compare.data !== undefined && other !== null && (
            <JobView
              job={compare.data}
              progressLabel={t('audiences.compare.progress')}
              running={(progress, stage) => t('audiences.compare.running', { progress, stage })}
            >
              {(result) => <ComparisonView a={audience.name} b={other.name} result={result} />}
            </JobView>
          )}
        </Stack>
      )}
    </Modal>
  );
}
