import { Alert, Group, Loader, Select, Stack, Table, Text } from '@mantine/core';
import type { AudienceChanges, AudiencePoint, ChangeItem } from '@murmur/core/api';
import { formatPercent } from '@murmur/core/format';
import { formatLargeNumber } from '../../../../lib/large-number';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/hooks/use-language';
import { errorText } from '@/lib/error-text';
import { useAudienceChanges } from '../../api/get-audience-history';
import { dayLabel } from './history-chart';
import { MembersChanged } from './members-changed';

const pct = (share: number) => formatPercent(share, { fromFraction: true });
/** A difference of shares in percentage points, signed. */
const points = (difference: number) =>
  `${difference > 0 ? '+' : difference < 0 ? '−' : ''}${formatPercent(Math.abs(difference) * 100)}`.replace(
    '%',
    ' pt',
  );

function ShareCell({ at }: { at: ChangeItem['from'] }) {
  const { t } = useTranslation();
  return (
    <Text size="sm" component="span">
      {at.at_most ? t('history.atMost', { share: pct(at.share) }) : pct(at.share)}{' '}
      <Text span size="xs" c="dimmed">
        ({pct(at.low)}–{pct(at.high)})
      </Text>
    </Text>
  );
}

/** A changed value as people read it: an account by its handle, a community by its leader's. */
function ValueLabel({ change }: { change: ChangeItem }) {
  const { t } = useTranslation();
  if (change.field === 'influential') return <>@{change.label}</>;
  if (change.field === 'community') return <>{t('history.communityAround', { handle: change.label })}</>;
  return <>{change.label}</>;
}

function SizeLine({ diff }: { diff: AudienceChanges }) {
  const { t } = useTranslation();
  const change =
    diff.size.change === null ? '—' : `${diff.size.change > 0 ? '+' : ''}${pct(diff.size.change)}`;
  return (
    <Text size="sm" data-testid="history-size-change">
      {t('history.sizeChange', {
        from: formatLargeNumber(diff.from.size.value),
        to: formatLargeNumber(diff.to.size.value),
        change,
      })}{' '}
      <Text span size="sm" fw={600} c={diff.size.significant ? undefined : 'dimmed'}>
        {diff.size.significant ? t('history.beyondNoise') : t('history.withinNoise')}
      </Text>
    </Text>
  );
}

/** Short columns keep their words whole (a phone's narrow table wrapped Japanese a character a line). */
const NOWRAP = { whiteSpace: 'nowrap' } as const;

function ChangesTable({ diff }: { diff: AudienceChanges }) {
  const { t } = useTranslation();
  const language = useLanguage();
  if (diff.moved.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('history.noChanges', { tested: diff.tested })}
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table striped data-testid="history-changes">
        <Table.Thead>
          <Table.Tr>
            <Table.Th style={NOWRAP}>{t('history.panel')}</Table.Th>
            <Table.Th>{t('history.value')}</Table.Th>
            <Table.Th style={NOWRAP}>{dayLabel(diff.from.day, language)}</Table.Th>
            <Table.Th style={NOWRAP}>{dayLabel(diff.to.day, language)}</Table.Th>
            <Table.Th style={NOWRAP}>{t('history.difference')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {diff.moved.map((c) => (
            <Table.Tr key={`${c.field}:${c.value}`}>
              <Table.Td style={NOWRAP}>{t(`history.fields.${c.field}`)}</Table.Td>
              <Table.Td>
                <ValueLabel change={c} />
              </Table.Td>
              <Table.Td>
                <ShareCell at={c.from} />
              </Table.Td>
              <Table.Td>
                <ShareCell at={c.to} />
              </Table.Td>
              <Table.Td>{points(c.difference)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** "What changed" between two of the audience's days: the size and the panel values that moved beyond noise. */
export function WhatChanged({ configId, points: days }: { configId: number; points: AudiencePoint[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const options = days.map((p) => ({ value: p.day, label: dayLabel(p.day, language) }));
  const [from, setFrom] = useState<string | null>(days[0]?.day ?? null);
  const [to, setTo] = useState<string | null>(days.at(-1)?.day ?? null);
  const changes = useAudienceChanges(configId, from, to);
  return (
    <Stack gap="sm">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label={t('history.from')}
          data={options}
          value={from}
          onChange={setFrom}
          allowDeselect={false}
          w={180}
        />
        <Select
          label={t('history.to')}
          data={options}
          value={to}
          onChange={setTo}
          allowDeselect={false}
          w={180}
        />
        {changes.isFetching && <Loader role="status" size="xs" aria-label={t('common.loading')} />}
      </Group>
      {from === to ? (
        <Text size="sm" c="dimmed">
          {t('history.sameDay')}
        </Text>
      ) : changes.error ? (
        <Alert color="red" role="alert">
          {errorText(changes.error, t)}
        </Alert>
      ) : changes.data ? (
        <Stack gap="xs">
          <SizeLine diff={changes.data} />
          <ChangesTable diff={changes.data} />
          <Text size="xs" c="dimmed">
            {t('history.method', { fdr: pct(changes.data.fdr) })}
          </Text>
        </Stack>
      ) : null}
      {from !== null && to !== null && from !== to && (
        <MembersChanged configId={configId} from={from} to={to} />
      )}
    </Stack>
  );
}
